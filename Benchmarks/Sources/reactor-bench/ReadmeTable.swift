import Foundation

/// The table of Benchmarks/README.md that says each row's last measured figure and the commit
/// it was measured at. `scripts/bench` rewrites it after a full run: the rows the run measured
/// replace theirs, every other row stays as it was, so no row's figure can be older than its
/// last run without the table saying so.
enum ReadmeTable {
  static let begin = "<!-- scripts/bench writes the rows below (reactor-bench --readme); edits are overwritten -->"
  static let end = "<!-- end of the rows scripts/bench writes -->"
  static let header = [
    "| row | ours | baseline | ratio | target | result | measured at |",
    "| --- | ---: | --- | ---: | --- | --- | --- |",
  ]

  /// Rewrites the table between ``begin`` and ``end`` in the file at `path`.
  static func update(_ path: String, with report: Report, commit: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    try updated(text, with: report, commit: commit).write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// `text` with its table's rows replaced by `report`'s (a quick run changes nothing: its
  /// figures are smaller samples than a full run's).
  static func updated(_ text: String, with report: Report, commit: String) throws -> String {
    var lines = text.components(separatedBy: "\n")
    guard let start = lines.firstIndex(of: begin), let stop = lines.firstIndex(of: end), start < stop else {
      throw BenchError("no table between '\(begin)' and '\(end)'")
    }
    guard !report.quick else { return text }
    var table = Array(lines[(start + 1)..<stop].dropFirst(header.count)).map { (id: id(of: $0), line: $0) }
    let day = String(report.date.prefix(10))
    let load = report.load.map { ", load \(format($0))" } ?? ""
    for row in report.rows {
      let line = self.line(row, measured: "`\(commit)`, \(day)\(load)")
      if let index = table.firstIndex(where: { $0.id == row.id }) {
        table[index].line = line
      } else {
        // After the last row of the same scenario (the id's first word), else at the end.
        let family = row.id.split(separator: ".").first.map(String.init) ?? row.id
        let last = table.lastIndex { $0.id.split(separator: ".").first.map(String.init) == family }
        table.insert((row.id, line), at: last.map { $0 + 1 } ?? table.endIndex)
      }
    }
    lines.replaceSubrange((start + 1)..<stop, with: header + table.map(\.line))
    return lines.joined(separator: "\n")
  }

  /// The row id of a table line: its first cell, between backticks.
  static func id(of line: String) -> String {
    let cells = line.split(separator: "|", omittingEmptySubsequences: true)
    return cells.first.map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["`"]) } ?? ""
  }

  static func line(_ row: Row, measured: String) -> String {
    let unit = Row.shortUnit(row.unit)
    let cells: [String]
    if let error = row.error {
      cells = [
        "`\(row.id)`", "error: \(error.replacingOccurrences(of: "|", with: "/"))", "", "", "", "ERROR", measured,
      ]
    } else {
      cells = [
        "`\(row.id)`", "\(format(row.ours)) \(unit)",
        row.baseline.map { "\(format($0)) (\(row.baselineName))" } ?? "-",
        row.ratio.map { format($0) + "x" } ?? "-",
        row.target?.text(unit: row.unit) ?? "-",
        row.passed.map { $0 ? "pass" : "miss" } ?? "info",
        measured,
      ]
    }
    return "| " + cells.joined(separator: " | ") + " |"
  }
}
