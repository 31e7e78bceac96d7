public import Observation
public import ReactorCore

/// A store as an `Observable` object, for SwiftUI and anything else that tracks with
/// `withObservationTracking`: ReactorKit's `ObservedReactor`, without a macro on the state.
///
/// Read the state's properties on it directly (`model.query`, by dynamic member lookup) and
/// send actions through it (`model.send(.search("swift"))`). A reader is told of a change only
/// to a property it read, and only when that property's value changed (`==`): after the first
/// read of a property, every commit compares its value before and after.
///
/// Delivery: the object keeps the last state delivered to it, and changes it on the main actor
/// (``Delivery/mainActor``, the default, for a UI) or on the thread that committed
/// (``Delivery/immediately``). Main-actor delivery is latest wins, as `StateStream`'s: commits
/// made elsewhere in the meantime reach readers as one change, to the newest state. An action
/// sent through ``send(_:isolation:)`` on the main actor is delivered before `send` returns, as far as its
/// synchronous part goes.
///
/// The state it keeps is a copy: a large array in it is copied by the next change of that
/// array. It keeps its store alive; the store does not keep it.
// @unchecked Sendable: its mutable fields are guarded by `lock`.
@dynamicMemberLookup
public final class ObservableStore<R: Reactor>: Observable, @unchecked Sendable {
  /// Where the object's state changes, and so where readers are told.
  public enum Delivery: Sendable {
    /// On the main actor: what SwiftUI needs.
    case mainActor
    /// On the thread that committed, during the commit.
    case immediately
  }

  /// The store it shows.
  public let store: Store<R>
  private let delivery: Delivery
  private let registrar = ObservationRegistrar()
  private let lock = Lock()
  /// The state readers see.
  private var state: R.State
  /// The properties read so far, each with how to tell whether a change changed it.
  private var watched: [AnyKeyPath: Property] = [:]
  /// A state committed elsewhere, waiting for the main actor (main-actor delivery).
  private var waiting: R.State?
  private var token: UInt64 = 0

  /// A property read: its key path on this object, for the registrar, and a comparison.
  private struct Property {
    let member: KeyPath<ObservableStore, Int>
    let changed: (R.State, R.State) -> Bool
  }

  /// Shows `store`, delivering its changes as `delivery` says.
  public init(_ store: Store<R>, delivery: Delivery = .mainActor) {
    self.store = store
    self.delivery = delivery
    state = store.currentState
    Self.observe(store, for: self)
  }

  /// Registers `model`'s observer of `store`, and shows the state the observer starts from.
  private static func observe(_ store: Store<R>, for model: ObservableStore) {
    model.token = store.observe { now in
      // Set here, under the lock, not after `observe` returns: a commit on another thread may
      // reach the observer first, and its newer state would be overwritten by this one.
      model.lock.withLock { model.state = now }
      return { [weak model] event, state in
        guard case .transition = event, let model else { return }
        model.committed(state)
      }
    }
  }

  deinit { store.removeObserver(token) }

  // MARK: - Reading

  /// The value of a property of the state; reading it makes the reader depend on it.
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
    let member = lock.withLock { () -> KeyPath<ObservableStore, Int> in
      if let property = watched[keyPath] { return property.member }
      let property = Property(
        member: \ObservableStore.[property: keyPath],
        changed: { $0[keyPath: keyPath] != $1[keyPath: keyPath] })
      watched[keyPath] = property
      return property.member
    }
    registrar.access(self, keyPath: member)
    return lock.withLock { state[keyPath: keyPath] }
  }

  /// The identity the registrar knows a property of the state by; its value is never read.
  private subscript(property keyPath: AnyKeyPath) -> Int { 0 }

  // MARK: - Sending

  /// Sends an action to the store. On the main actor, with main-actor delivery, what its
  /// synchronous part committed is delivered before this returns.
  @discardableResult
  public func send(_ action: R.Action, isolation: isolated (any Actor)? = #isolation) -> StoreTask {
    let task = store.send(action)
    if delivery == .mainActor, let isolation, isolation === MainActor.shared {
      MainActor.assumeIsolated { deliverWaiting() }
    }
    return task
  }

  // MARK: - Delivering

  /// A commit's state, from the store's observer.
  private func committed(_ state: R.State) {
    switch delivery {
    case .immediately:
      deliver(state)
    case .mainActor:
      let scheduled = lock.withLock {
        defer { waiting = state }
        return waiting != nil
      }
      if !scheduled { Task { @MainActor in self.deliverWaiting() } }
    }
  }

  @MainActor
  private func deliverWaiting() {
    guard let state = lock.withLock({ waiting.take() }) else { return }
    deliver(state)
  }

  /// Makes `new` the state readers see, telling each reader of a property whose value changed.
  private func deliver(_ new: R.State) {
    let (changed, known) = lock.withLock {
      (watched.values.filter { $0.changed(state, new) }.map(\.member), watched.count)
    }
    // The registrar is called without the lock: a reader it tells may read again at once.
    for member in changed { registrar.willSet(self, keyPath: member) }
    // A property first read meanwhile (by a reader told above, drawing again) got the old value:
    // its readers are told of this change too.
    let late = lock.withLock {
      defer { state = new }
      guard watched.count != known else { return [KeyPath<ObservableStore, Int>]() }
      return watched.values.filter { !changed.contains($0.member) && $0.changed(state, new) }.map(\.member)
    }
    for member in changed { registrar.didSet(self, keyPath: member) }
    for member in late {
      registrar.willSet(self, keyPath: member)
      registrar.didSet(self, keyPath: member)
    }
  }
}
