import Synchronization

/// The terminal's width as it is now: shared by every renderer of a session and set again when
/// the terminal is resized (SIGWINCH), so the next output uses the new width.
package final class LiveWidth: Sendable {
  private let columns: Atomic<Int>

  package init(_ columns: Int) { self.columns = Atomic(columns) }

  /// The width now.
  package var value: Int { columns.load(ordering: .relaxed) }

  /// Sets the width (from the signal handler's thread).
  package func set(_ columns: Int) { self.columns.store(columns, ordering: .relaxed) }
}
