import ReactorCore
package import ReactorJSON
package import Rendering

/// Says where each error came from, and remembers each command's last error code, for a
/// session that reads commands from a pipe, a file or the command line.
///
/// The read-run loop tags every command with ``InputLocation/tag(line:file:)`` (or
/// ``InputLocation/tag(command:)``), and every record the command causes carries that tag, now
/// or from its effects. An error line with a `line` is rewritten to name it:
/// `error: line 3: ...` from a pipe, `FILE:3: error: ...` from a file, and `"line"` (with
/// `"file"`) in its NDJSON record. Lines without a tag pass through as they are.
package final class LocatingSink: OutputSink {
  private let base: any OutputSink
  private let records: Records
  /// Whether error lines get their location; the exit status is kept either way.
  private let locates: Bool
  /// The last error code of each command still running or not yet asked about; few at a time.
  private let lastCodes = Locked<[(tag: JSONValue, code: String)]>([])

  package init(base: any OutputSink, records: Records, locates: Bool = true) {
    self.base = base
    self.records = records
    self.locates = locates
  }

  package func write(_ lines: [OutputLine]) {
    guard lines.contains(where: { $0.tag != nil }) else { return base.write(lines) }
    base.write(
      lines.map { line in
        guard let tag = line.tag, let record = line.keptRecord, record["type"] == .string("error") else { return line }
        if case .string(let code)? = record["code"] {
          lastCodes.withLock { codes in
            codes.removeAll { $0.tag == tag }
            codes.append((tag, code))
          }
        }
        guard locates else { return line }
        let location = InputLocation(tag: tag)
        return records.locate(line, line: location.line, file: location.file, command: location.command)
      })
  }

  /// The code of the last error the command tagged `tag` reported, forgotten once asked for.
  package func takeFailureCode(for tag: JSONValue) -> String? {
    lastCodes.withLock { codes in
      guard let index = codes.firstIndex(where: { $0.tag == tag }) else { return nil }
      return codes.remove(at: index).code
    }
  }
}
