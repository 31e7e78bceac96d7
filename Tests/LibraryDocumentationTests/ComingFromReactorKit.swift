import ReactorCore
import ReactorTesting
import Testing

/// The server ReactorKit's README calls `UserAPI`.
struct UserAPI: Sendable {
  var isFollowing: @Sendable (Int) async throws -> Bool
  var follow: @Sendable (Int) async throws -> Void
}

// snippet: profile-reactor
struct ProfileReactor: Reactor {
  enum Action: Sendable {
    case refreshFollowingStatus(Int)
    case follow(Int)
  }

  enum Mutation: Sendable, Equatable {
    case setFollowing(Bool)
  }

  struct State: Sendable, Equatable {
    var isFollowing = false
  }

  var api: UserAPI
  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .refreshFollowingStatus(let userID):
      .run { send in send(.setFollowing(try await api.isFollowing(userID))) }
    case .follow(let userID):
      .run { send in
        try await api.follow(userID)
        send(.setFollowing(true))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setFollowing(let isFollowing): state.isFollowing = isFollowing
    }
  }
}
// snippet-end

/// What the view shows: a button that can be selected.
final class FollowButton: @unchecked Sendable {  // set on the main actor only
  @MainActor var isSelected = false
}

@Suite("the Coming from ReactorKit article")
struct ComingFromReactorKitTests {
  @MainActor
  @Test("the view's bindings: taps in, isFollowing out, until the task is cancelled")
  func bindings() async {
    let followed = Locked<Set<Int>>([])
    let api = UserAPI(
      isFollowing: { id in followed.withLock { $0.contains(id) } },
      follow: { id in _ = followed.withLock { $0.insert(id) } })
    let store = Store(reactor: ProfileReactor(api: api))
    let followButton = FollowButton()
    let (refreshTaps, tap) = AsyncStream.makeStream(of: Void.self)
    let userID = 7
    // snippet: profile-bind
    let bindings = Task { @MainActor in
      await withDiscardingTaskGroup { group in
        // action (View -> Reactor)
        group.addTask {
          await store.send(contentsOf: refreshTaps.map { ProfileReactor.Action.refreshFollowingStatus(userID) })
        }
        // state (Reactor -> View)
        for await isFollowing in store.states(\.isFollowing) {
          followButton.isSelected = isFollowing
        }
      }
    }
    // snippet-end
    followed.withLock { _ = $0.insert(userID) }
    tap.yield()
    var following = store.states(\.isFollowing).makeAsyncIterator()
    while await following.next() == false {}
    while !followButton.isSelected { await Task.yield() }
    bindings.cancel()
    await bindings.value
    #expect(followButton.isSelected)
  }

  @Test("the reactor, tested")
  func follow() async {
    let store = TestStore(reactor: ProfileReactor(api: UserAPI(isFollowing: { _ in false }, follow: { _ in })))
    await store.send(.follow(7))
    await store.receive(.setFollowing(true)) { $0.isFollowing = true }
    await store.finish()
  }
}
