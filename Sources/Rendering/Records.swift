import ReactorCore
package import ReactorJSON

/// The NDJSON records of the public output contract, and their text-mode twins.
///
/// Every record is one JSON object with sorted keys and a `"type"`; no wall-clock times.
package struct Records: Sendable {
  package let options: RenderOptions
  package var style: Style { Style(enabled: options.color) }
  private let changeHeads = ChangeHeads()

  package init(options: RenderOptions) { self.options = options }

  /// `{"type":"change",...}`: one committed state change.
  ///
  /// The hottest record: written straight to text, with the object built only if asked for.
  package func change(feature: String, seq: UInt64, action: String, mutation: String, patch: [PatchOperation])
    -> OutputLine
  {
    change(feature: feature, seq: seq, action: action, mutation: mutation, patch: Patch(patch))
  }

  /// `{"type":"change",...}` for a patch as the differ made it.
  package func change(feature: String, seq: UInt64, action: String, mutation: String, patch: Patch) -> OutputLine {
    // Written in place after the line's header: one allocation for the object and its bytes.
    let bytes = WrittenBytes.writing(
      capacity: 96 + action.utf8.count + feature.utf8.count + mutation.utf8.count + patch.sizeHint
    ) { writer in
      changeHeads.write(feature: feature, action: action, mutation: mutation, to: &writer)
      patch.write(to: &writer)
      writer.raw(#","seq":"#)
      writer.int(Int(seq))
      writer.raw(#","type":"change"}"#)
      return ChangeRecord(feature: feature, seq: seq, action: action, mutation: mutation, patch: patch)
    }
    return OutputLine(change: bytes)
  }

  /// The NDJSON lines of one committed transition: its change record, then the error record
  /// of the failure it recorded, if it recorded one. No `action` is a change no command made
  /// (a restore's feedback), named ``restoreCommand``.
  ///
  /// Every feature's JSON mode prints a transition this way, so a failure reads the same in
  /// all of them; the error record names the feature of the change.
  package func transition(
    feature: String, seq: UInt64, action: String?, mutation: String, patch: Patch,
    failure: (code: String, message: String)?, failureDetails: JSONObject? = nil
  ) -> [OutputLine] {
    let change = change(
      feature: feature, seq: seq, action: action ?? Self.restoreCommand, mutation: mutation, patch: patch)
    guard let failure else { return [change] }
    return [
      change, error(code: failure.code, message: failure.message, feature: feature, details: failureDetails ?? [:]),
    ]
  }

  /// The lines of a restore (time travel's `goto`, `undo` and `redo`): in JSON mode its change
  /// record, whose action is named `goto` whichever of them made it and whose mutation is
  /// `restore` (``History/restoreName``); in text mode the feature's `text` of the state restored.
  package func restore(
    feature: String, seq: UInt64, patch: Patch, text: () -> [OutputLine]
  ) -> [OutputLine] {
    guard options.mode == .json else { return text() }
    return [
      change(feature: feature, seq: seq, action: Self.restoreCommand, mutation: History.restoreName, patch: patch)
    ]
  }

  /// The lines of a change printed the plain way (``StoreMaker/store(_:text:)``): its change
  /// record in JSON mode, `text` in text mode, under `<feature> restored:` for a restore (no
  /// `mutation`).
  @inline(never) package func plain(
    feature: String, seq: UInt64, action: String?, mutation: String?, patch: Patch, text: () -> [String]
  ) -> [OutputLine] {
    guard let mutation else {
      return restore(feature: feature, seq: seq, patch: patch) {
        [OutputLine(.out, "\(feature) restored:")] + text().map { OutputLine(.out, $0) }
      }
    }
    guard options.mode == .json else { return text().map { OutputLine(.out, $0) } }
    return transition(feature: feature, seq: seq, action: action, mutation: mutation, patch: patch, failure: nil)
  }

  /// The command a change record names when no action caused the change: a restore, and what
  /// the feedback of the restored state did.
  static let restoreCommand = "goto"

  /// `{"type":"state",...}` or, in text mode, the state as indented JSON.
  package func state(feature: String, state: JSONValue) -> [OutputLine] {
    if options.mode == .json {
      return [record(["type": .string("state"), "feature": .string(feature), "state": state])]
    }
    return PrettyJSON.lines(state).map { OutputLine(.out, TerminalText.sanitize($0)) }.prepending(
      OutputLine(.out, style.bold(feature) + ":"))
  }

  /// An error: `{"type":"error","code":...}` or `error: message` on standard error. `details`
  /// are machine-readable fields beside the message (a rate limit's `retryAfter`, say); text
  /// mode leaves them to the message.
  ///
  /// The text line keeps the record it stands for too (as every error line keeps its record,
  /// see ``OutputLine/keptRecord``), so that a sink can read its `code`
  /// (the exit status) and add where the command came from (``locate(_:line:file:)``).
  package func error(code: String, message: String, feature: String? = nil, details: JSONObject = [:]) -> OutputLine {
    var object: JSONObject = ["type": .string("error"), "code": .string(code), "message": .string(message)]
    if let feature { object["feature"] = .string(feature) }
    for member in details.members where object[member.key] == nil { object[member.key] = member.value }
    if options.mode == .json { return record(object) }
    return OutputLine(.err, errorText(message), record: object)
  }

  /// `error: message`, sanitized, the prefix red when colour is on.
  package func errorText(_ message: String, location: String? = nil) -> String {
    (location.map { $0 + ": " } ?? "") + style.red("error:") + " " + TerminalText.sanitize(message)
  }

  /// A notice that is not a state change. A warning is an `info` record with
  /// `"level":"warning"` in NDJSON, and `warning: ...` on standard error in text, where a
  /// redirection of standard output cannot hide it.
  package func info(_ message: String, feature: String? = nil, warning: Bool = false) -> OutputLine {
    if options.mode == .json {
      var object: JSONObject = ["type": .string("info"), "message": .string(message)]
      if let feature { object["feature"] = .string(feature) }
      if warning { object["level"] = .string("warning") }
      return record(object)
    }
    if warning { return OutputLine(.err, style.yellow("warning:") + " " + TerminalText.sanitize(message)) }
    return OutputLine(.out, TerminalText.sanitize(message))
  }

  /// A URL to open; `launched` says whether a browser was started for it.
  package func open(url: String, launched: Bool) -> OutputLine {
    if options.mode == .json { return record(["type": .string("open"), "url": .string(url)]) }
    let safe = TerminalText.sanitize(url, keepTab: false)
    return OutputLine(.out, launched ? "opening \(safe)" : safe)
  }

  /// Any record, as one line of JSON on standard output.
  package func record(_ object: JSONObject) -> OutputLine {
    OutputLine(.out, JSONValue.object(object).jsonText, record: object)
  }
}

extension Array {
  fileprivate func prepending(_ element: Element) -> [Element] { [element] + self }
}

/// Indented JSON for people, two spaces a level, keys sorted.
enum PrettyJSON {
  static func lines(_ value: JSONValue) -> [String] {
    var lines: [String] = []
    write(value, indent: 1, prefix: "", suffix: "", into: &lines)
    return lines
  }

  private static func write(_ value: JSONValue, indent: Int, prefix: String, suffix: String, into lines: inout [String])
  {
    let pad = String(repeating: "  ", count: indent)
    switch value.resolved {
    case .array(let items) where !items.isEmpty:
      lines.append(pad + prefix + "[")
      for (index, item) in items.enumerated() {
        write(item, indent: indent + 1, prefix: "", suffix: index < items.count - 1 ? "," : "", into: &lines)
      }
      lines.append(pad + "]" + suffix)
    case .object(let object) where object.count > 0:
      lines.append(pad + prefix + "{")
      for (index, member) in object.members.enumerated() {
        var key = ""
        JSONValue.writeString(member.key, to: &key)
        write(
          member.value, indent: indent + 1, prefix: key + ": ", suffix: index < object.count - 1 ? "," : "",
          into: &lines)
      }
      lines.append(pad + "}" + suffix)
    default:
      lines.append(pad + prefix + value.jsonText + suffix)
    }
  }
}
