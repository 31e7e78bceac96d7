import Foundation
import GitHubClientLive
import ReactorCore
import Rendering
import SearchFeature
import Shell

/// `reactor-bench profile SCENARIO [COUNT]`: runs only our side of a scenario, once, for
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledRegion*'`,
/// so setup (building repositories, the first 100,000) is not counted.
enum Profile {
  static let scenarios = [
    "counter", "search", "search-ndjson", "search-task", "search-taskless", "large", "session", "replay", "http-client",
    "render", "render-direct", "decode", "decode-small", "session-cassette", "replay-check", "offline-query",
    "offline-next", "live-frame", "width", "width-unicode",
  ]

  nonisolated(unsafe) static var body: () -> Void = {}

  /// Scenarios whose work runs on the calling thread; callgrind can count them with a toggle.
  /// (Under valgrind 3.19, this binary crashes when work runs on the concurrency thread pool:
  /// profile `replay` and `http-client` with perf instead.)
  static let synchronous: Set<String> = [
    "counter", "search", "search-ndjson", "search-task", "search-taskless", "large", "session", "render",
    "render-direct", "decode", "decode-small", "session-cassette", "replay-check", "offline-query", "offline-next",
    "live-frame", "width", "width-unicode",
  ]

  /// The asynchronous scenarios, measured as a whole process.
  static func runAsync(_ scenario: String, count: Int?) async throws {
    switch scenario {
    case "replay":
      // Async work runs in partial functions that callgrind cannot toggle on: profile the whole
      // process (the setup is small).
      let lines = ReplayBench.commands(count ?? 2_000)
      let cassette = try await ReplayBench.makeCassette()
      defer { try? FileManager.default.removeItem(atPath: cassette) }
      _ = await ReplayBench.recorded(lines, cassette: cassette)
      print("replay: \(lines.count) commands on a cassette, recorded once (whole process)")
    case "http-client":
      let server = try LoopbackServer(body: HTTPBench.recordedBody() ?? HTTPBench.minimalBody())
      let milliseconds = try await HTTPBench.inProcess(server: server, count: count ?? 200)
      print("http-client: \(count ?? 200) requests, \(format(milliseconds)) ms each (whole process)")
    default:
      throw BenchError("unknown profile scenario \(scenario); known: \(scenarios.joined(separator: ", "))")
    }
  }

