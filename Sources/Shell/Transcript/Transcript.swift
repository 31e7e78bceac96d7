package import FeatureKit
package import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A recorded session: directives, the commands typed, and the exact output expected under
/// each. The format is documented in reactor-transcript(5).
///
/// ```
/// # comments start with '#'
/// %cassette search.cassette.json
/// %clock 2026-11-21T09:00:00Z
/// > query swift
/// query: nil -> "swift"
/// + 30 repos (1-30) of 162 (glob)
/// > query sw &
/// ```
package struct Transcript: Sendable, Equatable {
  /// Settings from `%` directives.
  package struct Settings: Sendable, Equatable {
    /// The HTTP cassette, relative to the transcript; nil with `%offline`.
    package var cassette: String?
    /// Serve the built-in offline sample instead of a cassette.
    package var offline = false
    /// The cassette was recorded from the offline sample (`%data offline-sample`), so `help`
    /// labels the data as sample data, as it did when recorded.
    package var sampleData = false
    /// The virtual clock's start, seconds since 1970 (from an ISO 8601 `%clock`).
    package var clock: Double = 1_795_000_000
    package var json = false
    package var width = 100
    /// Each input line is a daemon request (`%daemon`): NDJSON framing with ids.
    package var daemon = false
    /// The features' settings: `%seed`, and the directives the features declare (`reactor
    /// replay --engine` overrides `%engine`).
    package var features = FeatureSettings()
    /// A live transcript (`%live`): the keys of `reactor live` and the screens they made.
    package var isLive = false
    package var live = LiveSettings()

    package init() {}
  }

  /// A live transcript's settings: `%live`, `%size`, `%throttle`, `%print`, `%multi`, `%preview`.
  package struct LiveSettings: Sendable, Equatable {
    /// The live View's feature (`%live`'s first word).
    package var feature = ""
    package var arguments: [String] = []
    package var width = 80
    package var height = 24
    package var throttle: Duration = .milliseconds(300)
    package var printed = LiveContext.Printed.name
    package var multi = false
    package var preview = false
  }

  /// One line of the file, in order.
  package enum Item: Sendable, Equatable {
    /// A comment, directive or blank line before the first command, kept as written.
    case verbatim(String)
    /// A command and the output expected under it.
    case command(Block)
  }

  /// A command line and the output expected under it: a block of the file.
  package struct Block: Sendable, Equatable {
    /// The line as typed, without the `> ` prefix and without a trailing `&`.
    package var input: String
    /// Written with a trailing ` &`: start it and go on without waiting for its effects.
    package var background: Bool
    /// Expected output lines, as written (escapes and `(glob)`/`(re)` suffixes included).
    /// Parsed ones are slices of the transcript's text.
    package var expected: [Substring]
    /// Comments that appeared inside the block; kept on rewrite, right after the input.
    package var comments: [String]

    package init(input: String, background: Bool = false, expected: [Substring] = [], comments: [String] = []) {
      self.input = input
      self.background = background
      self.expected = expected
      self.comments = comments
    }
  }

  package var settings: Settings
  package var items: [Item]
  /// The exit status the session is expected to end with: a `%status N` line after the last
  /// command's output, absent for 0 (as cram writes `[1]` only for a failure).
  package var status: Int32

  package init(settings: Settings = Settings(), items: [Item] = [], status: Int32 = 0) {
    self.settings = settings
    self.items = items
    self.status = status
  }

  /// The blocks, in order: each command line with its expected output.
  package var commands: [Block] {
    items.compactMap { if case .command(let command) = $0 { command } else { nil } }
  }
}

extension Transcript {
  /// The file text, as written.
  package func text() -> String { text(outputs: nil) }

  /// Without its `%data offline-sample` directive, for a cassette recorded anew from GitHub
  /// (`replay --rerecord`): `help` no longer says the data is the sample. False when it had none.
  package mutating func removeSampleData() -> Bool {
    guard settings.sampleData else { return false }
    items.removeAll { item in
      guard case .verbatim(let line) = item else { return false }
      return line.split(separator: " ").first == "%\(TranscriptParser.Directive.data.rawValue)"
    }
    settings.sampleData = false
    return true
  }

  /// The file text, with each command's expected lines replaced by `outputs[i]` when given,
  /// and the status line by `status` when given.
  package func text(outputs: [[Substring]]?, status: Int32? = nil) -> String {
    var text = ""
    // The parser drops one "\r" before each "\n" (CRLF files); a line that really ends in
    // "\r" gets a second one, so parse(text()) gives the same transcript back.
    func add(_ line: Substring) {
      text += line
      if line.utf8.last == UInt8(ascii: "\r") { text += "\r" }
      text += "\n"
    }
    var index = 0
    for item in items {
      switch item {
      case .verbatim(let line): add(Substring(line))
      case .command(let command):
        add(Substring("> " + command.input + (command.background ? " &" : "")))
        for comment in command.comments { add(Substring(comment)) }
        if let outputs {
          for line in outputs[index] { add(line) }
        } else {
          for line in command.expected { add(line) }
        }
        index += 1
      }
    }
    let status = status ?? self.status
    if status != 0 { add(Substring("%status \(status)")) }
    return text
  }

