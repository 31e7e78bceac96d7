import Rendering
import Shell
import Testing

/// Long errors and notices on a terminal wrap between words at its width; anywhere else (a
/// pipe, a file, NDJSON) they stay one line each.
@Suite("long errors wrap between words on a terminal")
struct ErrorWidthTests {
  static let message =
    "why: expected a JSON Pointer such as /query or /repos/0/fullName for the search feature's state, "
    + "got 'repositories.first.fullName'; see 'state search' for the paths, and 'help why' for the mutation it names"

  private static func written(
    _ line: (Records) -> OutputLine, width: Int, mode: RenderOptions.Mode = .text, terminals: Set<OutputStream> = [.err]
  ) -> [OutputLine] {
    let options = RenderOptions(mode: mode, width: width)
    let memory = MemorySink()
    WrappingSink(base: memory, options: options, terminals: terminals).write([line(Records(options: options))])
    return memory.lines
  }

  @Test("every line fits, no word is cut, the rest is indented", arguments: [45, 100, 200])
  func wraps(width: Int) {
    let lines = Self.written({ $0.error(code: "usage", message: Self.message) }, width: width)
    for line in lines {
      #expect(line.stream == .err)
      #expect(TerminalText.width(line.text) <= width, "\(width): \(line.text)")
    }
    #expect(lines.count > 1, "\(width): \(lines.map(\.text))")
    #expect(lines.dropFirst().allSatisfy { $0.text.hasPrefix("  ") })
    let words = lines.map(\.text).joined(separator: " ").split(separator: " ")
    #expect(words == ("error: " + Self.message).split(separator: " "), "\(width)")
    #expect(lines[0].keptRecord?["code"] == .string("usage"), "the first line keeps the record for the exit status")
  }

  @Test("a notice on standard output wraps too, under its own margin")
  func notices() {
    let lines = Self.written({ $0.info("  " + Self.message) }, width: 45, terminals: [.out])
    #expect(lines.count > 2 && lines.allSatisfy { TerminalText.width($0.text) <= 45 })
    #expect(lines.dropFirst().allSatisfy { $0.text.hasPrefix("    ") }, "\(lines.map(\.text))")
  }

  @Test("not on a pipe, not in NDJSON, not a word wider than the terminal")
  func untouched() {
    let error = { (records: Records) in records.error(code: "usage", message: Self.message) }
    #expect(Self.written(error, width: 45, terminals: [.out]).count == 1, "standard error is not a terminal")
    #expect(Self.written(error, width: 45, mode: .json).count == 1)
    let url = "https://github.com/" + String(repeating: "a", count: 60)
    #expect(Self.written({ $0.open(url: url, launched: false) }, width: 45, terminals: [.out]).map(\.text) == [url])
  }
}
