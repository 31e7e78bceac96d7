/// What a run was asked to do.
struct Context: Sendable {
  /// How much work each scenario does: its full counts, smaller samples (`--quick`), or the
  /// least that still runs every row's code and checks (`--smoke`: scripts/test, on a debug
  /// build, where a full or quick count took most of a minute and its figures mean nothing).
  enum Size: Sendable { case full, quick, smoke }
  var size = Size.full
  /// Whether the figures are smaller samples than a full run's (a quick or smoke run).
  var quick: Bool { size != .full }
  /// Misses of targets do not fail the run, only rows that error: a check that the rows still
  /// run (scripts/test, on a debug build, where figures mean nothing).
  var ignoresTargets = false
  var runs = 5
  /// The release binary, dynamically linked (as `swift build -c release` makes it).
  var reactor: String?
  /// The release binary built with `--static-swift-stdlib`.
  var reactorStatic: String?
  /// A folder with the startup probes `foundation` and `networking` (see Benchmarks/Probes).
  var probes: String?
  var only: Set<String>?
  var results: String?
  /// CI's guard: only the rows in ``Suite/guarded`` fail the run, each held to its bound there
  /// (by default, only their scenarios run), and a scenario whose guarded rows missed runs once
  /// more.
  var guardOnly = false
  /// How many times a scenario whose checked rows missed runs again; a row fails only if it
  /// missed every time.
  var retries = 0
  /// The README whose table the run's rows go into, and the commit they were measured on.
  var readme: String?
  var commit: String?

  static let scenarios = [
    "counter", "search", "large", "render", "replay", "startup", "http", "decode", "memory", "history", "offline",
    "live",
  ]

  static let usage = """
    usage: reactor-bench [--quick | --smoke] [--no-targets] [--guard] [--retries N] [--runs N] [--only LIST] [--reactor PATH]
                         [--reactor-static PATH] [--probes DIR] [--results DIR] [--readme FILE --commit HASH]
           reactor-bench profile SCENARIO [COUNT]   (for valgrind --tool=callgrind)
           reactor-bench memory-child store|plain COUNT
           reactor-bench history-child on|off COUNT
           reactor-bench serve recorded|minimal      (a loopback search server; prints its port)
    scenarios: \(scenarios.joined(separator: ", "))
    profile scenarios: \(Profile.scenarios.joined(separator: ", "))
    """

  init(arguments: [String]) throws {
    var index = 0
    func value() throws -> String {
      index += 1
      guard index < arguments.count else { throw BenchError("\(arguments[index - 1]) needs a value\n\(Self.usage)") }
      return arguments[index]
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--quick":
        size = .quick
        runs = 3
      case "--smoke":
        size = .smoke
        runs = 1
        ignoresTargets = true
      case "--no-targets": ignoresTargets = true
      case "--guard":
        guardOnly = true
        retries = max(retries, 1)
      case "--retries": retries = max(0, Int(try value()) ?? 0)
      case "--readme": readme = try value()
      case "--commit": commit = try value()
      case "--runs": runs = max(1, Int(try value()) ?? 5)
      case "--only":
        let names = Set(try value().split(separator: ",").map(String.init))
        let unknown = names.subtracting(Self.scenarios)
        guard unknown.isEmpty else {
          throw BenchError("unknown scenario \(unknown.sorted()); known: \(Self.scenarios)")
        }
        only = names
      case "--reactor": reactor = try value()
      case "--reactor-static": reactorStatic = try value()
      case "--results": results = try value()
      case "--probes": probes = try value()
      case "-h", "--help": throw BenchError(Self.usage)
      default: throw BenchError("unknown argument \(arguments[index])\n\(Self.usage)")
      }
      index += 1
    }
  }

  func wants(_ scenario: String) -> Bool {
    only?.contains(scenario) ?? (!guardOnly || Suite.guardScenarios.contains(scenario))
  }

  /// Whether a row is measured at all: a guard run leaves out the costly rows it does not
  /// check (`replay.offline`, `replay.jobs`: a minute of CI's time).
  func measures(_ row: String) -> Bool { !guardOnly || Suite.guarded[row] != nil }

  /// Whether a miss of `row`'s target fails the run.
  func checks(_ row: String) -> Bool { !ignoresTargets && (!guardOnly || Suite.guarded[row] != nil) }

  /// `row`, held in a guard run to its bound in ``Suite/guarded`` (on its ratio, in the
  /// direction of its target) instead of its target.
  func bounded(_ row: Row) -> Row {
    guard guardOnly, let bound = Suite.guarded[row.id], let target = row.target, row.error == nil else { return row }
    var guarded = Row(
      id: row.id, scenario: row.scenario, ours: row.ours, baseline: row.baseline, baselineName: row.baselineName,
      unit: row.unit, target: Row.Target(limit: bound, atMost: target.atMost, on: .ratio), note: row.note)
    guarded.note = ["guard bound (target \(target.text(unit: row.unit)))", row.note].compactMap { $0 }.joined(
      separator: "; ")
    return guarded
  }
}

extension Context {
  /// A scenario's count at this run's size; a smoke run does a tenth of a quick run's unless
  /// the scenario needs another figure (a multiple of a page or block).
  func count(full: Int, quick: Int, smoke: Int? = nil) -> Int {
    switch size {
    case .full: full
    case .quick: quick
    case .smoke: smoke ?? max(1, quick / 10)
    }
  }
}
