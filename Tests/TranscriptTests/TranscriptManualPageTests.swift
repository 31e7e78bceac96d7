import FeatureKit
import FeatureList
import Foundation
import Shell
import Testing

/// The manual page of the transcript format keeps up with the parser. (ManualPageTests, in
/// EndToEndTests, sees only the binary, which does not list the directives; this suite reads
/// the parser's own list.)
@Suite("man pages: the transcript format")
struct TranscriptManualPageTests {
  static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("man/reactor-transcript.5")

  @Test("reactor-transcript.5 documents every directive, the parser's and the features'")
  func directives() throws {
    let lines = try String(contentsOf: Self.page, encoding: .utf8).split(separator: "\n").map(String.init)
    let names =
      TranscriptParser.Directive.allCases.map(\.rawValue) + Features.all.settings.filter(\.isDirective).map(\.name)
    #expect(names.contains("engine") && names.contains("signup-latency"), "\(names)")
    for name in names {
      // An entry of the page's list of directives, such as `.It Ic %seed Ar n`.
      let entry = ".It Ic %" + name
      #expect(
        lines.contains { $0 == entry || $0.hasPrefix(entry + " ") },
        "man/reactor-transcript.5 does not document %\(name) (no '\(entry)' entry)")
    }
  }
}
