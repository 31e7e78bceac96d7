extension Store {
  // MARK: - States as a sequence

  /// The state now, then the state after each commit, latest wins (see ``StateStream``):
  /// ReactorKit's `reactor.state`.
  ///
  /// ```swift
  /// for await state in store.states { render(state) }
  /// ```
  public var states: StateStream<R.State> {
    StateStream { [weak self] in self?.subscribe({ $0 }, isRepeat: nil) ?? .ended }
  }

  /// One value of the state, now and after each commit that changes it (`==`): ReactorKit's
  /// `reactor.state.map(\.query).distinctUntilChanged()`.
  ///
  /// Latest wins (see ``StateStream``), and "changes" is measured against the value this
  /// iteration last returned: a value that changes and changes back while the consumer is busy
  /// is not offered again.
  public func states<Value: Equatable & Sendable>(
    _ keyPath: any KeyPath<R.State, Value> & Sendable
  ) -> StateStream<Value> {
    StateStream { [weak self] in self?.subscribe({ $0[keyPath: keyPath] }, isRepeat: { $0 == $1 }) ?? .ended }
  }

  /// Registers an observer that offers `project(state)` to a new channel after each commit, and
  /// starts the channel with the value now: both under the store's lock, so that the channel
  /// sees every commit after that value and none before it.
  private func subscribe<Value: Sendable>(
    _ project: @escaping @Sendable (R.State) -> Value, isRepeat: (@Sendable (Value, Value) -> Bool)?
  ) -> StateChannel<Value> {
    var channel: StateChannel<Value>?
    let token = observe { state in
      let made = StateChannel(initial: project(state), isRepeat: isRepeat)
      channel = made
      let feed = StateFeed(channel: made)
      return { event, state in
        guard case .transition = event else { return }
        feed.channel.offer(project(state))
      }
    }
    let subscribed = channel!
    subscribed.onCancel { [weak self] in self?.removeObserver(token) }
    return subscribed
  }

  // MARK: - Actions from a sequence

  /// Sends each action `actions` produces, in order, as it arrives: ReactorKit's
  /// `.bind(to: reactor.action)`.
  ///
  /// Returns when the sequence ends, or when the calling task is cancelled: no action is sent
  /// after that (a sequence that honours cancellation, as `AsyncStream` does, stops waiting at
  /// once). Run it in a task whose life is the binding's, a view's say. `send` never waits, so
  /// there is no back-pressure to define: each action is sent before the next is asked for.
  /// The effects the actions started keep running; cancel them with the store's `cancel` calls.
  /// The binding keeps the store alive until it returns.
  /// A sequence that throws ends the binding with its error.
  ///
  /// ```swift
  /// await store.send(contentsOf: queries.map(Action.updateQuery))
  /// ```
  nonisolated(nonsending)
    public func send<Actions: AsyncSequence>(contentsOf actions: Actions) async throws(Actions.Failure)
  where Actions.Element == R.Action {
    var iterator = actions.makeAsyncIterator()
    while !Task.isCancelled, let action = try await iterator.next(isolation: #isolation) {
      guard !Task.isCancelled else { return }
      send(action)
    }
  }
}
