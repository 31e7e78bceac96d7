import ReactorCore
public import ReactorJSON

// MARK: - The router: one handler per verb of ``CommandTable``

extension Session {
  /// Starts one command, as `start(_:tag:)` starts a line. The switch is exhaustive, so a new
  /// ``Command`` case does not compile until it has a handler.
  public func start(_ command: Command, tag: JSONValue? = nil) -> Execution {
    let sink = TaggingSink(base: configuration.sink, tag: tag)
    switch command {
    case .query(let text): return .store(search.query(text, tag: tag))
    case .next: return .store(search.next(tag: tag))
    case .nextPages(let count): return .store(search.next(pages: count, tag: tag))
    case .sort(let sort): return sortSearch(sort: sort, order: nil, tag: tag, sink: sink)
    case .order(let order): return sortSearch(sort: nil, order: order, tag: tag, sink: sink)
    case .limits: return .done(limits(sink: sink))
    case .open(let number): return .done(open(number, sink: sink))
    case .state(let feature): return .done(state(feature, sink: sink))
    case .help(let topic): return .done(help(topic, sink: sink))
    case .sleep(let duration): return .task(sleep(for: duration, tag: tag, sink: sink))
    case .username(let name): return .store(signup.send(.updateUsername(name), tag: tag))
    case .password(let text):
      return secret(text, prompt: "password: ", command: "password", tag: tag) { .updatePassword($0) }
    case .repeatPassword(let text):
      return secret(text, prompt: "repeat password: ", command: "repeat", tag: tag) { .updateRepeat($0) }
    case .submit: return submit(tag: tag)
    case .signup(let name, let password, let repeatPassword):
      return signup(name, password, repeatPassword, tag: tag)
    case .refresh: return .store(feed.send(.refresh, tag: tag))
    case .more: return .store(feed.send(.loadMore, tag: tag))
    case .cancel(let target): return .done(cancel(target, tag: tag, sink: sink))
    case .engine(let name): return .done(switchEngine(to: name, sink: sink))
    case .history(let feature, let count): return .done(history(feature: feature, count: count, sink: sink))
    case .diff(let from, let to): return .done(diff(from: from, to: to, sink: sink))
    case .goto(let seq): return .done(goto(seq, tag: tag, sink: sink))
    case .undo: return .done(undo(tag: tag, sink: sink))
    case .redo: return .done(redo(tag: tag, sink: sink))
    case .why(let feature, let pointer): return .done(why(feature: feature, pointer: pointer, sink: sink))
    case .watch(let feature, let pointer): return .done(watch(feature: feature, pointer: pointer, sink: sink))
    case .unwatch(let feature, let pointer): return .done(unwatch(feature: feature, pointer: pointer, sink: sink))
    case .trace(let on): return .done(trace(on, sink: sink))
    case .quit: return .quit
    }
  }

  /// `state`: one feature's state, or every feature's and the rate-limit budget.
  private func state(_ feature: String?, sink: TaggingSink) -> StoreTask.Completion {
    for name in feature.map({ [$0] }) ?? CommandTable.features + [Self.rateLimitFeature] {
      sink.write(records.state(feature: name, state: stateJSON(name)))
    }
    return .ok
  }

  /// `help`: the command list, or one command's usage.
  private func help(_ topic: String?, sink: TaggingSink) -> StoreTask.Completion {
    sink.write(HelpText.lines(topic: topic, dataNote: configuration.dataNote, records: records))
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
