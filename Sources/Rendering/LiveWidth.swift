import Synchronization

/// The terminal's width as it is now: shared by every renderer of a session and set again when
/// the terminal is resized (SIGWINCH), so the next output uses the new width.
public final class LiveWidth: Sendable {
  private let columns: Atomic<Int>

  public init(_ columns: Int) { self.columns = Atomic(columns) }

  /// The width now.
  public var value: Int { columns.load(ordering: .relaxed) }

  /// Sets the width (from the signal handler's thread).
  public func set(_ columns: Int) { self.columns.store(columns, ordering: .relaxed) }
}