  /// The synchronous scenarios; call on the main thread, before any `await`.
  static func run(_ scenario: String, count: Int?) throws {
    switch scenario {
    case "render", "render-direct":
      let lines = count ?? 1_000
      let page = Fixtures.repositories(start: 1_000, count: 30)
      let records = Records(options: RenderOptions(mode: .json))
      measure {
        for index in 0..<lines {
          if scenario == "render" {
            blackhole(RenderLineBench.current(page, seq: UInt64(index), records: records))
          } else {
            blackhole(RenderLineBench.direct(page, seq: UInt64(index)))
          }
        }
      }
      print("\(scenario): \(lines) lines")
    case "live-frame":
      // What `live.frame.1000` times: a move and the frame drawn after it, 1,000 results loaded.
      let frames = count ?? 300
      let loaded = LiveBench.makeView(total: 1_000, throttle: .zero)
      LiveBench.load(loaded, total: 1_000, width: 120, height: 32)
      var screen = LiveScreen(view: loaded.view, width: 120, height: 32, color: true)
      _ = screen.open(at: .zero)
      _ = loaded.view.handle(.home, at: .zero)
      _ = screen.draw(at: .zero)
      measure {
        for index in 0..<frames {
          _ = loaded.view.handle(index % 2 == 0 ? .down : .up, at: .zero)
          blackhole(screen.draw(at: .zero))
        }
      }
      print("live-frame: \(frames) frames")
    case "width", "width-unicode":
      // What `live.width` and `live.width.unicode` time: TerminalText.width of 2,000 texts.
      let texts = scenario == "width" ? WidthBench.asciiTexts() : WidthBench.unicodeTexts()
      let rounds = count ?? 10
      measure { for _ in 0..<rounds { for text in texts { blackhole(TerminalText.width(text)) } } }
      print("\(scenario): \(rounds) rounds of \(texts.reduce(0) { $0 + $1.count }) graphemes")
    case "decode", "decode-small":
      let pages = count ?? 200
      guard let body = scenario == "decode" ? HTTPBench.recordedBody() : HTTPBench.minimalBody() else {
        throw BenchError("the recorded page needs ../shared/fixtures")
      }
      let response = HTTPResponse(status: 200, headers: [], body: Data(body))
      let api = GitHubAPI(
        configuration: GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: "reactor-bench"))
      measure { for _ in 0..<pages { blackhole(try! api.searchPage(response, page: 1, perPage: 30)) } }
      print("\(scenario): \(pages) pages of \(body.count) bytes")
    case "session-cassette":
      // The replay's command lines through a Session on a cassette and virtual time, as
      // `ReplayBench.direct`; the cassette is made first, its tasks run on this thread.
      let executor = ManualExecutor()
      let made = Locked<String?>(nil)
      Task(executorPreference: executor) {
        let path = try! await ReplayBench.makeCassette()
        made.withLock { $0 = path }
      }
      executor.runUntilIdle()
      guard let cassette = made.withLock({ $0 }) else { throw BenchError("the cassette was not made synchronously") }
      defer { try? FileManager.default.removeItem(atPath: cassette) }
      let lines = ReplayBench.commands(count ?? 2_000)
      measure { _ = ReplayBench.direct(lines, cassette: cassette) }
      print("session-cassette: \(lines.count) command lines")
    case "replay-check":
      // What the `replay` row times, `Replayer.check` of a recorded transcript, with every task
      // on a manual executor run by this thread; the cassette and the transcript are made first.
      let executor = ManualExecutor()
      let lines = ReplayBench.commands(count ?? 2_000)
      let made = Locked<(String, String)?>(nil)
      Task(executorPreference: executor) {
        let path = try! await ReplayBench.makeCassette()
        let expected = await ReplayBench.recorded(lines, cassette: path)
        made.withLock { $0 = (path, expected) }
      }
      executor.runUntilIdle()
      guard let (cassette, expected) = made.withLock({ $0 }) else {
        throw BenchError("the transcript was not made synchronously")
      }
      defer { try? FileManager.default.removeItem(atPath: cassette) }
      let replayer = Replayer(runner: ReplayBench.runner, write: { _ in })
      measure {
        let verdict = Locked<Replayer.Verdict?>(nil)
        Task(executorPreference: executor) {
          let result = await replayer.check(expected, name: "bench.t").verdict
          verdict.withLock { $0 = result }
        }
        executor.runUntilIdle()
        precondition(verdict.withLock { $0 } == .ok, "the transcript did not replay on this thread")
      }
      print("replay-check: \(lines.count) commands")
    case "offline-query", "offline-next":
      // The `offline` row's lines (text output) through a Session on the offline sample, as
      // `reactor --offline` runs them, with every task on this thread: the instruction-counted
      // view of a piped query against a piped `next` that sends no request.
      let count = count ?? 600
      let lines = scenario == "offline-query" ? OfflineBench.queryLines(count) : Array(repeating: "next", count: count)
      measure { _ = ReplayBench.direct(lines, cassette: nil, options: RenderOptions(mode: .text, color: false)) }
      print("\(scenario): \(count) command lines")
    case "counter":
      let actions = count ?? 100_000
      let store = Store(reactor: CounterReactor())
      measure { for _ in 0..<actions { store.send(.increment) } }
      print("counter: \(actions) actions")
    case "search", "search-ndjson":
      let script = SearchScriptBench.script(queries: count ?? 1_000)
      let (store, executor) = SearchScriptBench.makeStore(rendering: scenario == "search" ? nil : NullSink())
      measure { SearchScriptBench.drive(store, executor, script) }
      print("\(scenario): \(script.actions) actions")
    case "search-taskless":
      let script = SearchScriptBench.script(queries: count ?? 1_000)
      let reactor = SearchScriptBench.TasklessSearchReactor()
      let (store, executor) = SearchScriptBench.makeStore(reactor, rendering: nil)
      measure { SearchScriptBench.drive(store, executor, script) }
      print("\(scenario): \(script.actions) actions")
    case "search-task":
      let script = SearchScriptBench.script(queries: count ?? 1_000)
      measure { _ = SearchScriptBench.taskFloor(script) }
      print("\(scenario): \(script.actions) bare tasks")
    case "session":
      let script = SearchScriptBench.script(queries: count ?? 1_000)
      measure { _ = SearchScriptBench.session(script) }
      print("session: \(script.actions) command lines")
    case "large":
      let appends = count ?? 2_000
      let setup = LargeStateBench.setup(start: 100_000, appends: appends, block: appends)
      let (store, executor) = LargeStateBench.loadedStore(setup)
      measure {
        for _ in 0..<appends {
          store.send(.loadNextPage)
          executor.runUntilIdle()
        }
      }
      print("large: \(appends) appends onto 100,030 repos")
    default:
      throw BenchError("unknown profile scenario \(scenario); known: \(scenarios.joined(separator: ", "))")
    }
  }

  static func measure(_ work: @escaping () -> Void) {
    body = work
    profiledRegion()
  }
}

/// The region callgrind counts (`--toggle-collect='*profiledRegion*'`).
@inline(never)
func profiledRegion() {
  Profile.body()
}
