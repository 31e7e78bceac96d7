import CommandLanguage
import Dispatch
import ReactorCore
import ReactorJSON
package import Rendering

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `reactor --daemon`: NDJSON requests in, NDJSON records out, many requests in flight.
///
/// Contract (reactor(1), DAEMON MODE):
/// - The first record is `{"type":"ready","version":...,"features":[...]}`.
/// - Each request gets `begin`, then every record it causes (now or from its effects) with its
///   `id`, then exactly one `end` with `status` ok, error or cancelled, once everything it
///   started has finished or been cancelled.
/// - The next request is read while earlier ones are in flight; at most ``maxInFlight`` run at
///   once, and output is written with blocking writes, so a slow reader stops the reading of
///   input instead of growing memory.
/// - Bad input never ends the daemon: it gets an `error` record with a stable `code`.
/// - End of input (or SIGTERM): no more reading; in-flight requests may finish for up to the
///   drain timeout, then are cancelled; exit status 0.
package struct Daemon: Sendable {
  package let session: Session
  /// Where records go (the session's sink must be the same, wrapped in ``DaemonSink``).
  package let output: any OutputSink
  package let version: String
  package let drainTimeout: Duration
  package let maxInFlight: Int

  package init(
    session: Session, output: any OutputSink, version: String, drainTimeout: Duration = .seconds(30),
    maxInFlight: Int = 64
  ) {
    self.session = session
    self.output = output
    self.version = version
    self.drainTimeout = drainTimeout
    self.maxInFlight = maxInFlight
  }

  /// Serves `lines` until they end; returns the exit status.
  package func run(_ lines: some AsyncSequence<ByteLineReader.Line, Never>) async -> Int32 {
    let records = Records(options: RenderOptions(mode: .json))
    output.write([
      records.record([
        "type": .string("ready"), "version": .string(version),
        "features": .array(session.configuration.features.map { .string($0.name) }),
      ])
    ])
    let inFlight = InFlight(limit: maxInFlight)
    var lineNumber = 0
    reading: for await line in lines {
      lineNumber += 1
      let input: DaemonInput
      switch line {
      case .bytes(let bytes): input = DaemonInput.decode(bytes, lineNumber: lineNumber)
      case .tooLong(let count):
        input = .error(
          code: "line-too-long",
          message: "line \(lineNumber) has \(count) bytes; the limit is \(DaemonInput.maxLineBytes)",
          id: .int(lineNumber))
      }
      switch input {
      case .nothing: continue
      case .error(let code, let message, let id):
        var record: JSONObject = ["type": .string("error"), "code": .string(code), "message": .string(message)]
        if let id { record["id"] = id }
        output.write([records.record(record)])
      case .request(let id, let command):
        output.write([records.record(["type": .string("begin"), "id": id])])
        if Self.isQuit(command, commands: session.commands) {
          output.write([Self.end(id, .ok, records)])
          break reading
        }
        // Every request already runs without blocking the next; a trailing `&` changes nothing.
        await inFlight.acquire()
        let execution = session.start(Tokenizer.splitBackground(command).0, tag: id)
        if execution.isFinished {
          inFlight.release()
          output.write([Self.end(id, await execution.finish(), records)])
          continue
        }
        let output = output
        Task(executorPreference: session.configuration.executor) {
          let completion = await execution.finish()
          output.write([Self.end(id, completion, records)])
          inFlight.release()
        }
      }
    }
    await drain(inFlight)
    return 0
  }

  /// Lets in-flight requests finish, up to the drain timeout; then cancels them and waits for
  /// their `end` records.
  private func drain(_ inFlight: InFlight) async {
    // Nothing in flight: no timer to arm (and no timer thread to wake on the way out).
    if inFlight.isIdle { return }
    let clock = session.configuration.time
    let timeout = drainTimeout
    let session = session
    let timer = Task(executorPreference: session.configuration.executor) {
      do {
        try await clock.sleep(for: timeout)
        session.cancelAll()
      } catch {}
    }
    await inFlight.waitUntilIdle()
    timer.cancel()
  }

  /// The `end` record of request `id`: its `status` is how it ended, by the completion's name.
  static func end(_ id: JSONValue, _ completion: StoreTask.Completion, _ records: Records) -> OutputLine {
    records.record(["type": .string("end"), "id": id, "status": .string(completion.rawValue)])
  }
}

/// Adds each line's request id to its NDJSON record (keys stay sorted).
package struct DaemonSink: OutputSink {
  let base: any OutputSink

  package init(base: any OutputSink) { self.base = base }

  package func write(_ lines: [OutputLine]) {
    base.write(
      lines.map { line in
        guard let tag = line.tag, var record = line.record, record["id"] == nil else { return line }
        record["id"] = tag
        return OutputLine(line.stream, JSONValue.object(record).jsonText, record: record, tag: tag)
      })
  }
}

/// Counts requests in flight; `acquire` waits at the limit, `waitUntilIdle` for zero.
final class InFlight: Sendable {
  private struct State {
    var count = 0
    var slotWaiters: [CheckedContinuation<Void, Never>] = []
    var idleWaiters: [CheckedContinuation<Void, Never>] = []
  }
  private let state = Locked(State())
  private let limit: Int

  init(limit: Int) { self.limit = max(1, limit) }

  func acquire() async {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.count < limit {
          state.count += 1
          return true
        }
        state.slotWaiters.append(continuation)
        return false
      }
      if now { continuation.resume() }
    }
  }

  func release() {
    let (slot, idle) = state.withLock {
      state -> (CheckedContinuation<Void, Never>?, [CheckedContinuation<Void, Never>]) in
      if !state.slotWaiters.isEmpty { return (state.slotWaiters.removeFirst(), []) }
      state.count -= 1
      guard state.count == 0 else { return (nil, []) }
      defer { state.idleWaiters.removeAll() }
      return (nil, state.idleWaiters)
    }
    slot?.resume()
    for waiter in idle { waiter.resume() }
  }

  var isIdle: Bool { state.withLock { $0.count == 0 } }

  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let idle = state.withLock { state in
        if state.count == 0 { return true }
        state.idleWaiters.append(continuation)
        return false
      }
      if idle { continuation.resume() }
    }
  }
}

extension Daemon {
  /// `quit` (or `exit`) ends the input like end of file.
  static func isQuit(_ command: String, commands: CommandTable<SessionCommand>) -> Bool {
    // Only a one-word line can be `quit`: the others are not parsed twice.
    guard let words = try? Tokenizer.split(command), words.count == 1 else { return false }
    return (try? commands.parse(command)) == .quit
  }
}
