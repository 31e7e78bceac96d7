import ReactorCore
import ReactorTesting
import Testing

// snippet: gate-test
@Test func aStaleSearchNeverLands() async {
  let clock = VirtualClock()
  let slow = AsyncGate()
  let store = TestStore(
    reactor: Search(
      clock: clock,
      search: { query in
        if query == "sw" { await slow.wait() }
        return ["\(query) results"]
      }))
  await store.send(.type("sw"))
  await store.receive(.setQuery("sw")) { $0.query = "sw" }
  #expect(await clock.waitForSleepers(1))
  clock.advance(by: .milliseconds(300))  // "sw" is searched, and held at the gate
  await store.send(.type("swift"))  // which cancels it
  await store.receive(.setQuery("swift")) { $0.query = "swift" }
  #expect(await clock.waitForSleepers(1))
  clock.advance(by: .milliseconds(300))
  await store.receive(.setResults(["swift results"])) { $0.results = ["swift results"] }
  slow.open()  // too late: "sw"'s results are dropped
  await store.finish()
}
// snippet-end
