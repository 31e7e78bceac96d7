import ReactorCore
import ReactorTesting
import Testing

// snippet: profile-system
/// A profile that loads the user the state asks for, RxFeedback's way: no action starts the
/// load; the loop sees that the state wants a user it does not show, and loads it.
enum Profile {
  struct State: Sendable, Equatable {
    var userID: Int?
    var shownID: Int?
    var name: String?

    /// What the loop loads: the user asked for, until it is shown.
    var userToLoad: Int? { userID == shownID ? nil : userID }
  }

  enum Event: Sendable, Equatable {
    case show(Int)
    case loaded(Int, name: String)
  }

  static func system(name: @escaping @Sendable (Int) async throws -> String) -> FeedbackSystem<State, Event> {
    FeedbackSystem(
      initialState: State(),
      reduce: { state, event in
        switch event {
        case .show(let id): state.userID = id
        case .loaded(let id, let name) where id == state.userID:
          state.shownID = id
          state.name = name
        case .loaded: break  // an answer for a user no longer asked for
        }
      },
      feedback: [
        react(id: "profile", request: \.userToLoad) { id in
          .run { send in send(.loaded(id, name: try await name(id))) }
        }
      ])
  }
}
// snippet-end

// snippet: profile-test
@Test func theLoopLoadsTheUserTheStateAsksFor() async {
  let store = TestStore(reactor: Profile.system(name: { "user \($0)" }))
  await store.send(.show(7))
  await store.receive(.show(7)) { $0.userID = 7 }
  await store.receive(.loaded(7, name: "user 7")) {
    $0.shownID = 7
    $0.name = "user 7"
  }
  await store.finish()
}
// snippet-end
