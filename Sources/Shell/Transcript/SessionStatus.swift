package import ReactorCore
package import Rendering

/// The exit status a session of piped commands ends with, folded from how its commands ended:
/// that of the last command that failed, 0 when none did.
///
/// A recording and its replay fold the same completions the same way, so the `%status` line a
/// recording writes is the one its replay computes. A failed command's status is judged, as
/// reactor(1) judges it (``ExitStatus``), by the code of the last error it printed.
package struct SessionStatus: Sendable, Equatable {
  /// The input line that stands for Control-C in a transcript.
  package static let interrupt = "^C"

  package private(set) var value: Int32 = 0

  package init() {}

  /// Counts one command's completion; a cancelled command (Control-C, `cancel`) did not fail.
  /// `failureCode` is the code of the last error the command printed, if any.
  package mutating func add(_ completion: StoreTask.Completion, failureCode: String? = nil) {
    if completion == .error { value = ExitStatus(failureCode: failureCode).rawValue }
  }

  /// The code of the last `error` among `lines`, in text mode and NDJSON alike.
  package static func lastErrorCode(in lines: some BidirectionalCollection<OutputLine>) -> String? {
    for line in lines.reversed() {
      guard let record = line.keptRecord, record["type"] == .string("error") else { continue }
      if case .string(let code)? = record["code"] { return code }
    }
    return nil
  }
}
