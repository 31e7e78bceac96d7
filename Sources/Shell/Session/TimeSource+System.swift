import FoundationEssentials
package import ReactorCore

extension TimeSource {
  /// The real clock and the system time.
  package static var system: TimeSource {
    TimeSource(clock: ContinuousClock(), now: { Date().timeIntervalSince1970 })
  }

  /// A virtual clock that starts at `start` (seconds since 1970), for replays.
  package static func virtual(_ clock: VirtualClock, start: Double) -> TimeSource {
    TimeSource(clock: clock, now: { start + clock.now.offset.seconds })
  }
}
