import ReactorCore
import ReactorJSON
import Rendering

/// `help` output, generated from ``CommandTable``.
enum HelpText {
  static func lines(topic: String?, dataNote: String?, records: Records) -> [OutputLine] {
    if records.options.mode == .json {
      let specs = topic.flatMap(CommandTable.spec(for:)).map { [$0] } ?? CommandTable.all
      let commands: [JSONValue] = specs.map { spec in
        .object([
          "name": .string(spec.name), "usage": .string(spec.synopsis), "summary": .string(spec.summary),
          "aliases": .array(spec.aliases.map(JSONValue.string)),
        ])
      }
      var object: JSONObject = ["type": .string("help"), "commands": .array(commands)]
      if let dataNote { object["data"] = .string(dataNote) }
      return [records.record(object)]
    }
    if let topic, let spec = CommandTable.spec(for: topic) {
      var lines = ["usage: \(spec.synopsis)", "  \(spec.summary)"]
      if !spec.discussion.isEmpty { lines.append("  \(spec.discussion)") }
      if !spec.aliases.isEmpty { lines.append("  also: \(spec.aliases.joined(separator: ", "))") }
      return lines.map { OutputLine(.out, $0) }
    }
    let width = CommandTable.all.map(\.synopsis.count).max() ?? 0
    var lines = ["commands:"]
    for spec in CommandTable.all {
      lines.append("  " + TerminalText.pad(spec.synopsis, to: width) + "  " + spec.summary)
    }
    lines.append("Words split like a shell's: quote text with spaces; # starts a comment.")
    if let dataNote { lines.append("data: \(dataNote)") }
    return lines.map { OutputLine(.out, $0) }
  }
}
