import ReactorJSON
import Rendering

/// The records and text lines of the time-travel commands (`history`, `diff`, `why`, `watch`).
struct TimeTravelText: Sendable {
  let records: Records
  var json: Bool { records.options.mode == .json }

  /// A value as text: JSON, long lists as their length, cut to a line, control characters out.
  static func text(_ value: JSONValue?) -> String {
    guard let value else { return "(absent)" }
    if case .array(let items) = value.resolved, !items.isEmpty {
      return items.count == 1 ? "[1 item]" : "[\(items.count) items]"
    }
    return TerminalText.truncate(TerminalText.sanitize(value.jsonText, keepTab: false), to: 80)
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
    let seqWidth = max(3, entries.map { String($0.seq).count }.max() ?? 0)
    let commands = entries.map { TerminalText.truncate(Self.command($0.line), to: 24) }
    let commandWidth = max(7, commands.map(TerminalText.width).max() ?? 0)
    let mutationWidth = max(8, entries.map(\.mutation.count).max() ?? 0)
    func row(_ seq: String, _ feature: String, _ command: String, _ mutation: String, _ changed: String) -> OutputLine {
      let number = String(repeating: " ", count: max(0, seqWidth - seq.count)) + seq
      var line = "\(number)  \(TerminalText.pad(feature, to: 7))  \(TerminalText.pad(command, to: commandWidth))"
      line += "  \(TerminalText.pad(mutation, to: mutationWidth))  \(changed)"
      while line.hasSuffix(" ") { line.removeLast() }
      return OutputLine(.out, line)
    }
    var lines = [row("seq", "feature", "command", "mutation", "changed")]
    for (index, entry) in entries.enumerated() {
      let changed = entry.touches.isEmpty ? "(nothing)" : entry.touches.map(\.text).joined(separator: ", ")
      lines.append(row(String(entry.seq), entry.feature, commands[index], entry.mutation, changed))
    }
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
    if operations.isEmpty { return [OutputLine(.out, header + " no changes")] }
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
        lines.append(OutputLine(.out, "  \(list)/\(range) added"))
      case .remove where end - index > 1:
        let first = operations[end - 1].path.split(separator: "/").last ?? ""
        let last = operation.path.split(separator: "/").last ?? ""
        lines.append(OutputLine(.out, "  \(list)/\(first)..\(last) removed"))
      case .add, .remove:
        lines.append(OutputLine(.out, "  \(operation.path) \(operation.op == .add ? "added" : "removed")"))
      default:
        lines.append(
          OutputLine(
            .out, "  \(operation.path): \(Self.text(operation.oldValue)) -> \(Self.text(operation.value))"))
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
    -> OutputLine
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
      return records.record(object)
    }
    let subject = "\(feature) \(TerminalText.sanitize(pointer, keepTab: false)) = \(Self.text(now))"
    guard let entry else {
      let when = since == 0 ? "the start" : "seq \(since) (older changes dropped)"
      return OutputLine(.out, "\(subject): unchanged since \(when)")
    }
    return OutputLine(
      .out,
      "\(subject): set by seq \(entry.seq) (\(Self.command(entry.line)), \(entry.mutation)); before: \(Self.text(before))"
    )
  }

  // MARK: - watch

  func watch(_ watch: Watch, seq: UInt64, old: JSONValue?) -> OutputLine {
    if json {
      return records.record([
        "type": .string("watch"), "feature": .string(watch.feature), "path": .string(watch.pointer),
        "seq": .int(Int(seq)), "old": old ?? .null, "new": watch.last ?? .null,
      ])
    }
    let pointer = TerminalText.sanitize(watch.pointer, keepTab: false)
    return OutputLine(
      .out, "watch \(watch.feature) \(pointer): \(Self.text(old)) -> \(Self.text(watch.last)) (seq \(seq))")
  }
}
