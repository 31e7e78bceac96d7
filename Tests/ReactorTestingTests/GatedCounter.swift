import ReactorCore
import ReactorTesting

/// A reactor with one synchronous mutation, one effect that waits on a gate and one that fails.
struct GatedCounter: Reactor {
  enum Action: Sendable, Equatable {
    case increment
    case load(String, AsyncGate)
    case fail(String)
  }

  enum Mutation: Sendable, Equatable {
    case increment
    case setLoaded(String)
  }

  struct State: Sendable, Equatable {
    var count = 0
    var loaded: String?
  }

  let initialState = State()

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: return .send(.increment)
    case .load(let name, let gate):
      return .run { send in
        await gate.wait()
        send(.setLoaded(name))
      }
    case .fail(let reason):
      return .run { _ in throw Failure(reason: reason) }
    }
  }

  struct Failure: Error, CustomStringConvertible {
    let reason: String
    var description: String { "failed: \(reason)" }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .increment: state.count += 1
    case .setLoaded(let name): state.loaded = name
    }
  }
}
