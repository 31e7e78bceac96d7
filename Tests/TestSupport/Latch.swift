import Foundation
import ReactorCore

/// A flag that a loopback handler can block on until the test, or another handler, sets it:
/// a response held back until something else has happened, instead of for a while.
public final class Latch: Sendable {
  private let isSet = Locked(false)

  public init() {}

  /// Sets the flag; every waiter goes on.
  public func set() { isSet.withLock { $0 = true } }

  /// Whether the flag is set, without waiting.
  public var wasSet: Bool { isSet.withLock { $0 } }

  /// Blocks the calling thread (a handler's, never the cooperative pool's) until the flag is
  /// set; false if `timeout` of looking is spent first (see ``Patience``).
  @discardableResult
  public func wait(timeout: Duration = TimingSlack.eventTimeout) -> Bool {
    var patience = Patience(timeout)
    while !isSet.withLock({ $0 }) {
      if patience.expired() { return isSet.withLock { $0 } }
      Thread.sleep(forTimeInterval: 0.001)
    }
    return true
  }
}
