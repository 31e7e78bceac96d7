/// Parses `250ms`, `2s`, `1.5s`, `1m`, `1h` (a bare number means seconds), up to one hour.
package enum DurationParser {
  package static func parse(_ text: String) -> Duration? {
    let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    var number = Substring(text)
    var scale = 1.0
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      number = text.dropLast(suffix.count)
      scale = factor
      break
    }
    guard let value = Double(number), value.isFinite, value >= 0, value * scale <= 3600 else { return nil }
    return .milliseconds(Int64((value * scale * 1000).rounded()))
  }
}
