package import FeatureKit
package import LiveTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A live transcript (`man 5 reactor-transcript`, LIVE TRANSCRIPTS): directives, then events at
/// virtual-time offsets: the keys typed, the resizes and what ended the view when no key did (a
/// signal, the terminal's input closing) as input, and the screens at checkpoints, what Enter
/// printed and the exit status (what a replay checks).
///
/// ```
/// %offline
/// %live search
/// %size 80x24
/// @0ms key sw
/// @100ms key ift
/// @312ms screen loaded 30 of 1234
/// | search> swift
/// |>   1. apple/swift ...
/// ...
/// @2000ms key <enter>
/// @2000ms screen end
/// | ...
/// @2000ms print apple/swift
/// @2000ms exit 0
/// ```
package struct LiveTranscript: Sendable, Equatable {
  package enum Event: Sendable, Equatable {
    case keys([Key])
    case resize(width: Int, height: Int)
    /// A signal ended the view (status 128 + its number).
    case signal(Int32)
    /// The terminal's input closed, which ends the view as Escape does (status 130).
    case closed
    case screen(reason: String, lines: [String])
    case print(String)
    case exit(Int32)

    /// Input events are replayed; the others are what the replay compares.
    var isInput: Bool {
      switch self {
      case .keys, .resize, .signal, .closed: true
      case .screen, .print, .exit: false
      }
    }
  }

  /// The lines before the first event (comments and directives), kept as written.
  package var header: [String]
  package var settings: Transcript.Settings
  package var events: [(offset: Duration, event: Event)]
  /// The lines of the text each event was read from (0-based: its `@` line and its screen's
  /// `|` lines), for a replay's diff in the file's own line numbers; empty for one made here.
  var sourceLines: [Range<Int>] = []

  package init(header: [String], settings: Transcript.Settings, events: [(offset: Duration, event: Event)]) {
    self.header = header
    self.settings = settings
    self.events = events
  }

  package static func == (lhs: LiveTranscript, rhs: LiveTranscript) -> Bool {
    lhs.header == rhs.header && lhs.settings == rhs.settings && lhs.events.count == rhs.events.count
      && zip(lhs.events, rhs.events).allSatisfy { $0.offset == $1.offset && $0.event == $1.event }
  }

  /// Whether `text` is a live transcript: it has a `%live` directive. Directives belong
  /// before the first event (`@`) of a live transcript and the first command (`>`) of any
  /// other, so only the lines before that one are read, on their bytes (a `String.contains`
  /// over the whole text was most of what a long replay cost).
  package static func isLive(_ text: String) -> Bool {
    let directive = "%live ".utf8
    var rest = text.utf8[...]
    while let first = rest.first, first != UInt8(ascii: "@"), first != UInt8(ascii: ">") {
      if rest.starts(with: directive) { return true }
      guard let newline = rest.firstIndex(of: UInt8(ascii: "\n")) else { return false }
      rest = rest[rest.index(after: newline)...]
    }
    return false
  }

  /// Parses `text`, whose feature directives are those `features` declare.
  package static func parse(
    _ text: String, features: [FeatureSetting]
  ) throws(TranscriptParser.Failure) -> LiveTranscript {
    var transcript = LiveTranscript(header: [], settings: Transcript.Settings(), events: [])
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for (offset, line) in lines.enumerated() {
      let number = offset + 1
      if line.hasPrefix("|") {
        guard case .screen(let reason, var screen)? = transcript.events.last?.event else {
          throw TranscriptParser.Failure(line: number, message: "a screen line ('| ') belongs under '@... screen'")
        }
        screen.append(String(line.dropFirst()))
        transcript.events[transcript.events.count - 1].event = .screen(reason: reason, lines: screen)
        transcript.sourceLines[transcript.sourceLines.count - 1] = transcript.sourceLines.last!.lowerBound..<number
        continue
      }
      if line.hasPrefix("@") {
        let (time, parsed) = try event(line, number: number)
        // A replay runs the keys on the virtual clock in the file's order: a time before the
        // last one would be a key typed in the past.
        if let last = transcript.events.last, time < last.offset {
          throw TranscriptParser.Failure(
            line: number,
            message:
              "\(LiveRecorder.stamp(time)) is earlier than the event before it (\(LiveRecorder.stamp(last.offset))): events are in time order"
          )
        }
        transcript.events.append((time, parsed))
        transcript.sourceLines.append(offset..<number)
        continue
      }
      guard transcript.events.isEmpty else {
        if line.hasPrefix("#") || line.isEmpty { continue }
        throw TranscriptParser.Failure(line: number, message: "expected an event ('@<ms> ...') or a screen line")
      }
      if line.hasPrefix("%") {
        try TranscriptParser.apply(directive: line, to: &transcript.settings, features: features, line: number)
      } else if !line.hasPrefix("#") && !line.allSatisfy(\.isWhitespace) {
        throw TranscriptParser.Failure(line: number, message: "expected a directive or an event")
      }
      transcript.header.append(line)
    }
    if transcript.settings.cassette == nil && !transcript.settings.offline {
      throw TranscriptParser.Failure(line: 1, message: "a transcript needs %cassette FILE or %offline")
    }
    return transcript
  }

  private static func event(_ line: String, number: Int) throws(TranscriptParser.Failure) -> (Duration, Event) {
    func fail(_ message: String) -> TranscriptParser.Failure {
      TranscriptParser.Failure(line: number, message: message)
    }
    let parts = line.dropFirst().split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasSuffix("ms"), let milliseconds = Int64(parts[0].dropLast(2)), milliseconds >= 0
    else { throw fail("an event starts with its offset, such as @120ms") }
    let value = parts.count > 2 ? String(parts[2]) : ""
    let event: Event
    switch parts[1] {
    case "key":
      guard let keys = Key.parse(tokens: value), !keys.isEmpty else { throw fail("unknown key in '\(value)'") }
      event = .keys(keys)
    case "resize":
      let size = value.split(separator: "x").compactMap { Int($0) }
      guard size.count == 2, size.allSatisfy({ (1...1000).contains($0) }) else {
        throw fail("resize expects COLUMNSxROWS")
      }
      event = .resize(width: size[0], height: size[1])
    case "signal":
      guard let number = signals.first(where: { $0.name == value })?.number else {
        throw fail("signal expects one of \(signals.map(\.name).joined(separator: ", ")), got '\(value)'")
      }
      event = .signal(number)
    case "closed": event = .closed
    case "screen": event = .screen(reason: value, lines: [])
    case "print": event = .print(value)
    case "exit":
      guard let status = Int32(value), (0...255).contains(status) else { throw fail("exit expects a status") }
      event = .exit(status)
    default: throw fail("unknown event '\(parts[1])'; known: key, resize, signal, closed, screen, print, exit")
    }
    return (.milliseconds(milliseconds), event)
  }

  /// The signals that end a live view, by the names a transcript writes them with.
  static let signals: [(name: String, number: Int32)] = [
    ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("TERM", SIGTERM),
  ]

  /// `TERM` for SIGTERM; the number for a signal not in ``signals``.
  static func signalName(_ number: Int32) -> String {
    signals.first { $0.number == number }?.name ?? String(number)
  }

  /// The transcript as written.
  package var text: String {
    (header + events.flatMap { Self.lines(of: $0.event, at: $0.offset) }).joined(separator: "\n") + "\n"
  }

  /// How `event` at `offset` is written: its `@` line, and a screen's `|` lines.
  static func lines(of event: Event, at offset: Duration) -> [String] {
    let stamp = LiveRecorder.stamp(offset)
    switch event {
    case .keys(let keys): return ["\(stamp) key " + keys.map(\.token).joined()]
    case .resize(let width, let height): return ["\(stamp) resize \(width)x\(height)"]
    case .signal(let number): return ["\(stamp) signal \(Self.signalName(number))"]
    case .closed: return ["\(stamp) closed"]
    case .screen(let reason, let screen): return ["\(stamp) screen \(reason)"] + screen.map { "|" + $0 }
    case .print(let text): return ["\(stamp) print \(text)"]
    case .exit(let status): return ["\(stamp) exit \(status)"]
    }
  }

  /// `source` (the text this transcript was read from) with what `actual` checked in place of
  /// what this one expected: each screen, print and exit written where the one it is compared
  /// with was, at that one's time (a replay's clock is not the terminal's), the keys, the
  /// comments and the header as they are. Lines of the two line up, so a diff of them names the
  /// file's own line numbers; it is also what `--update` writes.
  func rewritten(_ source: String, with actual: LiveTranscript) -> [String] {
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last?.isEmpty == true { lines.removeLast() }
    var got = actual.events.filter { !$0.event.isInput }[...]
    var out: [String] = []
    var next = 0
    var lastChecked = -1
    for (index, (offset, event)) in events.enumerated() where index < sourceLines.count {
      let range = sourceLines[index]
      out += lines[next..<range.lowerBound]
      next = range.upperBound
      if event.isInput {
        out += lines[range]
      } else if let (_, replayed) = got.popFirst() {
        out += Self.lines(of: replayed, at: offset)
        lastChecked = out.count
      }
    }
    // What the replay showed beyond what was recorded goes after the last check.
    let extra = got.flatMap { Self.lines(of: $0.event, at: $0.offset) }
    let at = lastChecked < 0 ? out.count : lastChecked
    out.insert(contentsOf: extra, at: at)
    return out + lines[next...]
  }

  /// What a replay compares: the screens (their reasons and text), what was printed and the
  /// exit status, in order, without their offsets (a recording's are the terminal's, a
  /// replay's the virtual clock's).
  var checked: [String] {
    events.flatMap { _, event -> [String] in
      switch event {
      case .keys, .resize, .signal, .closed: []
      case .screen(let reason, let screen): ["screen \(reason)"] + screen.map { "|" + $0 }
      case .print(let text): ["print \(text)"]
      case .exit(let status): ["exit \(status)"]
      }
    }
  }
}