  /// How an actual standard output line is written in a transcript: lines that would read as
  /// syntax (their first byte is `>`, `#`, `%`, `!` or `\`) get a leading backslash.
  package static func escape(_ line: String) -> String {
    needsEscape(line.utf8.first) ? "\\" + line : line
  }

  /// Whether a line that starts with `first` is written with a leading backslash.
  private static func needsEscape(_ first: UInt8?) -> Bool {
    switch first {
    case UInt8(ascii: ">"), UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "!"), UInt8(ascii: "\\"): true
    default: false
    }
  }

  /// How an output line is written in a transcript: a standard error line after `! ` (taken
  /// as it stands, so it needs no backslash), a standard output line escaped.
  package static func written(_ line: OutputLine) -> String {
    line.stream == .err ? errorPrefix(line.text) : escape(line.text)
  }

  /// `! text`, or `!` alone for an empty line (no trailing space to lose in an editor).
  static func errorPrefix(_ text: String) -> String { text.isEmpty ? "!" : "! " + text }

  /// Whether `expected` is the same bytes as `line` written in a transcript (escaped), without
  /// making a `String` of `line`: a record line's UTF-8 is compared as written.
  static func isWritten(_ line: OutputLine, as expected: Substring) -> Bool {
    line.withUTF8 { actual in
      // The bytes in front of the line's own: `! ` for standard error, `\` for an escape.
      let prefix: Int
      if line.stream == .err {
        prefix = actual.isEmpty ? 1 : 2
        guard expected.utf8.first == UInt8(ascii: "!") else { return false }
        if prefix == 2 && expected.utf8.dropFirst().first != UInt8(ascii: " ") { return false }
      } else {
        prefix = needsEscape(actual.first) ? 1 : 0
        if prefix == 1 && expected.utf8.first != UInt8(ascii: "\\") { return false }
      }
      let same = expected.utf8.withContiguousStorageIfAvailable { expected -> Bool in
        guard expected.count == actual.count + prefix else { return false }
        let rest = UnsafeBufferPointer(rebasing: expected[prefix...])
        return rest.isEmpty || memcmp(rest.baseAddress!, actual.baseAddress!, rest.count) == 0
      }
      return same ?? sameBytes(expected, written(line))
    }
  }

  /// Splits an expected line into its stream and its text as written after the marker (still
  /// with its backslash, `(glob)` or `(re)`, for ``LineMatcher``).
  static func stream(of expected: Substring) -> (stream: OutputStream, body: Substring) {
    let bytes = expected.utf8
    guard bytes.first == UInt8(ascii: "!") else { return (.out, expected) }
    if bytes.count == 1 { return (.err, "") }
    // `!text` without the space is read as `! text`, so a hand-written line is not lost.
    let skip = bytes.dropFirst().first == UInt8(ascii: " ") ? 2 : 1
    return (.err, Substring(bytes.dropFirst(skip)))
  }

  /// Whether an actual line matches an expected one: the same stream, and the same bytes, or
  /// a `(glob)`/`(re)` pattern that matches.
  static func matches(_ line: OutputLine, expected: Substring) -> Bool {
    if isWritten(line, as: expected) { return true }
    let (stream, body) = stream(of: expected)
    guard stream == line.stream else { return false }
    return LineMatcher.matches(expected: String(body), actual: line.text, escaped: stream == .out)
  }

  /// Whether two texts are the same bytes: the transcript contract. (`==` on `String` compares
  /// canonical equivalence, and normalizes non-ASCII text to do it: slower, and more lenient
  /// than byte for byte.)
  package static func sameBytes(_ a: some StringProtocol, _ b: some StringProtocol) -> Bool {
    let same = a.utf8.withContiguousStorageIfAvailable { a in
      b.utf8.withContiguousStorageIfAvailable { b in
        a.count == b.count
          && (a.count == 0 || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
      }
    }
    // Both are native (contiguous) in practice; bridged text compares byte by byte.
    return (same ?? nil) ?? a.utf8.elementsEqual(b.utf8)
  }

  /// Splits a directive or input prefix from a raw line; nil when it is an output line.
  static func unescape(_ line: String) -> String {
    line.utf8.first == UInt8(ascii: "\\") ? String(Substring(line.utf8.dropFirst())) : String(line)
  }
}
