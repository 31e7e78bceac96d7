import Foundation

/// How much longer timed test bounds stretch on this run: 1 normally, 10 under a sanitizer
/// (`REACTOR_UNDER_SANITIZER`, set by scripts/check), which slows everything several times.
/// Bounds only ever prove that something did not wait for a much longer timeout or delay.
public enum TimingSlack {
  public static let factor: Double = ProcessInfo.processInfo.environment["REACTOR_UNDER_SANITIZER"] == nil ? 1 : 10

  /// How long a test looks for an event that takes milliseconds when it comes (a server seeing
  /// a request, a connection closing): only a hang should exhaust it. Waits with ``poll`` or a
  /// ``Latch`` do not count the stalls of a loaded machine against it.
  public static var eventTimeout: Duration { seconds(30) }

  /// `seconds`, stretched by ``factor``.
  public static func seconds(_ seconds: Double) -> Duration { .milliseconds(Int64(seconds * factor * 1000)) }
}

/// What a run under ThreadSanitizer or strace (scripts/check sets `REACTOR_UNDER_SANITIZER`)
/// leaves out. They look for races and descriptors closed twice in the code a test reaches,
/// which a few of a randomized or repeated test's cases reach already, each at several times
/// its plain cost (under strace, the random recorded sessions were the suite's longest test).
/// A plain `swift test` keeps every case.
public enum SanitizerRun {
  /// `thread`, `address` or `strace` (AddressSanitizer under strace, scripts/test's run) under
  /// scripts/check or scripts/test; nil in a plain `swift test`.
  public static let kind = ProcessInfo.processInfo.environment["REACTOR_UNDER_SANITIZER"]

  public static let active = kind == "thread" || kind == "strace"

  /// `count` in a plain or AddressSanitizer-only run; a third of it (at least one) under
  /// ThreadSanitizer or strace.
  public static func cases(_ count: Int) -> Int { active ? max(1, count / 3) : count }
}
