import FoundationEssentials
public import ReactorCore

extension TimeSource {
  /// The real clock and the system time.
  public static var system: TimeSource {
    TimeSource(clock: ContinuousClock(), now: { Date().timeIntervalSince1970 })
  }

  /// A virtual clock that starts at `start` (seconds since 1970), for replays.
  public static func virtual(_ clock: VirtualClock, start: Double) -> TimeSource {
    TimeSource(clock: clock, now: { start + clock.now.offset.seconds })
  }
}
