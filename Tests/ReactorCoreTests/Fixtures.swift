import ReactorCore
import ReactorJSON
import ReactorTesting

/// A reactor whose effects the tests drive by hand.
struct ProbeReactor: Reactor {
  enum Action: Sendable, Equatable {
    case increment
    case add([Int])
    case load(String, AsyncGate)
    case loadUncancellable(String, AsyncGate)
    case stop
    case fail(String)
    case dropMe
    case tell(String)
    case parallel(Int)
    case stepwise(AsyncGate)
    /// A synchronous `increment`, then an uncancellable-by-id load: the shape of a search.
    case announceThenLoad(String, AsyncGate)
    /// A synchronous `increment`, then a load that cancels the one in flight: the shape of
    /// `SearchReactor`'s `updateQuery`, whose commit comes before its cancellation.
    case announceThenReplace(String, AsyncGate)
  }

  enum Mutation: Sendable, Equatable {
    case increment
    case append(Int)
    case setLoaded(String)
    case setError(String)
  }

  struct State: Sendable, Equatable, PatchableState {
    var count = 0
    var values = TrackedArray<Int>()
    var loaded: String?
    var error: String?
    var transformed = 0

    static let patchFields: [PatchField<State>] = [
      .value("count", \.count), .list("values", \.values), .value("loaded", \.loaded), .value("error", \.error),
    ]
  }

  struct Failure: Error, Equatable { var reason: String }

  let initialState = State()

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: return .send(.increment)
    case .add(let values): return .concatenate(values.map { .send(.append($0)) })
    case .load(let name, let gate):
      return .run { send in
        await gate.wait()
        send(.setLoaded(name))
      }.cancellable(id: "load", cancelInFlight: true)
    case .loadUncancellable(let name, let gate):
      return .run { send in
        await gate.wait()
        send(.setLoaded(name))
      }
    case .stop: return .cancel(id: "load")
    case .fail(let reason): return .run { _ in throw Failure(reason: reason) }
    case .dropMe: return .send(.increment)
    case .tell(let message): return .notice(message)
    case .parallel(let count):
      return .merge((0..<count).map { value in .run { send in send(.append(value)) } })
    case .announceThenLoad(let name, let gate):
      return .concatenate(
        .send(.increment),
        .run { send in
          await gate.wait()
          send(.setLoaded(name))
        })
    case .announceThenReplace(let name, let gate):
      return .concatenate(
        .send(.increment),
        .run(cancellableAs: "load", cancelInFlight: true) { send in
          await gate.wait()
          send(.setLoaded(name))
        })
    case .stepwise(let gate):
      return .run { send in
        send(.append(1))
        await gate.wait()
        send(.append(2))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increment: state.count += 1
    case .append(let value): state.values.append(value)
    case .setLoaded(let name): state.loaded = name
    case .setError(let reason): state.error = reason
    }
  }

  func transform(action: Action) -> Action? { action == .dropMe ? nil : action }

  func transform(state: inout State) { state.transformed += 1 }

  func failure(of mutation: Mutation) -> (any Error)? {
    if case .setError(let reason) = mutation { return Failure(reason: reason) }
    return nil
  }
}

/// Records what a store's observer saw.
final class Recorder: Sendable {
  struct Entry: Sendable, Equatable {
    var seq: UInt64
    var mutation: ProbeReactor.Mutation
    var patch: [PatchOperation]
    var failed: Bool
  }

  let entries = Locked<[Entry]>([])
  let notices = Locked<[String]>([])
  let failures = Locked<[String]>([])

  init(_ store: Store<ProbeReactor>) {
    store.observe { [self] event, _ in
      switch event {
      case .transition(let t):
        entries.withLock {
          $0.append(Entry(seq: t.seq, mutation: t.mutation!, patch: t.patch, failed: t.failure != nil))
        }
      case .notice(let notice, _, _): notices.withLock { $0.append(notice.message) }
      case .failure(let error, _, _): failures.withLock { $0.append(String(describing: error)) }
      }
    }
  }

  var mutations: [ProbeReactor.Mutation] { entries.withLock { $0.map(\.mutation) } }
  var seqs: [UInt64] { entries.withLock { $0.map(\.seq) } }
}
