import Foundation

// reactor-bench: release-mode measurements of the architecture's cost. Every scenario is
// reported next to a baseline measured in the same run (for the in-process ones, the same
// reduce called in a plain loop on `inout` state: the physical limit of any store). Run it
// with scripts/bench, which builds everything in release mode first.

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch arguments.first {
  case "memory-child":
    guard arguments.count == 3, let count = Int(arguments[2]) else { throw BenchError(Context.usage) }
    MemoryBench.child(variant: arguments[1], count: count)
  case "history-child":
    guard arguments.count == 3, let count = Int(arguments[2]) else { throw BenchError(Context.usage) }
    HistoryBench.child(variant: arguments[1], count: count)
  case "serve":
    // A loopback server for profiling reactor itself: prints its port, serves until killed.
    guard arguments.count == 2, ["recorded", "minimal"].contains(arguments[1]) else { throw BenchError(Context.usage) }
    let body = arguments[1] == "minimal" ? HTTPBench.minimalBody() : HTTPBench.recordedBody()
    guard let body else { throw BenchError("the recorded page needs \(HTTPBench.fixture)") }
    let server = try LoopbackServer(body: body)
    FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
    while true { sleep(3600) }
  case "profile":
    guard arguments.count >= 2 else { throw BenchError(Context.usage) }
    let count = arguments.count > 2 ? Int(arguments[2]) : nil
    if Profile.synchronous.contains(arguments[1]) {
      try Profile.run(arguments[1], count: count)
    } else {
      try await Profile.runAsync(arguments[1], count: count)
    }
  default:
    let context = try Context(arguments: arguments)
    await Suite.run(context)
  }
} catch {
  FileHandle.standardError.write(Data("reactor-bench: \(error)\n".utf8))
  exit(2)
}
