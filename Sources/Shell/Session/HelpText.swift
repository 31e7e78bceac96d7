import CommandLanguage
import ReactorCore
import ReactorJSON
import Rendering

/// `help` output, generated from the session's command table.
package enum HelpText {
  /// `text`'s lines as paragraphs wrapped to `width` after `indent`: a line indented further
  /// keeps its indent, and its own wrapped lines hang two columns under it (a key and what it
  /// does, in the live view's help).
  package static func paragraphs(_ text: String, width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n") {
      let nested = String(paragraph.prefix { $0 == " " })
      let first = indent + nested
      lines += TerminalText.wrap(
        String(paragraph.dropFirst(nested.count)), width: width, first: first,
        indent: nested.isEmpty ? first : first + "  ")
    }
    return lines
  }

  static func lines(topic: String?, table: CommandTable<SessionCommand>, dataNote: String?, records: Records)
    -> [OutputLine]
  {
    if records.options.mode == .json {
      let specs = topic.flatMap(table.spec(for:)).map { [$0] } ?? table.all
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
    let width = records.options.width
    if let topic, let spec = table.spec(for: topic) {
      var lines = TerminalText.wrap(spec.synopsis, width: width, first: "usage: ", indent: "  ")
      lines += TerminalText.wrap(spec.summary, width: width, first: "  ", indent: "  ")
      lines += paragraphs(spec.discussion, width: width, indent: "  ")
      if !spec.aliases.isEmpty {
        lines += TerminalText.wrap(spec.aliases.joined(separator: ", "), width: width, first: "  also: ", indent: "  ")
      }
      return lines.map { OutputLine(.out, $0) }
    }
    if topic == CommandTable<SessionCommand>.replayTopic {
      return TerminalText.wrap(
        "replay is not a command of the session: it replays transcripts from a shell, as in 'reactor replay "
          + "session.t'. 'reactor replay --help' lists its flags; reactor-transcript(5) describes the files.",
        width: width
      ).map { OutputLine(.out, $0) }
    }
    let synopsisWidth = table.all.map(\.synopsis.count).max() ?? 0
    // Summaries in a column beside the synopses while that leaves them room, else under them.
    let beside = width - synopsisWidth - 4 >= 24
    var lines = ["commands:"]
    for spec in table.all {
      if beside {
        let first = "  " + TerminalText.pad(spec.synopsis, to: synopsisWidth) + "  "
        lines += TerminalText.wrap(
          spec.summary, width: width, first: first, indent: String(repeating: " ", count: synopsisWidth + 4))
      } else {
        lines += TerminalText.wrap(spec.synopsis, width: width, first: "  ", indent: "      ")
        lines += TerminalText.wrap(spec.summary, width: width, first: "    ", indent: "    ")
      }
    }
    lines += TerminalText.wrap(
      "Words split like a shell's: quote text with spaces; # starts a comment. A line ending in & runs in the "
        + "background: the next line is read at once (Ctrl-C or 'cancel' stops it).", width: width)
    if let dataNote { lines += TerminalText.wrap(dataNote, width: width, first: "data: ", indent: "  ") }
    return lines.map { OutputLine(.out, $0) }
  }
}
