/// Formats and parses ISO 8601 times without Foundation: this interface module does not import
/// it, and Foundation's `ISO8601DateFormatter` links ICU and its calendars into every binary,
/// which each start of `reactor` pays for.
package enum ISO8601UTC {
  /// The years written with four digits, and the only ones ``epochSeconds(from:)`` reads: those
  /// of RFC 3339, whose internet date-time has exactly four.
  package static let years = 0...9999

  /// `1970-01-01T00:00:00Z` style; proleptic Gregorian calendar, whole seconds. A year outside
  /// ``years`` is written in ISO 8601's expanded form, a sign and at least four digits
  /// (`-0001-12-31T00:00:00Z`, `+10000-01-01T00:00:00Z`), which says what it is though
  /// ``epochSeconds(from:)`` does not read it.
  package static func string(fromEpochSeconds seconds: Int) -> String {
    // Floor division, written so that no step overflows at the ends of `Int`.
    let secondOfDay = (seconds % 86_400 + 86_400) % 86_400
    let days = seconds >= 0 ? seconds / 86_400 : -(-(seconds + 1) / 86_400) - 1
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let digits = String(year.magnitude)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    let yearText = years.contains(year) ? padded : (year < 0 ? "-" : "+") + padded
    return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):"
      + "\(two(secondOfDay % 60))Z"
  }

  /// Seconds since 1970 of `2020-04-25T12:07:00Z` or `2020-04-25T14:07:00+02:00` (also
  /// `+0200`): the internet date-time form `ISO8601DateFormatter` reads by default, whole
  /// seconds, years 0000 to 9999 (``years``). Nil for anything else, including an impossible
  /// date such as February 30.
  package static func epochSeconds(from text: some StringProtocol) -> Int? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20 else { return nil }
    func number(_ start: Int, _ count: Int) -> Int? {
      var value = 0
      for byte in bytes[start..<start + count] {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    func at(_ index: Int, _ scalar: Unicode.Scalar) -> Bool { bytes[index] == UInt8(ascii: scalar) }
    guard let year = number(0, 4), at(4, "-"), let month = number(5, 2), at(7, "-"), let day = number(8, 2),
      at(10, "T"), let hour = number(11, 2), at(13, ":"), let minute = number(14, 2), at(16, ":"),
      let second = number(17, 2)
    else { return nil }
    var offset = 0
    switch bytes.count {
    case 20 where at(19, "Z"): offset = 0
    case 24, 25:
      let colon = bytes.count == 25
      guard at(19, "+") || at(19, "-"), let hours = number(20, 2), !colon || at(22, ":"),
        let minutes = number(colon ? 23 : 22, 2), hours < 24, minutes < 60
      else { return nil }
      offset = (at(19, "+") ? 1 : -1) * (hours * 3600 + minutes * 60)
    default: return nil
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...12).contains(month), (1...monthDays[month - 1]).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    // Howard Hinnant's days-from-civil algorithm, the inverse of the one above.
    let shiftedYear = month <= 2 ? year - 1 : year
    // Floor division: a March-based year before 0000-03-01 is -1, in the era before year 0.
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return days * 86_400 + hour * 3600 + minute * 60 + second - offset
  }
}
