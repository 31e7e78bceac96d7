package import ReactorJSON

/// Where a command came from, as the tag of its records: a line of standard input or of a
/// file, or the n-th command given on the command line.
package struct InputLocation: Sendable, Equatable {
  package var line: Int?
  package var file: String?
  /// The `-c` (or words) command's number, from 1.
  package var command: Int?

  /// The tag of the command on `line` of `file` (nil: standard input).
  package static func tag(line: Int, file: String?) -> JSONValue {
    var object: JSONObject = ["line": .int(line)]
    if let file { object["file"] = .string(file) }
    return .object(object)
  }

  /// The tag of the `number`-th command given with `-c` or as words: the command names
  /// itself in its errors, so no line is shown.
  package static func tag(command number: Int) -> JSONValue { .object(["command": .int(number)]) }

  /// The location a tag made by ``tag(line:file:)`` or ``tag(command:)`` stands for; empty
  /// for any other tag.
  package init(tag: JSONValue) {
    guard case .object(let object) = tag.resolved else { return }
    if case .int(let line)? = object["line"]?.resolved { self.line = line }
    if case .string(let file)? = object["file"]?.resolved { self.file = file }
    if case .int(let command)? = object["command"]?.resolved { self.command = command }
  }
}
