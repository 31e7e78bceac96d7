import CommandLanguage
package import FeatureKit
import ReactorCore
package import ReactorJSON

// MARK: - The router: a feature's command goes to its View, the shell's own to a handler

extension Session {
  /// Starts one command, as `start(_:tag:)` starts a line. The switch is exhaustive, so a new
  /// ``SessionCommand`` case does not compile until it has a handler.
  package func start(_ command: SessionCommand, tag: JSONValue? = nil) -> Execution {
    let sink = TaggingSink(base: configuration.sink, tag: tag)
    switch command {
    case .feature(let command):
      guard let view = views.view(named: command.feature) else { return .done(.error) }
      return command.run(on: view, sink: sink)
    case .limits: return .done(limits(sink: sink))
    case .state(let feature): return .done(state(feature, sink: sink))
    case .help(let topic): return .done(help(topic, sink: sink))
    // No time to wait: done at once, so a `cancel` after it has nothing of it to cancel.
    case .sleep(let duration) where duration <= .zero: return .done(.ok)
    case .sleep(let duration): return .task(sleep(for: duration, tag: tag, sink: sink))
    case .cancel(let target): return .done(cancel(target, tag: tag, sink: sink))
    case .history(let feature, let count): return .done(history(feature: feature, count: count, sink: sink))
    case .diff(let from, let to): return .done(diff(from: from, to: to, sink: sink))
    case .goto(let seq): return .done(goto(seq, tag: tag, sink: sink))
    case .undo: return .done(undo(tag: tag, sink: sink))
    case .redo: return .done(redo(tag: tag, sink: sink))
    case .why(let feature, let pointer): return .done(why(feature: feature, pointer: pointer, sink: sink))
    case .watch(let feature, let pointer): return .done(watch(feature: feature, pointer: pointer, sink: sink))
    case .unwatch(let feature, let pointer): return .done(unwatch(feature: feature, pointer: pointer, sink: sink))
    case .trace(let on): return .done(trace(on, sink: sink))
    case .live(let words): return live(words, sink: sink)
    case .quit: return .quit
    }
  }

  /// `state`: one feature's state, or every feature's and the rate-limit budget.
  private func state(_ feature: String?, sink: TaggingSink) -> StoreTask.Completion {
    for name in feature.map({ [$0] }) ?? views.features.map(\.name) + [CommandTable.rateLimitFeature] {
      sink.write(records.state(feature: name, state: stateJSON(name)))
    }
    return .ok
  }

  /// `help`: the command list, or one command's usage.
  private func help(_ topic: String?, sink: TaggingSink) -> StoreTask.Completion {
    sink.write(HelpText.lines(topic: topic, table: commands, dataNote: configuration.dataNote, records: records))
    return .ok
  }

  /// `sleep`: waits on the session's clock; `cancel` and Ctrl-C end it.
  private func sleep(for duration: Duration, tag: JSONValue?, sink: TaggingSink)
    -> Task<StoreTask.Completion, Never>
  {
    let time = configuration.time
    let records = records
    return sleeps.start(tag: tag, executor: configuration.executor) {
      do {
        try await time.sleep(for: duration)
      } catch {
        sink.write([records.info("sleep cancelled")])
        return .cancelled
      }
      return .ok
    }
  }
}
