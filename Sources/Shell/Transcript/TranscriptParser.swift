import CommandLanguage
package import FeatureKit
import FoundationEssentials
import GitHubClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the transcript format.
package enum TranscriptParser {
  /// A problem in a transcript file, with its line number.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var line: Int
    package var message: String
    package var description: String { "line \(line): \(message)" }
  }

  /// Parses `text`, whose feature directives are those `features` declare. Expected output
  /// lines are slices of `text` (no copy: a long replay's output is most of its file), so the
  /// transcript keeps `text`'s storage alive.
  package static func parse(_ text: String, features: [FeatureSetting]) throws(Failure) -> Transcript {
    var transcript = Transcript()
    var current: Transcript.Block?
    // The line of `%status`, which ends the transcript.
    var statusLine: Int?
    var lines = Self.lines(of: text)
    if lines.last?.isEmpty == true { lines.removeLast() }
    for (offset, raw) in lines.enumerated() {
      let number = offset + 1
      // The line is classified by its bytes, as `Transcript.escape` writes it.
      let line = raw.utf8.last == UInt8(ascii: "\r") ? Substring(raw.utf8.dropLast()) : raw
      let bytes = line.utf8
      if let statusLine, bytes.first != UInt8(ascii: "#") {
        throw Failure(line: number, message: "%status (line \(statusLine)) belongs after everything but comments")
      }
      switch bytes.first {
      case UInt8(ascii: ">") where bytes.count == 1 || bytes.dropFirst().first == UInt8(ascii: " "):
        if let command = current { transcript.items.append(.command(command)) }
        let (input, background) = Tokenizer.splitBackground(String(Substring(bytes.dropFirst(2))))
        current = Transcript.Block(input: input, background: background)
      case UInt8(ascii: "#"):
        if current != nil {
          current!.comments.append(String(line))
        } else {
          transcript.items.append(.verbatim(String(line)))
        }
      case UInt8(ascii: "%"):
        if current != nil, let status = try Self.status(String(line), line: number) {
          transcript.status = status
          statusLine = number
          continue
        }
        guard current == nil else { throw Failure(line: number, message: "directives belong before the first command") }
        try apply(directive: String(line), to: &transcript.settings, features: features, line: number)
        transcript.items.append(.verbatim(String(line)))
      default:
        if current != nil {
          current!.expected.append(line)
        } else if line.trimmingBlanks.isEmpty {
          transcript.items.append(.verbatim(String(line)))
        } else {
          throw Failure(line: number, message: "output before the first command ('> ...')")
        }
      }
    }
    if let command = current { transcript.items.append(.command(command)) }
    if transcript.settings.cassette == nil && !transcript.settings.offline {
      throw Failure(line: 1, message: "a transcript needs %cassette FILE or %offline")
    }
    return transcript
  }

  /// The text split at every "\n", as `split(separator:omittingEmptySubsequences: false)`.
  ///
  /// It splits on the byte of "\n" (never part of another scalar in UTF-8), not on Characters:
  /// "\r\n" is one Character, so a CRLF file would otherwise be one line. `memchr` finds the
  /// newlines (the generic `split` on the UTF-8 view is far slower on a large replay), and each
  /// line is a slice of `text`, not a copy, which would dominate the parse of a large
  /// transcript.
  static func lines(of text: String) -> [Substring] {
    var text = text
    var bounds: [Range<Int>] = []
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var start = 0
      while let newline = memchr(base + start, 0x0A, bytes.count - start) {
        let end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
        bounds.append(start..<end)
        start = end + 1
      }
      bounds.append(start..<bytes.count)
    }
    if bounds.isEmpty { return [""] }
    let utf8 = text.utf8
    return bounds.map { range in
      let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
      let upper = utf8.index(lower, offsetBy: range.count)
      return Substring(utf8[lower..<upper])
    }
  }

  /// The value of a `%status N` line, nil for any other directive.
  private static func status(_ directive: String, line: Int) throws(Failure) -> Int32? {
    let words = directive.dropFirst().split(separator: " ", maxSplits: 1)
    guard words.first == "status" else { return nil }
    guard words.count == 2, let status = Int32(words[1].trimmingBlanks),
      (0...255).contains(status)
    else {
      throw Failure(
        line: line, message: "%status expects an exit status from 0 to 255, got '\(words.dropFirst().first ?? "")'")
    }
    return status
  }

  /// The directives of every transcript, by their names in a transcript; the features declare
  /// theirs (``FeatureSetting/isDirective``). All but `%status` go before the first command;
  /// `%status` ends the transcript. ``apply(directive:to:features:line:)`` switches over every
  /// case, so a new directive is a new case here, and the manual page's test finds it.
  package enum Directive: String, CaseIterable, Sendable {
    case cassette, offline, data, daemon, seed, clock, mode, width
    /// A live transcript's (`reactor live --record`): the feature and its words, the screen's
    /// size, the throttle, what Enter prints, `--multi`, `--preview`.
    case live, size, throttle, print, multi, preview
    case status
  }

  static func apply(
    directive: String, to settings: inout Transcript.Settings, features: [FeatureSetting], line: Int
  ) throws(Failure) {
    let words = directive.dropFirst().split(separator: " ", maxSplits: 1).map(String.init)
    let name = words.first ?? ""
    let value = words.count > 1 ? words[1].trimmingBlanks : ""
    func need(_ ok: Bool, _ expected: String) throws(Failure) {
      if !ok { throw Failure(line: line, message: "%\(name) expects \(expected), got '\(value)'") }
    }
    guard let known = Directive(rawValue: name) else {
      if let setting = features.first(where: { $0.isDirective && $0.name == name }) {
        guard let value = setting.canonical(value) else {
          throw Failure(line: line, message: "%\(name) expects \(setting.expected), got '\(value)'")
        }
        settings.features[name] = value
        return
      }
      let header =
        Directive.allCases.filter { $0 != .status }.map { "%" + $0.rawValue }
        + features.filter(\.isDirective).map { "%" + $0.name }
      throw Failure(line: line, message: "unknown directive %\(name); known: \(header.joined(separator: ", "))")
    }
    switch known {
    case .cassette:
      try need(!value.isEmpty, "a file name")
      settings.cassette = value
    case .offline:
      try need(value.isEmpty, "no value")
      settings.offline = true
    case .daemon:
      try need(value.isEmpty, "no value")
      settings.daemon = true
      settings.json = true
    case .data:
      try need(value == "offline-sample", "offline-sample")
      settings.sampleData = true
    case .seed:
      try need(UInt64(value) != nil, "a whole number")
      settings.features.seed = UInt64(value)!
    case .clock:
      let seconds = ISO8601UTC.epochSeconds(from: value)
      try need(seconds != nil, "an ISO 8601 time such as 2026-11-21T09:00:00Z")
      settings.clock = Double(seconds!)
    case .mode:
      try need(value == "text" || value == "json", "text or json")
      settings.json = value == "json"
    case .width:
      try need(Int(value).map { $0 >= 20 && $0 <= 1000 } ?? false, "a number of columns from 20 to 1000")
      settings.width = Int(value)!
    case .live:
      let words = (try? Tokenizer.split(value)) ?? []
      try need(!words.isEmpty, "a feature and its words")
      settings.live.feature = words[0]
      settings.live.arguments = Array(words.dropFirst())
      settings.isLive = true
    case .size:
      let parts = value.split(separator: "x").compactMap { Int($0) }
      try need(parts.count == 2 && (1...1000).contains(parts[0]) && (1...1000).contains(parts[1]), "COLUMNSxROWS")
      (settings.live.width, settings.live.height) = (parts[0], parts[1])
    case .throttle:
      let duration = DurationParser.parse(value) ?? (value == "0" ? .zero : nil)
      try need(duration != nil, "a duration such as 300ms")
      settings.live.throttle = duration!
    case .print:
      let printed = LiveContext.Printed(rawValue: value)
      try need(printed != nil, "name, url or json")
      settings.live.printed = printed!
    case .multi:
      try need(value.isEmpty, "no value")
      settings.live.multi = true
    case .preview:
      try need(value.isEmpty, "no value")
      settings.live.preview = true
    case .status:
      throw Failure(line: line, message: "%status goes after the last command's output, not before the first command")
    }
  }
}
