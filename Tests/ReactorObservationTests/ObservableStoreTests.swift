import Foundation
import Observation
import ReactorCore
import ReactorObservation
import ReactorTesting
import Testing

/// A search-shaped reactor whose late answer commits from an effect's task, off the main actor.
private struct Search: Reactor {
  enum Action: Sendable {
    case setQuery(String)
    case addRepo(String)
    case answerLater(String, AsyncGate)
    case replace(query: String, repos: [String])
  }
  enum Mutation: Sendable {
    case setQuery(String)
    case addRepo(String)
    case replace(query: String, repos: [String])
  }
  struct State: Sendable, Equatable {
    var query = ""
    var repos: [String] = []
  }

  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .setQuery(let query): .send(.setQuery(query))
    case .addRepo(let repo): .send(.addRepo(repo))
    case .answerLater(let repo, let gate):
      .run { send in
        await gate.wait()
        send(.addRepo(repo))
      }
    case .replace(let query, let repos): .send(.replace(query: query, repos: repos))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setQuery(let query): state.query = query
    case .addRepo(let repo): state.repos.append(repo)
    case .replace(let query, let repos): (state.query, state.repos) = (query, repos)
    }
  }
}

/// Whether the caller runs on the main actor's executor, the main dispatch queue on Linux. Not
/// the main thread: once the test runner calls dispatchMain, libdispatch drains the main queue on
/// whichever worker thread is free, one job at a time, so a thread's identity proves nothing.
private func onMainActor() -> Bool {
  DispatchQueue.getSpecific(key: mainQueueKey) == true
}

private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()

/// Counts the changes Observation reports to one tracking of `read`, which it re-arms after
/// each: what SwiftUI does for a view's body.
private final class Tracker: Sendable {
  let changes = Locked(0)
  /// Whether each change was told on the main actor.
  let onMain = Recorder<Bool>()

  init(_ read: @escaping @Sendable () -> Void) { track(read) }

  private func track(_ read: @escaping @Sendable () -> Void) {
    withObservationTracking(read) { [self] in
      changes.withLock { $0 += 1 }
      onMain.append(onMainActor())
    }
  }

  var count: Int { changes.withLock { $0 } }
}

@Suite("ObservableStore: a store as an Observable")
struct ObservableStoreTests {
  @Test("reading query is not invalidated by a change to repos, and is by a change to query")
  func perProperty() {
    let model = ObservableStore(Store(reactor: Search()), delivery: .immediately)
    let queryReader = Tracker { _ = model.query }
    let reposReader = Tracker { _ = model.repos }
    model.send(.addRepo("apple/swift"))
    #expect(queryReader.count == 0)
    #expect(reposReader.count == 1)
    #expect(model.repos == ["apple/swift"])
    let again = Tracker { _ = model.query }
    model.send(.setQuery("swift"))
    #expect(again.count == 1)
    #expect(model.query == "swift")
  }

  @Test("a commit that leaves a read property's value as it was invalidates nothing")
  func unchangedValue() {
    let model = ObservableStore(Store(reactor: Search()), delivery: .immediately)
    model.send(.setQuery("swift"))
    let reader = Tracker { _ = model.query }
    model.send(.setQuery("swift"))
    #expect(reader.count == 0)
  }

  @Test("a reader of two properties is told of a change to either")
  func twoProperties() {
    let model = ObservableStore(Store(reactor: Search()), delivery: .immediately)
    let reader = Tracker {
      _ = model.query
      _ = model.repos.count
    }
    model.send(.addRepo("apple/swift"))
    #expect(reader.count == 1)
  }

  @Test("a property first read while a change is being told is told of that change too")
  func firstReadDuringNotification() {
    let model = ObservableStore(Store(reactor: Search()), delivery: .immediately)
    let lateReader = Locked<Tracker?>(nil)
    withObservationTracking {
      _ = model.query
    } onChange: {
      // Told before the new state is in place: a view drawn again now reads repos for the first
      // time, and gets the value from before the change.
      lateReader.withLock { $0 = Tracker { _ = model.repos } }
    }
    model.send(.replace(query: "swift", repos: ["apple/swift"]))
    #expect(lateReader.withLock { $0 }?.count == 1, "the reader of repos was not told that it changed")
    #expect(model.repos == ["apple/swift"])
  }

  @MainActor
  @Test("main-actor delivery: an action sent on the main actor is delivered before send returns")
  func mainActorSend() {
    let model = ObservableStore(Store(reactor: Search()))
    let reader = Tracker { _ = model.query }
    model.send(.setQuery("swift"))
    #expect(model.query == "swift")
    #expect(reader.count == 1)
    // This test runs on the main actor: so did the change.
    #expect(reader.onMain.values == [true])
  }

  @MainActor
  @Test("main-actor delivery: a commit on another thread reaches readers on the main actor")
  func mainActorFromEffect() async {
    let store = Store(reactor: Search())
    let model = ObservableStore(store)
    let committedOnMain = Recorder<Bool>()
    let committed = AsyncGate()
    store.observe { _, _ in
      committedOnMain.append(onMainActor())
      committed.open()
    }
    let told = AsyncGate()
    let gate = AsyncGate()
    model.send(.answerLater("apple/swift", gate))
    let toldOnMain = Recorder<Bool>()
    withObservationTracking {
      _ = model.repos
    } onChange: {
      toldOnMain.append(onMainActor())
      told.open()
    }
    gate.open()
    await told.wait()
    // Told at willSet, on the main actor; the value is there once the main actor runs on.
    await MainActor.run {}
    #expect(toldOnMain.values == [true])
    // The store's observers run in no set order: this one may not have recorded yet.
    await committed.wait()
    #expect(committedOnMain.values == [false], "the commit was on the main actor")
    #expect(model.repos == ["apple/swift"])
  }

  @Test("the object going away ends its observation of the store")
  func deinitRemovesObserver() {
    let store = Store(reactor: Search())
    do {
      let model = ObservableStore(store, delivery: .immediately)
      _ = model.query
      #expect(store.observerCount == 1)
    }
    #expect(store.observerCount == 0)
    store.send(.setQuery("swift"))
  }
}
