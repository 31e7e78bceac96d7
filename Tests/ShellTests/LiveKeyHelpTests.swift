import FeatureKit
import FeatureList
import Foundation
import Shell
import Testing

// Each live view's keys as its help lists them (`reactor live --help`, `help live`, from
// `LiveView.keys`) and as man/reactor.1, LIVE VIEW, lists them: the same keys, so that neither
// says what the view no longer does (Ctrl-K killing the line, which moves up now) or leaves out
// what it does (Alt-keys, Tab with --multi, ? with --preview).

@Suite struct LiveKeyHelpTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("man/reactor.1")

  /// The key names in `text`, spelled one way: Control-X as Ctrl-X, Escape as Esc, roff's `\&`
  /// dropped.
  static func keyNames(_ text: String) -> Set<String> {
    let text = text.replacing("\\&", with: "").replacing("Control-", with: "Ctrl-").replacing("Escape", with: "Esc")
    let name =
      #/(?:Ctrl|Alt|Shift)-[A-Za-z]+|\b(?:Esc|Enter|Tab|Backspace|Delete|Left|Right|Up|Down|PgUp|PgDn|Home|End)\b|\?/#
    return Set(text.matches(of: name).map { String($0.output) })
  }

  /// The lines of the first key list (`.Bl` to `.El`) after the line that starts with `anchor`
  /// in LIVE VIEW.
  static func manList(after anchor: String) throws -> [String] {
    let lines = try String(contentsOf: page, encoding: .utf8).split(separator: "\n").map(String.init)
    let section = try #require(lines.firstIndex(of: ".Sh LIVE VIEW"))
    let start = try #require(lines[section...].firstIndex { $0.hasPrefix(anchor) })
    let list = try #require(lines[start...].firstIndex { $0.hasPrefix(".Bl ") })
    let end = try #require(lines[list...].firstIndex(of: ".El"))
    return Array(lines[(list + 1)..<end])
  }

  static let anchors = [
    "search": ".Ql reactor live Op", "signup": ".Ql reactor live signup", "feed": ".Ql reactor live feed",
  ]

  @Test(
    "each live view's help names the keys reactor.1 lists for it, and no others",
    arguments: ["search", "signup", "feed"])
  func helpAndManualAgree(view: String) throws {
    let feature = try #require(Features.all.compactMap(\.live).first { $0.name == view })
    let help = feature.keys.reduce(into: Set<String>()) { $0.formUnion(Self.keyNames($1.keys + " " + $1.action)) }
    let manual = Self.keyNames(try Self.manList(after: Self.anchors[view]!).joined(separator: "\n"))
    #expect(!manual.isEmpty)
    #expect(
      help.subtracting(manual).isEmpty,
      "\(view)'s help names keys reactor.1 does not: \(help.subtracting(manual).sorted())")
    #expect(
      manual.subtracting(help).isEmpty,
      "reactor.1 names keys \(view)'s help does not: \(manual.subtracting(help).sorted())")
  }

  @Test("no key is bound twice in a view's help", arguments: ["search", "signup", "feed"])
  func eachKeyOnce(view: String) throws {
    let feature = try #require(Features.all.compactMap(\.live).first { $0.name == view })
    var seen: [String: String] = [:]
    for line in feature.keys {
      for key in Self.keyNames(line.keys) {
        #expect(seen[key] == nil, "\(key) is under '\(seen[key] ?? "")' and '\(line.keys)'")
        seen[key] = line.keys
      }
    }
  }

  @Test("the help says what ESCDELAY does, with the default the driver uses")
  func escapeDelay() {
    let paragraphs = LiveHelp.paragraphs(Features.all.compactMap(\.live))
    #expect(paragraphs.last?.hasPrefix("Esc is the key once ESCDELAY milliseconds (100) pass") == true, "\(paragraphs)")
  }
}
