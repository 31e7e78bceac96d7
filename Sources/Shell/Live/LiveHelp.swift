package import FeatureKit

/// What `help live` at the prompt, `reactor help live` and `reactor live --help` say about the
/// live views beside the usage: each view's words and keys, from the views themselves.
package enum LiveHelp {
  /// One paragraph a view: `live search [<the first query>]: summary`, then a line a group of
  /// keys, indented; then how Esc tells itself from a key that starts with ESC, which every view
  /// shares.
  package static func paragraphs(_ features: [LiveFeature]) -> [String] {
    features.enumerated().flatMap { index, feature -> [String] in
      let name = index == 0 ? "live [\(feature.name)]" : "live \(feature.name)"
      let words = feature.words.count.upperBound == 0 ? "" : " [\(feature.words.meaning)]"
      return ["\(name)\(words): \(feature.summary)"] + feature.keys.map { "  \($0.keys): \($0.action)" }
    } + [escapeDelay]
  }

  /// What `ESCDELAY` does, with its default.
  static var escapeDelay: String {
    let milliseconds = Int(LiveDriver.defaultEscapeDelay / .milliseconds(1))
    return "Esc is the key once ESCDELAY milliseconds (\(milliseconds)) pass with no byte after it; a key within "
      + "them is that key with Alt, and no Alt-key leaves the view."
  }
}
