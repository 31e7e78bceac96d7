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
public struct Transcript: Sendable, Equatable {
  /// Settings from `%` directives.
  public struct Settings: Sendable, Equatable {
    /// The HTTP cassette, relative to the transcript; nil with `%offline`.
    public var cassette: String?
    /// Serve the built-in offline sample instead of a cassette.
    public var offline = false
    /// The cassette was recorded from the offline sample (`%data offline-sample`), so `help`
    /// labels the data as sample data, as it did when recorded.
    public var sampleData = false
    public var seed: UInt64 = 0
    /// The virtual clock's start, seconds since 1970 (from an ISO 8601 `%clock`).
    public var clock: Double = 1_795_000_000
    public var json = false
    public var width = 100
    /// Each input line is a daemon request (`%daemon`): NDJSON framing with ids.
    public var daemon = false
    /// The search engine (`%engine reactor|feedback`); `reactor replay --engine` overrides it.
    public var engine: SearchEngineKind = .reactor
    /// The signup simulation (`%signup-failure-rate`, `%signup-latency`).
    public var signupFailureRate = 1.0 / 3
    public var signupLatency: Duration = .milliseconds(1500)

    public init() {}
  }

  /// One line of the file, in order.
  public enum Item: Sendable, Equatable {
    /// A comment, directive or blank line before the first command, kept as written.
    case verbatim(String)
    /// A command and the output expected under it.
    case command(Command)
  }

  /// A command line and its expected output.
  public struct Command: Sendable, Equatable {
    /// The line as typed, without the `> ` prefix and without a trailing `&`.
    public var input: String
    /// Written with a trailing ` &`: start it and go on without waiting for its effects.
    public var background: Bool
    /// Expected output lines, as written (escapes and `(glob)`/`(re)` suffixes included).
    public var expected: [String]
    /// Comments that appeared inside the block; kept on rewrite, right after the input.
    public var comments: [String]

    public init(input: String, background: Bool = false, expected: [String] = [], comments: [String] = []) {
      self.input = input
      self.background = background
      self.expected = expected
      self.comments = comments
    }
  }

  public var settings: Settings
  public var items: [Item]

  public init(settings: Settings = Settings(), items: [Item] = []) {
    self.settings = settings
    self.items = items
  }

  /// The commands, in order.
  public var commands: [Command] {
    items.compactMap { if case .command(let command) = $0 { command } else { nil } }
  }
}

extension Transcript {
  /// The file text, with each command's expected lines replaced by `outputs[i]` when given.
  public func text(outputs: [[String]]? = nil) -> String {
    var lines: [String] = []
    var index = 0
    for item in items {
      switch item {
      case .verbatim(let line): lines.append(line)
      case .command(let command):
        lines.append("> " + command.input + (command.background ? " &" : ""))
        lines += command.comments
        lines += outputs.map { $0[index] } ?? command.expected
        index += 1
      }
    }
    // The parser drops one "\r" before each "\n" (CRLF files); a line that really ends in
    // "\r" gets a second one, so parse(text()) gives the same transcript back.
    return lines.map { ($0.hasSuffix("\r") ? $0 + "\r" : $0) + "\n" }.joined()
  }

  /// How an actual output line is written in a transcript: lines that would read as syntax
  /// (`>`, `#`, `%`, `\`) get a leading backslash.
  public static func escape(_ line: String) -> String {
    guard let first = line.first, ">#%\\".contains(first) else { return line }
    return "\\" + line
  }

  /// Whether two texts are the same bytes: the transcript contract. (`==` on `String` compares
  /// canonical equivalence, and normalizes non-ASCII text to do it: slower, and more lenient
  /// than byte for byte.)
  public static func sameBytes(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    return a.withUTF8 { a in
      b.withUTF8 { b in
        a.count == b.count && (a.count == 0 || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
      }
    }
  }

  /// Splits a directive or input prefix from a raw line; nil when it is an output line.
  static func unescape(_ line: String) -> String {
    line.hasPrefix("\\") ? String(line.dropFirst()) : line
  }
}
