import Testing

@testable import reactor_bench

@Suite("reactor-bench's bookkeeping")
struct BookkeepingTests {
  static func row(_ id: String, ours: Double, baseline: Double = 1, limit: Double? = 2) -> Row {
    Row(
      id: id, scenario: id, ours: ours, baseline: baseline, baselineName: "floor", unit: "us/action",
      target: limit.map { .atMost($0, on: .ratio) })
  }

  static func report(_ rows: [Row], quick: Bool = false) -> Report {
    Report(date: "2026-11-28T20:00:00Z", quick: quick, machine: "2 cores", load: 1.5, rows: rows)
  }

  static let readme = """
    # title

    \(ReadmeTable.begin)
    | row | ours | baseline | ratio | target | result | measured at |
    | --- | ---: | --- | ---: | --- | --- | --- |
    | `counter` | old counter line |
    | `search.store` | old store line |
    | `replay` | old replay line |
    \(ReadmeTable.end)

    after
    """

  @Test("a run replaces the rows it measured and keeps the others with their commits")
  func measuredRowsReplaceTheirs() throws {
    let text = try ReadmeTable.updated(
      Self.readme, with: Self.report([Self.row("search.store", ours: 3)]), commit: "abc1234")
    let lines = text.components(separatedBy: "\n")
    #expect(lines.contains("| `counter` | old counter line |"))
    #expect(lines.contains("| `replay` | old replay line |"))
    #expect(!text.contains("old store line"))
    #expect(
      lines.contains(
        "| `search.store` | 3.00 us/action | 1.00 (floor) | 3.00x | ratio <= 2.00 | miss | `abc1234`, 2026-11-28, load 1.50 |"
      ))
    #expect(text.hasSuffix("\nafter"))
  }

  @Test("a new row goes after the last row of its scenario, or at the end")
  func newRowsFindTheirPlace() throws {
    let report = Self.report([Self.row("search.session", ours: 1), Self.row("live.frame", ours: 1, limit: nil)])
    let ids = try ReadmeTable.updated(Self.readme, with: report, commit: "c").components(separatedBy: "\n")
      .map(ReadmeTable.id(of:)).filter { !$0.isEmpty && !$0.hasPrefix("<") && !$0.hasPrefix("#") }
    #expect(ids == ["row", "---", "counter", "search.store", "search.session", "replay", "live.frame", "after"])
  }

  @Test("a quick run leaves the table alone; a file without the table is an error")
  func quickRunsAndMissingTables() throws {
    let quick = Self.report([Self.row("counter", ours: 9)], quick: true)
    #expect(try ReadmeTable.updated(Self.readme, with: quick, commit: "c") == Self.readme)
    #expect(throws: BenchError.self) {
      try ReadmeTable.updated("# no table\n", with: Self.report([]), commit: "c")
    }
  }

  @Test("a row that missed once and passed on its rerun passes; one that missed twice fails")
  func rerunsDecide() {
    let first = [Self.row("a", ours: 3), Self.row("b", ours: 3), Self.row("c", ours: 1)]
    let again = [Self.row("a", ours: 1), Self.row("b", ours: 4), Self.row("c", ours: 5)]
    let rows = Suite.retried(first, again: again)
    #expect(rows.map(\.passed) == [true, false, true])
    #expect(rows[0].ours == 1 && rows[0].note?.hasPrefix("missed once (3.00x), passed on its rerun") == true)
    #expect(rows[1].ours == 4 && rows[1].note?.hasPrefix("missed twice (3.00x, 4.00x)") == true)
    // A row that passed the first time keeps its figure whatever the rerun measured.
    #expect(rows[2].ours == 1 && rows[2].note == nil)
  }

  @Test("--guard runs the guarded rows' scenarios, checks only their targets, and reruns once")
  func guardMode() throws {
    let context = try Context(arguments: ["--guard"])
    #expect(context.retries == 1)
    #expect(Context.scenarios.filter(context.wants) == ["counter", "search", "large", "replay", "startup", "live"])
    #expect(context.checks("search.session") && !context.checks("search.ndjson"))
    let full = try Context(arguments: [])
    #expect(full.retries == 0 && full.checks("search.ndjson"))
    #expect(!(try Context(arguments: ["--no-targets"])).checks("counter"))
  }

  @Test("--quick and --smoke shrink each scenario's counts; a smoke run checks no target and runs once")
  func sizes() throws {
    let (full, quick, smoke) = (
      try Context(arguments: []), try Context(arguments: ["--quick"]), try Context(arguments: ["--smoke"])
    )
    #expect([full, quick, smoke].map { $0.count(full: 10_000, quick: 2_000) } == [10_000, 2_000, 200])
    #expect(smoke.count(full: 400_020, quick: 100_020, smoke: 10_020) == 10_020)
    #expect(smoke.count(full: 5, quick: 3) == 1)
    #expect(!full.quick && quick.quick && smoke.quick)
    #expect(smoke.runs == 1 && !smoke.checks("counter") && quick.checks("counter"))
  }

  @Test("--guard holds a guarded row to its generous bound, in its target's direction; a full run to its target")
  func guardBounds() throws {
    let guardRun = try Context(arguments: ["--guard"])
    let session = Self.row("search.session", ours: 40, limit: 35)
    #expect(session.passed == false)
    let bounded = guardRun.bounded(session)
    #expect(bounded.passed == true && bounded.target?.limit == Suite.guarded["search.session"])
    #expect(guardRun.bounded(Self.row("search.session", ours: 60, limit: 35)).passed == false)
    // replay is "at least": the bound keeps that direction.
    let replay = Row(
      id: "replay", scenario: "replay", ours: 0.3, baseline: 1, baselineName: "Session", unit: "commands/s",
      target: .atLeast(0.8, on: .ratio))
    #expect(guardRun.bounded(replay).passed == false)
    #expect(guardRun.bounded(Self.row("search.ndjson", ours: 3, limit: 2.5)).target?.limit == 2.5)
    #expect(try Context(arguments: []).bounded(session).passed == false)
  }

  @Test("latest.json keeps every row: this run's, and the earlier runs' rows it did not measure, with their dates")
  func latestKeepsEveryRow() {
    var earlier = Self.report([Self.row("counter", ours: 1), Self.row("replay", ours: 1)])
    earlier.date = "2026-11-27T10:00:00Z"
    let first = Self.report([Self.row("replay", ours: 2)]).merged(over: earlier)
    #expect(first.rows.map(\.id) == ["replay", "counter"])
    #expect(first.rows.map(\.ours) == [2, 1])
    #expect(first.rows.map(\.measured) == [nil, "2026-11-27T10:00:00Z"])
    // A row carried twice keeps the date it was measured, not the date of the run between.
    var later = Self.report([Self.row("search.store", ours: 3)])
    later.date = "2026-11-29T10:00:00Z"
    let second = later.merged(over: first)
    #expect(second.rows.map(\.id) == ["search.store", "replay", "counter"])
    #expect(second.rows.map(\.measured) == [nil, "2026-11-28T20:00:00Z", "2026-11-27T10:00:00Z"])
    #expect(Self.report([]).merged(over: nil).rows.isEmpty)
  }
}
