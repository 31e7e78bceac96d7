import Foundation

/// The results of one run: the table, the saved JSON and the comparison with the last run.
struct Report: Codable {
  var date: String
  var quick: Bool
  var machine: String
  /// The one-minute load average when the run started: other work on the machine moves
  /// wall-clock figures (nil where /proc/loadavg is not there).
  var load: Double?
  var rows: [Row]

  // MARK: - Table

  static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let count = text.count
    if count >= width { return text }
    let fill = String(repeating: " ", count: width - count)
    return right ? fill + text : text + fill
  }

  /// The table; a row whose target `checks` says nothing of shows `pass`/`miss` (lower case)
  /// and counts for nothing.
  func table(checked checks: (String) -> Bool = { _ in true }) -> String {
    let scenarioWidth = max(20, rows.map(\.scenario.count).max() ?? 20)
    let header = [
      Self.pad("scenario", scenarioWidth), Self.pad("ours", 10, right: true), Self.pad("baseline", 10, right: true),
      Self.pad("ratio", 8, right: true), "  " + Self.pad("unit", 10), Self.pad("target", 16), "result",
    ].joined(separator: " ")
    var lines = [header, String(repeating: "-", count: header.count)]
    for row in rows {
      if let error = row.error {
        lines.append(Self.pad(row.scenario, scenarioWidth) + " ERROR: " + error)
        continue
      }
      let result =
        row.passed.map { passed in checks(row.id) ? (passed ? "pass" : "FAIL") : (passed ? "pass" : "miss") }
        ?? "info"
      lines.append(
        [
          Self.pad(row.scenario, scenarioWidth), Self.pad(format(row.ours), 10, right: true),
          Self.pad(row.baseline.map(format) ?? "-", 10, right: true),
          Self.pad(row.ratio.map { format($0) + "x" } ?? "-", 8, right: true),
          "  " + Self.pad(Row.shortUnit(row.unit), 10),
          Self.pad(row.target?.text(unit: row.unit) ?? "-", 16), result,
        ].joined(separator: " "))
    }
    let baselines = Set(rows.compactMap { $0.error == nil && $0.baseline != nil ? $0.baselineName : nil })
    let notes = rows.compactMap { row in row.note.map { "  \(row.id): \($0)" } }
    lines.append("")
    lines.append("baselines (same run): " + baselines.sorted().joined(separator: "; "))
    if !notes.isEmpty { lines += ["notes:"] + notes }
    let checked = rows.filter { checks($0.id) }.compactMap(\.passed)
    let unchecked = rows.filter { !checks($0.id) && $0.passed != nil }.count
    lines.append(
      "\(checked.filter { $0 }.count) passed, \(checked.filter { !$0 }.count) failed"
        + (unchecked > 0 ? " (\(unchecked) targets not checked in this run)" : ""))
    return lines.joined(separator: "\n")
  }

  // MARK: - Comparison

  func comparison(with previous: Report) -> String {
    let before = Dictionary(previous.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let width = max(20, rows.map(\.scenario.count).max() ?? 20)
    var lines = [
      "compared with the run of \(previous.date)\(previous.quick != quick ? " (a \(previous.quick ? "quick" : "full") run)" : ""):"
    ]
    for row in rows where row.error == nil {
      guard let old = before[row.id], old.error == nil, old.ours.isFinite, old.ours != 0 else { continue }
      let change = (row.ours / old.ours - 1) * 100
      let better = row.higherIsBetter ? change > 0 : change < 0
      let verdict = abs(change) < 10 ? "same (within 10%)" : better ? "better" : "WORSE"
      lines.append(
        "  " + Self.pad(row.scenario, width) + " " + Self.pad(format(old.ours), 10, right: true) + " -> "
          + Self.pad(format(row.ours), 10, right: true) + " "
          + Self.pad(String(format: "%+.0f%%", change), 6, right: true)
          + "  " + verdict)
    }
    return lines.joined(separator: "\n")
  }

  // MARK: - Saving

  /// Writes `<directory>/<date>.json` (this run's rows) and `<directory>/latest.json` (every
  /// row: this run's, then each row of the previous latest this run did not measure, with the
  /// date it was measured); returns the previous latest, if any.
  func save(in directory: String) throws -> Report? {
    let manager = FileManager.default
    try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let latest = directory + "/latest.json"
    let decoder = JSONDecoder()
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let previous = manager.contents(atPath: latest).flatMap { try? decoder.decode(Report.self, from: $0) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // A row whose scenario failed has no figure (NaN): saved as the string "nan", so that the
    // run's other rows are still kept.
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    let stamp = date.replacingOccurrences(of: ":", with: "")
    try encoder.encode(self).write(to: URL(fileURLWithPath: directory + "/\(stamp).json"))
    try encoder.encode(merged(over: previous)).write(to: URL(fileURLWithPath: latest))
    return previous
  }

  /// This run's rows, then the rows of `previous` it did not measure, each with its date.
  func merged(over previous: Report?) -> Report {
    guard let previous else { return self }
    let ids = Set(rows.map(\.id))
    var all = self
    all.rows += previous.rows.filter { !ids.contains($0.id) }.map { row in
      var kept = row
      kept.measured = row.measured ?? previous.date
      return kept
    }
    return all
  }

  static func now() -> String {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: Date())
  }

  /// The one-minute load average, from /proc/loadavg.
  static func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
    return text.split(separator: " ").first.flatMap { Double($0) }
  }

  static func machine() -> String {
    var name = utsname()
    uname(&name)
    let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores, Linux \(release)"
  }
}
