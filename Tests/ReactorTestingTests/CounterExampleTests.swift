// The counter reactor and its test that README.md shows under "The library": the README's
// code block is checked to be exactly this file's text between the markers, so it compiles and
// passes here or the check fails.
import Foundation
// README-EXAMPLE-BEGIN
import ReactorCore
import ReactorTesting
import Testing

struct Counter: Reactor {
  enum Action: Sendable { case increment, fetch }
  enum Mutation: Sendable, Equatable {
    case add(Int)
    case setLoading(Bool)
  }
  struct State: Sendable, Equatable {
    var count = 0
    var isLoading = false
  }

  var number: @Sendable () async throws -> Int
  var initialState: State { State() }

  func mutate(action: Action, state: State) -> Effect<Mutation> {
    switch action {
    case .increment: .send(.add(1))
    case .fetch:
      .concatenate(.send(.setLoading(true)), .run { send in send(.add(try await number())) }, .send(.setLoading(false)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state.count += amount
    case .setLoading(let loading): state.isLoading = loading
    }
  }
}

@Test func counterCountsAndFetches() async {
  let store = TestStore(reactor: Counter(number: { 40 }))
  await store.send(.increment)
  await store.receive(.add(1)) { $0.count = 1 }
  await store.send(.fetch)
  await store.receive(.setLoading(true)) { $0.isLoading = true }
  await store.receive(.add(40)) { $0.count = 41 }
  await store.receive(.setLoading(false)) { $0.isLoading = false }
  await store.finish()
}
// README-EXAMPLE-END

/// The README's example is this file's text between the markers, so the README never shows code
/// that does not compile or pass.
@Test func readmeShowsThisExample() throws {
  let here = URL(fileURLWithPath: #filePath)
  let source = try String(contentsOf: here, encoding: .utf8)
  let readme = try String(
    contentsOf: here.deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
  let begin = "// README-EXAMPLE-BEGIN\n"
  let end = "// README-EXAMPLE-END"
  guard let start = source.range(of: begin), let stop = source.range(of: end, range: start.upperBound..<source.endIndex)
  else {
    Issue.record("the markers are missing from \(here.path)")
    return
  }
  let example = source[start.upperBound..<stop.lowerBound]
  #expect(
    readme.contains("```swift\n" + example + "```\n"),
    "README.md must show \(here.lastPathComponent)'s example verbatim")
}
