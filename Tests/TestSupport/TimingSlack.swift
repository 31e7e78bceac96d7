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

/// What a run under ThreadSanitizer (scripts/check sets `REACTOR_UNDER_SANITIZER`) leaves out.
/// It looks for races in the code a test reaches, which a few of a randomized or repeated test's
/// cases reach already, each at several times its plain cost. The suite's own run (scripts/test:
/// AddressSanitizer, under strace where ptrace is allowed) keeps every case.
public enum SanitizerRun {
  /// `thread`, `address` or `strace` (AddressSanitizer under strace) under scripts/check or
  /// scripts/test; nil in a plain `swift test`.
  public static let kind = ProcessInfo.processInfo.environment["REACTOR_UNDER_SANITIZER"]

  public static let active = kind == "thread"

  /// `count` in most runs; a third of it (at least one) under ThreadSanitizer.
  public static func cases(_ count: Int) -> Int { active ? max(1, count / 3) : count }
}
