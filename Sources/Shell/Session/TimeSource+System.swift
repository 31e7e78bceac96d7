import FoundationEssentials
package import ReactorCore

extension TimeSource {
  /// The real clock and the system time.
  package static var system: TimeSource {
    TimeSource(clock: ContinuousClock(), now: { Date().timeIntervalSince1970 })
  }

  /// The real clock, and the time from `start` (seconds since 1970) on as it passes: a
  /// recording's, whose `%clock` is `start`, so that what the session prints about time ("21 s
  /// ago") replays on the virtual clock as it was recorded.
  package static func system(from start: Double) -> TimeSource {
    let epoch = ContinuousClock.now
    return TimeSource(clock: ContinuousClock(), now: { start + epoch.duration(to: .now).seconds })
  }

  /// A virtual clock that starts at `start` (seconds since 1970), for replays.
  package static func virtual(_ clock: VirtualClock, start: Double) -> TimeSource {
    TimeSource(clock: clock, now: { start + clock.now.offset.seconds })
  }
}
