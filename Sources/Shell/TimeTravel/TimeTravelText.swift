import ReactorCore
import ReactorJSON
import Rendering

/// The records and text lines of the time-travel commands (`history`, `diff`, `why`, `watch`)
/// and of `trace`'s effect events.
struct TimeTravelText: Sendable {
  let records: Records
  var json: Bool { records.options.mode == .json }

  /// A value as text: JSON, long lists as their length, cut to a line (80 columns, or the
  /// terminal's line when it is wider), control characters out.
  static func text(_ value: JSONValue?, width: Int = 80) -> String {
    guard let value else { return "(absent)" }
    if case .array(let items) = value.resolved, !items.isEmpty {
      return items.count == 1 ? "[1 item]" : "[\(items.count) items]"
    }
    return TerminalText.truncate(TerminalText.sanitize(value.jsonText, keepTab: false), to: max(80, width - 4))
  }

  var width: Int { records.options.width }

  func text(_ value: JSONValue?) -> String { Self.text(value, width: width) }

  /// A line of text and what follows it when it is too wide: a table of one cell (what the
  /// line is about, which ends with a colon) and a free text beside it, wrapped between
  /// words, or under it on a narrow terminal.
  func labelled(_ label: String, _ text: String, indent: Int) -> [OutputLine] {
    var table = TextTable([.init()])
    table.separator = " "
    // A sentence reads better under its subject than in a narrow column beside it.
    table.textMinimum = 40
    table.stackedIndent = indent
    return table.lines([TextTable.Row([label], text: text)], width: width).map { OutputLine(.out, $0) }
  }

  /// The input line as history shows it: its text, or `(none)` for a change no line caused.
  static func command(_ line: HistoryLine) -> String {
    line.id < 0 ? "(none)" : TerminalText.sanitize(line.text, keepTab: false)
  }

  // MARK: - history

  func history(_ entries: [HistoryEntry], dropped: Int) -> [OutputLine] {
    if json {
      return entries.map { entry in
        records.record([
          "type": .string("history"), "seq": .int(Int(entry.seq)), "feature": .string(entry.feature),
          "command": entry.line.id < 0 ? .null : .string(entry.line.text), "mutation": .string(entry.mutation),
          "touched": .array(entry.touches.map(\.jsonValue)),
        ])
      }
    }
    // The command column grows with the terminal, so a wide one shows whole commands.
    var table = TextTable([
      .init(rightAligned: true), .init(), .init(maximum: max(24, records.options.width / 4)), .init(),
    ])
    table.joiner = ", "
    var rows = [TextTable.Row(["seq", "feature", "command", "mutation"], text: ["changed"])]
    for entry in entries {
      let changed = entry.touches.isEmpty ? ["(nothing)"] : entry.touches.map(\.text)
      rows.append(
        TextTable.Row([String(entry.seq), entry.feature, Self.command(entry.line), entry.mutation], text: changed))
    }
    var lines = table.lines(rows, width: records.options.width).map { OutputLine(.out, $0) }
    if dropped > 0 { lines.append(OutputLine(.out, "(\(dropped) older changes dropped: --history-limit)")) }
    return lines
  }

  // MARK: - diff

  func diff(feature: String, from: UInt64, to: UInt64?, old: JSONValue, operations: [PatchOperation]) -> [OutputLine] {
    if json {
      return [
        records.record([
          "type": .string("diff"), "feature": .string(feature), "from": .int(Int(from)),
          "to": to.map { .int(Int($0)) } ?? .null, "patch": .array(operations.map(\.jsonValue)),
        ])
      ]
    }
    let header = "diff \(feature) \(from) -> \(to.map(String.init) ?? "now"):"
    if operations.isEmpty { return labelled(header, "no changes", indent: 2) }
    var lines = [OutputLine(.out, header)]
    var index = 0
    while index < operations.count {
      let operation = operations[index]
      // A run of appends or removals at one list reads as one line.
      var end = index + 1
      while end < operations.count, operations[end].op == operation.op, operation.op != .replace,
        Self.list(of: operations[end].path) == Self.list(of: operation.path)
      {
        end += 1
      }
      let list = Self.list(of: operation.path)
      switch operation.op {
      case .add where operation.path.hasSuffix("/-"):
        let start = Self.count(old.value(at: Touch.tokens(list)[...]))
        let range = end - index == 1 ? "\(start)" : "\(start)..\(start + end - index - 1)"
        lines += labelled("  \(list)/\(range)", "added", indent: 4)
      case .remove where end - index > 1:
        let first = operations[end - 1].path.split(separator: "/").last ?? ""
        let last = operation.path.split(separator: "/").last ?? ""
        lines += labelled("  \(list)/\(first)..\(last)", "removed", indent: 4)
      case .add, .remove:
        lines += labelled("  \(operation.path)", operation.op == .add ? "added" : "removed", indent: 4)
      default:
        lines += labelled("  \(operation.path):", "\(text(operation.oldValue)) -> \(text(operation.value))", indent: 4)
        end = index + 1
      }
      index = end
    }
    return lines
  }

