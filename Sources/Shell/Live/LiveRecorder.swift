import LiveTerminal
import ReactorCore

/// Writes a live session as a live transcript (``LiveTranscript``): the settings, each key at
/// its offset from the start, and the screen's text at checkpoints (each page load, each error,
/// the end), so that `reactor replay` runs the keys on the virtual clock and compares what the
/// screen showed.
package final class LiveRecorder: Sendable {
  private let transcript: Locked<LiveTranscript>
  private let save: @Sendable (String) -> Void

  /// - Parameters:
  ///   - header: the directives (`%offline`, `%throttle 300ms`, `%live search swift`, ...).
  ///   - save: writes the finished transcript.
  package init(header: [String], save: @escaping @Sendable (String) -> Void) {
    transcript = Locked(LiveTranscript(header: header, settings: Transcript.Settings(), events: []))
    self.save = save
  }

  func begin(width: Int, height: Int) {
    transcript.withLock { $0.header.append("%size \(width)x\(height)") }
  }

  func key(_ key: Key, at now: Duration) {
    transcript.withLock { transcript in
      let offset = transcript.after(Self.milliseconds(now))
      // Keys of the same millisecond share a line.
      if let last = transcript.events.last, last.offset == offset, case .keys(let keys) = last.event {
        transcript.events[transcript.events.count - 1].event = .keys(keys + [key])
      } else {
        transcript.events.append((offset, .keys([key])))
      }
    }
  }

  /// A character typed into a secret field: the key `<secret>`, never the character.
  func secretKey(at now: Duration) { key(.secret, at: now) }

  func resize(width: Int, height: Int, at now: Duration) {
    transcript.withLock { $0.events.append(($0.after(Self.milliseconds(now)), .resize(width: width, height: height))) }
  }

  func screen(_ screen: [String], reason: String, at now: Duration) {
    // Rounded up: a replay takes the screen once everything before this instant has happened.
    let offset = Self.milliseconds(now + .nanoseconds(999_999))
    transcript.withLock { $0.events.append((offset, .screen(reason: reason, lines: screen))) }
  }

  /// The view ended: `cause` is what ended it when no key did (``LiveTranscript/Event/signal(_:)``
  /// or ``LiveTranscript/Event/closed``), an input a replay needs, as it needs the keys.
  func end(_ screen: [String], outcome: LiveDriver.Outcome, cause: LiveTranscript.Event? = nil, at now: Duration) {
    let text = transcript.withLock { transcript in
      let offset = transcript.after(Self.milliseconds(now))
      if let cause { transcript.events.append((offset, cause)) }
      transcript.events.append((offset, .screen(reason: "end", lines: screen)))
      for line in (outcome.output ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      where outcome.output != nil {
        transcript.events.append((offset, .print(String(line))))
      }
      transcript.events.append((offset, .exit(outcome.status)))
      return transcript.text
    }
    save(text)
  }

  /// `now` in whole milliseconds, as the transcript writes it.
  static func milliseconds(_ now: Duration) -> Duration {
    let (seconds, attoseconds) = now.components
    return .milliseconds(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  /// `@1234ms`.
  static func stamp(_ offset: Duration) -> String {
    let (seconds, attoseconds) = offset.components
    return "@\(seconds * 1000 + attoseconds / 1_000_000_000_000_000)ms"
  }
}

extension LiveTranscript {
  /// `offset`, or the time of the last event when that is later: a screen's time is rounded up
  /// and a key's down, so a key in the same millisecond would otherwise go back in time, which
  /// a transcript may not (``parse(_:)``).
  fileprivate func after(_ offset: Duration) -> Duration {
    max(offset, events.last?.offset ?? .zero)
  }
}
