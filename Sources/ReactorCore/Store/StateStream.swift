/// A store's states, or one value of them, as an asynchronous sequence: the value when iteration
/// starts, then the value after each commit (ReactorKit's `reactor.state`). Made by
/// ``Store/states`` and ``Store/states(_:)``.
///
/// Back-pressure: **latest wins**. The store never waits for a consumer and never buffers for
/// one: each iteration holds at most one value it has not taken yet, and a commit replaces it.
/// A consumer that is busy while several commits happen is given only the newest value when it
/// asks again; the values between are skipped. This is what a view wants (draw what is true
/// now, never a backlog), and a slow consumer costs the store one copy of a value per commit.
/// To see every transition, in order and synchronously, use ``Store/observe(_:)``.
///
/// Each iteration (each `for await`) is a subscription of its own, from the value at its start.
/// It ends, and the store forgets it,
/// - when the iterating task is cancelled: `next()` returns nil at once, even with a value
///   waiting;
/// - when the iterator is discarded (a `break` out of the loop);
/// - when the store is deallocated: the value waiting, if any, is still returned, then nil.
///   A stream does not keep its store alive.
///
/// The value waiting is a copy: while it is held, the next change of a large array in it
/// copies that array. Prefer the key-path form for a field of a large state.
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
  public typealias Failure = Never

  /// Subscribes: registers with the store and returns the channel, holding the value now.
  let subscribe: @Sendable () -> StateChannel<Element>

  public func makeAsyncIterator() -> Iterator { Iterator(channel: subscribe()) }

  /// One subscription's iterator.
  public struct Iterator: AsyncIteratorProtocol {
    let subscription: Subscription

    init(channel: StateChannel<Element>) { subscription = Subscription(channel: channel) }

    /// The next value, waiting for a commit if there is none; nil once the iteration ended.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await subscription.channel.next(isolation: actor)
    }

    public mutating func next() async -> Element? {
      await subscription.channel.next(isolation: nil)
    }
  }

  /// What an iterator holds: when the last copy of it goes, the subscription ends.
  final class Subscription: Sendable {
    let channel: StateChannel<Element>
    init(channel: StateChannel<Element>) { self.channel = channel }
    deinit { channel.cancel() }
  }
}

/// The one value an iteration has not taken yet, and the consumer waiting for it.
///
/// Guarded by a pthread ``Lock``, not the stdlib's stream, for the sanitizer's sake (see
/// ``Locked``): the values cross threads here.
final class StateChannel<Value: Sendable>: @unchecked Sendable {  // its mutable fields are guarded by `lock`
  private let lock = Lock()
  private var pending: Value?
  /// The value last returned, kept only to skip repeats (`isRepeat` set).
  private var delivered: Value?
  private var waiter: UnsafeContinuation<Value?, Never>?
  private var finished = false
  /// Forgets the subscription in its store; set once registered.
  private var unsubscribe: (@Sendable () -> Void)?
  private let isRepeat: (@Sendable (Value, Value) -> Bool)?

  /// A channel holding `initial`; with `isRepeat`, a value equal to the one last returned is
  /// not offered again.
  init(initial: Value, isRepeat: (@Sendable (Value, Value) -> Bool)?) {
    pending = initial
    self.isRepeat = isRepeat
  }

  private init() {
    finished = true
    isRepeat = nil
  }

  /// The iteration of a store that went away before it started: it ends at once.
  static var ended: StateChannel { StateChannel() }

  /// Sets what ends the subscription in its store (before any value can be offered).
  func onCancel(_ unsubscribe: @escaping @Sendable () -> Void) {
    lock.withLock { self.unsubscribe = unsubscribe }
  }

  /// Offers a committed value: to the waiting consumer, or in place of the value waiting.
  func offer(_ value: Value) {
    lock.lock()
    if finished {
      lock.unlock()
      return
    }
    if let isRepeat, let delivered, isRepeat(value, delivered) {
      // Back to what the consumer has: whatever waited in between is no change to it.
      pending = nil
      lock.unlock()
      return
    }
    guard let waiter else {
      pending = value
      lock.unlock()
      return
    }
    self.waiter = nil
    if isRepeat != nil { delivered = value }
    lock.unlock()
    waiter.resume(returning: value)
  }

  /// The store went away: the value waiting is still taken, then the iteration ends.
  func finish() {
    lock.lock()
    finished = true
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: nil)
  }

  /// The consumer cancelled or went away: ends the iteration now and forgets the subscription.
  func cancel() {
    lock.lock()
    finished = true
    pending = nil
    let waiter = self.waiter
    self.waiter = nil
    let unsubscribe = self.unsubscribe
    self.unsubscribe = nil
    lock.unlock()
    waiter?.resume(returning: nil)
    unsubscribe?()
  }

  func next(isolation actor: isolated (any Actor)?) async -> Value? {
    if Task.isCancelled {
      cancel()
      return nil
    }
    if let value = take() { return value }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation(isolation: actor) { (continuation: UnsafeContinuation<Value?, Never>) in
        lock.lock()
        if let value = pending {
          pending = nil
          if isRepeat != nil { delivered = value }
          lock.unlock()
          continuation.resume(returning: value)
        } else if finished {
          lock.unlock()
          continuation.resume(returning: nil)
        } else {
          waiter = continuation
          lock.unlock()
        }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The value waiting, taken; nil when none waits.
  private func take() -> Value? {
    lock.withLock {
      guard let value = pending else { return nil }
      pending = nil
      if isRepeat != nil { delivered = value }
      return value
    }
  }
}

/// Held by a store's observer for a subscription: when the store goes away, so does this, and
/// the iteration ends.
final class StateFeed<Value: Sendable>: Sendable {
  let channel: StateChannel<Value>
  init(channel: StateChannel<Value>) { self.channel = channel }
  deinit { channel.finish() }
}
