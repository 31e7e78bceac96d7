/// What went wrong during a replay beyond the output itself, such as a request the cassette
/// has no answer for. A replay with any entry fails, whatever it printed.
public final class ReplayLog: Sendable {
  private let entries = Locked<[String]>([])

  public init() {}

  /// Records one problem, e.g. `no recorded answer for GET /users/x`.
  public func record(_ problem: String) { entries.withLock { $0.append(problem) } }

  /// Every problem recorded, in order.
  public var problems: [String] { entries.withLock { $0 } }
}
