public import ReactorCore

/// The exit status a session of piped commands ends with, folded from how its commands ended:
/// that of the last command that failed, 0 when none did.
///
/// A recording and its replay fold the same completions the same way, so the `%status` line a
/// recording writes is the one its replay computes. A failed command is status 1 here; the
/// finer statuses of reactor(1) (network, authentication, rate limit) map from the same
/// completions once a command's completion carries its error kind.
public struct SessionStatus: Sendable, Equatable {
  /// The input line that stands for Control-C in a transcript.
  public static let interrupt = "^C"

  public private(set) var value: Int32 = 0

  public init() {}

  /// Counts one command's completion; a cancelled command (Control-C, `cancel`) did not fail.
  public mutating func add(_ completion: StoreTask.Completion) {
    if completion == .error { value = 1 }
  }
}