  /// The list a path of an element or append is in: `/repos` for `/repos/-` and `/repos/7`.
  private static func list(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
    return String(path[..<slash])
  }

  private static func count(_ value: JSONValue?) -> Int {
    if case .array(let items)? = value?.resolved { return items.count }
    return 0
  }

  // MARK: - why

  func why(feature: String, pointer: String, entry: HistoryEntry?, before: JSONValue?, now: JSONValue?, since: UInt64)
    -> [OutputLine]
  {
    if json {
      var object: JSONObject = [
        "type": .string("why"), "feature": .string(feature), "path": .string(pointer), "value": now ?? .null,
      ]
      if let entry {
        object["seq"] = .int(Int(entry.seq))
        object["command"] = entry.line.id < 0 ? .null : .string(entry.line.text)
        object["mutation"] = .string(entry.mutation)
        object["before"] = before ?? .null
      } else {
        object["since"] = .int(Int(since))
      }
      return [records.record(object)]
    }
    let subject = "\(feature) \(TerminalText.sanitize(pointer, keepTab: false)) = \(text(now)):"
    guard let entry else {
      let when = since == 0 ? "the start" : "seq \(since) (older changes dropped)"
      return labelled(subject, "unchanged since \(when)", indent: 2)
    }
    return labelled(
      subject, "set by seq \(entry.seq) (\(Self.command(entry.line)), \(entry.mutation)); before: \(text(before))",
      indent: 2)
  }

  // MARK: - watch

  func watch(_ watch: Watch, seq: UInt64, old: JSONValue?) -> [OutputLine] {
    if json {
      return [
        records.record([
          "type": .string("watch"), "feature": .string(watch.feature), "path": .string(watch.pointer),
          "seq": .int(Int(seq)), "old": old ?? .null, "new": watch.last ?? .null,
        ])
      ]
    }
    let pointer = TerminalText.sanitize(watch.pointer, keepTab: false)
    return labelled("watch \(watch.feature) \(pointer):", "\(text(old)) -> \(text(watch.last)) (seq \(seq))", indent: 2)
  }

  // MARK: - trace

  /// `{"type":"effect","event":"end",...}` or `effect search/search: ended after 300ms (seq 1)`.
  func effect(_ event: EffectTrace.Event) -> OutputLine {
    let milliseconds = event.duration.map { Int(($0 * 1000).rounded()) }
    if json {
      var object: JSONObject = [
        "type": .string("effect"), "event": .string(event.kind.rawValue), "feature": .string(event.feature),
        "effectId": event.effect.map { .string($0.name) } ?? .null, "seq": .int(Int(event.seq)),
      ]
      if let milliseconds { object["durationMs"] = .int(milliseconds) }
      if event.kind == .cancel { object["cancelledBy"] = event.cancelledBy.map(JSONValue.string) ?? .null }
      return records.record(object).tagged(event.tag)
    }
    let name = event.feature + (event.effect.map { "/" + $0.name } ?? "")
    let verb =
      switch event.kind {
      case .start: "started"
      case .end: "ended"
      case .cancel: "cancelled"
      case .fail: "failed"
      }
    var text = "effect \(name): \(verb)"
    if let milliseconds { text += " after \(milliseconds)ms" }
    if let cause = event.cancelledBy { text += " by '\(TerminalText.sanitize(cause, keepTab: false))'" }
    return OutputLine(.out, text + " (seq \(event.seq))").tagged(event.tag)
  }
}

extension Touch {
  /// `/repos/30..59 added`, `/repos/0 added`, `/repos = 30 items`, `/query`.
  fileprivate var text: String {
    if let indices {
      let span = indices.count == 1 ? "\(indices.lowerBound)" : "\(indices.lowerBound)..\(indices.upperBound)"
      return "\(path)/\(span) added"
    }
    if let length { return "\(path) = \(length) item\(length == 1 ? "" : "s")" }
    return kind == .remove ? "\(path) removed" : path
  }

  /// The record form: `{"op":"add","path":"/repos","from":30,"to":59}`.
  fileprivate var jsonValue: JSONValue {
    var object: JSONObject = ["op": .string(kind.rawValue), "path": .string(path)]
    if let indices {
      object["from"] = .int(indices.lowerBound)
      object["to"] = .int(indices.upperBound)
    }
    if let length { object["length"] = .int(length) }
    return .object(object)
  }
}
