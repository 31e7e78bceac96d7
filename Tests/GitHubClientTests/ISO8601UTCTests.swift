import Foundation
import GitHubClient
import Testing

/// `ISO8601UTC` against Foundation's `ISO8601DateFormatter`, the formatter it replaced: the same
/// text for the same second, and the same answer (a time or nil) for the same text.
@Suite struct ISO8601UTCTests {
  @Test func formatsAndParsesAsFoundationDoes() {
    let formatter = ISO8601DateFormatter()
    var seconds = -2_208_988_800  // 1900-01-01
    while seconds < 4_102_444_800 {  // 2100-01-01
      let text = ISO8601UTC.string(fromEpochSeconds: seconds)
      #expect(text == formatter.string(from: Date(timeIntervalSince1970: Double(seconds))))
      #expect(ISO8601UTC.epochSeconds(from: text) == seconds, "\(text)")
      seconds += 7_777_777  // about three months and a few hours: every month, leap days, any time of day
    }
  }

  @Test func readsOffsetsAsFoundationDoes() {
    let formatter = ISO8601DateFormatter()
    for text in [
      "2026-11-21T09:00:42Z", "2026-11-21T11:00:42+02:00", "2026-11-21T04:30:42-04:30", "2026-11-21T11:00:42+0200",
      "2000-02-29T23:59:59Z", "2024-03-01T00:30:00+01:00",
    ] {
      let expected = formatter.date(from: text).map { Int($0.timeIntervalSince1970) }
      #expect(expected != nil, "Foundation reads \(text)")
      #expect(ISO8601UTC.epochSeconds(from: text) == expected, "\(text)")
    }
  }

  @Test func refusesWhatIsNotAnInternetDateTime() {
    for text in [
      "", "2026-11-21", "2026-11-21T09:00:42", "2026-11-21 09:00:42Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
      "2026-11-31T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T09:60:00Z", "2026-11-21T09:00:60Z",
      "2026-11-21T09:00:42+25:00", "2026-11-21T09:00:42Zjunk", "2026-11-21T09:00:4xZ", "２026-11-21T09:00:42Z",
    ] {
      #expect(ISO8601UTC.epochSeconds(from: text) == nil, "\(text)")
    }
  }
}
