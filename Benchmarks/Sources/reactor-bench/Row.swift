import Foundation

/// One line of the results table: our figure next to its same-run baseline, and the target.
struct Row: Codable, Sendable {
  /// What a target is checked against: our figure, or our figure divided by the baseline.
  enum Field: String, Codable, Sendable { case ours, ratio }

  struct Target: Codable, Sendable {
    var limit: Double
    /// True for "at most" (lower is better), false for "at least".
    var atMost: Bool
    var on: Field

    static func atMost(_ limit: Double, on field: Field) -> Target { Target(limit: limit, atMost: true, on: field) }
    static func atLeast(_ limit: Double, on field: Field) -> Target { Target(limit: limit, atMost: false, on: field) }

    func text(unit: String) -> String {
      let sign = atMost ? "<=" : ">="
      return on == .ratio ? "ratio \(sign) \(format(limit))" : "\(sign) \(format(limit)) \(Row.shortUnit(unit))"
    }
  }

  var id: String
  var scenario: String
  var ours: Double
  var baseline: Double?
  var baselineName: String
  var unit: String
  var ratio: Double?
  var target: Target?
  /// nil when there is no target.
  var passed: Bool?
  /// True when a larger figure is better (rates).
  var higherIsBetter: Bool
  var note: String?
  /// Set when the scenario could not run.
  var error: String?
  /// In `latest.json`, the date of the run that measured a row a later run did not measure.
  var measured: String?

  init(
    id: String, scenario: String, ours: Double, baseline: Double?, baselineName: String, unit: String, target: Target?,
    note: String? = nil
  ) {
    self.id = id
    self.scenario = scenario
    self.ours = ours
    self.baseline = baseline
    self.baselineName = baselineName
    self.unit = unit
    self.ratio = baseline.map { ours / $0 }
    self.target = target
    self.higherIsBetter = target.map { !$0.atMost } ?? unit.hasSuffix("/s")
    self.note = note
    if let target {
      let value = target.on == .ours ? ours : (ratio ?? .nan)
      passed = target.atMost ? value <= target.limit : value >= target.limit
    }
  }

  static func failure(id: String, scenario: String, error: String) -> Row {
    var row = Row(id: id, scenario: scenario, ours: .nan, baseline: nil, baselineName: "", unit: "", target: nil)
    row.error = error
    return row
  }

  static func shortUnit(_ unit: String) -> String {
    unit.replacingOccurrences(of: "commands/s", with: "cmd/s")
  }
}

/// A number with about three significant digits, thousands grouped.
func format(_ value: Double) -> String {
  guard value.isFinite else { return "-" }
  let magnitude = abs(value)
  if magnitude >= 1000 { return Int(value.rounded()).grouped }
  if magnitude >= 100 { return String(format: "%.0f", value) }
  if magnitude >= 10 { return String(format: "%.1f", value) }
  if magnitude >= 1 { return String(format: "%.2f", value) }
  return String(format: "%.3f", value)
}

extension Int {
  /// `1,000,000`.
  var grouped: String {
    let digits = String(abs(self))
    var out = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
      out.append(character)
    }
    return (self < 0 ? "-" : "") + out
  }
}
