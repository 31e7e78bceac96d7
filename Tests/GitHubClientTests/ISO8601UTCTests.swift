import Foundation
import GitHubClient
import TestSupport
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

  /// A reference with no date arithmetic to share a mistake with: the proleptic Gregorian
  /// calendar walked one day at a time from 0000-01-01, a day's number counted as it goes.
  /// Foundation is no reference here: its Gregorian calendar turns Julian before 1582.
  struct CalendarWalk {
    var year = 0
    var month = 1
    var day = 1
    /// Days since 0000-01-01.
    var number = 0

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func length(of month: Int, in year: Int) -> Int {
      switch month {
      case 2: isLeap(year) ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    }

    /// The days from 0000-01-01 to 1970-01-01, summed year by year.
    static let epochDay = (0..<1970).reduce(0) { $0 + (isLeap($1) ? 366 : 365) }

    mutating func next() {
      number += 1
      day += 1
      if day > Self.length(of: month, in: year) {
        day = 1
        month += 1
        if month > 12 {
          month = 1
          year += 1
        }
      }
    }

    static func text(_ year: Int, _ month: Int, _ day: Int, second: Int = 0) -> String {
      func pad(_ value: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
      }
      return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):"
        + "\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))Z"
    }
  }

  @Test(
    "years 0000 to 9999: the days of a day-by-day calendar walk format and parse both ways; impossible dates do not")
  func agreesWithACalendarWalk() {
    var walk = CalendarWalk()
    var failures = 0
    // Under a sanitizer, the edges of every 30th year and every 211th day: the same code.
    let (yearStride, dayStride) = SanitizerRun.active ? (30, 211) : (1, 7)
    while walk.year <= 9999, failures < 10 {
      // Every month's first and last days, and every 7th day between (a different day of the
      // month each month), at a time of day that moves too.
      let edge =
        walk.year % yearStride == 0
        && (walk.day == 1 || walk.day == CalendarWalk.length(of: walk.month, in: walk.year))
      if edge || walk.number % dayStride == 0 {
        let second = walk.number * 7_919 % 86_400
        let text = CalendarWalk.text(walk.year, walk.month, walk.day, second: second)
        let seconds = (walk.number - CalendarWalk.epochDay) * 86_400 + second
        let formatted = ISO8601UTC.string(fromEpochSeconds: seconds)
        let parsed = ISO8601UTC.epochSeconds(from: text)
        if formatted != text || parsed != seconds {
          failures += 1
          Issue.record("\(seconds): formatted \(formatted), parsed \(text) as \(String(describing: parsed))")
        }
      }
      if walk.month == 1, walk.day == 1 { failures += Self.impossibleDatesRead(in: walk.year) }
      walk.next()
    }
    #expect(failures == 0)
    #expect(walk.year == 10_000 && walk.number == 3_652_425)
  }

  /// Records and counts the impossible dates of `year` that are read: a day after its month's
  /// last, day 0, months 0 and 13, 24:00:00, and February 29 of a common year.
  static func impossibleDatesRead(in year: Int) -> Int {
    let month = year % 12 + 1
    let length = CalendarWalk.length(of: month, in: year)
    var impossible = [
      CalendarWalk.text(year, month, length + 1), CalendarWalk.text(year, month, 0), CalendarWalk.text(year, 0, 1),
      CalendarWalk.text(year, 13, 1), CalendarWalk.text(year, month, 1, second: 86_400),
    ]
    if !CalendarWalk.isLeap(year) { impossible.append(CalendarWalk.text(year, 2, 29)) }
    let read = impossible.filter { ISO8601UTC.epochSeconds(from: $0) != nil }
    for text in read { Issue.record("\(text) is read") }
    return read.count
  }

  @Test("a year outside 0000-9999 is written in the expanded form, a sign and four digits or more, and not read")
  func writesOtherYearsExpanded() {
    let firstDay = -CalendarWalk.epochDay * 86_400
    #expect(ISO8601UTC.string(fromEpochSeconds: firstDay) == "0000-01-01T00:00:00Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: firstDay - 1) == "-0001-12-31T23:59:59Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: 253_402_300_799) == "9999-12-31T23:59:59Z")
    #expect(ISO8601UTC.string(fromEpochSeconds: 253_402_300_800) == "+10000-01-01T00:00:00Z")
    for seconds in [firstDay - 1, 253_402_300_800, Int.min, Int.max] {
      let text = ISO8601UTC.string(fromEpochSeconds: seconds)
      #expect(text.hasPrefix("-") || text.hasPrefix("+"), "\(text)")
      #expect(ISO8601UTC.epochSeconds(from: text) == nil, "\(text)")
    }
  }
}
