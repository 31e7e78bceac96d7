import ReactorJSON

// MARK: - Where an error came from

extension Records {
  /// An error line from ``error(code:message:feature:)`` that names the input line of its
  /// command: `"line"` (and `"file"`) in its record; `error: line 3: ...` in text, or
  /// `FILE:3: error: ...` for a file, the form editors and compilers use. Any other line, or
  /// no line number, is returned as it is.
  /// An error of the `command`-th `-c` command names it by `"command"` in its record; its
  /// text names the command already.
  package func locate(_ line: OutputLine, line number: Int?, file: String?, command: Int? = nil) -> OutputLine {
    if let command, number == nil, options.mode == .json, var object = line.keptRecord,
      object["type"] == .string("error")
    {
      object["command"] = .int(command)
      return record(object).tagged(line.tag)
    }
    guard let number, var object = line.keptRecord, object["type"] == .string("error") else { return line }
    object["line"] = .int(number)
    if let file { object["file"] = .string(file) }
    if options.mode == .json { return record(object).tagged(line.tag) }
    guard case .string(let message)? = object["message"] else { return line }
    let text =
      if let file {
        errorText(message, location: "\(TerminalText.sanitize(file, keepTab: false)):\(number)")
      } else {
        style.red("error:") + " line \(number): " + TerminalText.sanitize(message)
      }
    return OutputLine(.err, text, record: object, tag: line.tag)
  }
}
