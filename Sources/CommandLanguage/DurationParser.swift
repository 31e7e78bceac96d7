/// Parses `250ms`, `2s`, `1.5s`, `1m`, `1h` (a bare number means seconds): `sleep`'s argument
/// and every flag that takes a duration (`--timeout`, `--drain-timeout`, `--signup-latency`).
package enum DurationParser {
  /// A `sleep` duration, up to one hour.
  package static func parse(_ text: String) -> Duration? {
    guard let seconds = seconds(text), seconds <= 3600 else { return nil }
    return .milliseconds(Int64((seconds * 1000).rounded()))
  }

  /// The seconds `text` stands for, with no upper bound (each flag checks its own range);
  /// nil unless it is a finite, non-negative number with at most one unit.
  package static func seconds(_ text: String) -> Double? {
    let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
    var number = Substring(text)
    var scale = 1.0
    for (suffix, factor) in units where text.hasSuffix(suffix) {
      number = text.dropLast(suffix.count)
      scale = factor
      break
    }
    guard let value = Double(number), value.isFinite, value >= 0 else { return nil }
    return value * scale
  }
}
