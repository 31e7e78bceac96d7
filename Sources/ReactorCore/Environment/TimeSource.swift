/// The time sources a feature uses: a clock to sleep on, and the current time.
///
/// Live sessions use `ContinuousClock` and the system time; replays use a virtual clock whose
/// time only moves when the transcript says so, so delays and relative times replay exactly.
public struct TimeSource: Sendable {
  /// Sleeps (`try await time.sleep(for: .seconds(1.5))`).
  public var clock: any Clock<Duration>
  /// Seconds since 1970, for timestamps and "3 min ago".
  public var now: @Sendable () -> Double

  public init(clock: any Clock<Duration>, now: @escaping @Sendable () -> Double) {
    self.clock = clock
    self.now = now
  }

  /// Sleeps on the clock for `duration`; throws on cancellation.
  public func sleep(for duration: Duration) async throws {
    try await clock.sleep(for: duration)
  }
}
