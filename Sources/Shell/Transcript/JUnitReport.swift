/// A JUnit XML report of a replay: one `testsuite`, one `testcase` per transcript, the diff (or
/// the reason it could not run) in a `failure`. CI systems read this format.
package struct JUnitReport: Sendable {
  /// One transcript's result.
  package struct Case: Sendable {
    package var path: String
    package var seconds: Double
    /// The failure's message and body; nil for a pass.
    package var failure: (message: String, body: String)?

    package init(path: String, seconds: Double, failure: (message: String, body: String)?) {
      self.path = path
      self.seconds = seconds
      self.failure = failure
    }
  }

  package var cases: [Case] = []

  package init() {}

  package var xml: String {
    let failures = cases.filter { $0.failure != nil }.count
    let total = cases.reduce(0) { $0 + $1.seconds }
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml +=
      "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" time=\"\(Self.seconds(total))\">\n"
    xml +=
      "  <testsuite name=\"reactor replay\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"\(Self.seconds(total))\">\n"
    for item in cases {
      let name = Self.escape(item.path)
      let open =
        "    <testcase classname=\"transcripts\" name=\"\(name)\" file=\"\(name)\" time=\"\(Self.seconds(item.seconds))\""
      if let failure = item.failure {
        xml += open + ">\n"
        xml += "      <failure message=\"\(Self.escape(failure.message))\" type=\"mismatch\">"
        xml += Self.escape(failure.body) + "</failure>\n"
        xml += "    </testcase>\n"
      } else {
        xml += open + "/>\n"
      }
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  private static func seconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// Text escaped for XML 1.0: markup characters as entities, and the control characters XML
  /// cannot hold at all (a transcript line may contain any byte) as `\u{..}`.
  static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n", "\t": escaped.unicodeScalars.append(scalar)
      case "\r": escaped += "&#13;"
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        escaped += "\\u{\(String(scalar.value, radix: 16))}"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}
