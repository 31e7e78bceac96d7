import ReactorCore
import ReactorTesting
import Testing

@Suite("the Observing State article")
struct ObservingStateTests {
  @Test("states, one property's changes, and a sequence of actions bound to the store")
  func streams() async {
    let store = Store(reactor: Todos(savedItems: { [] }))
    let rendered = Recorder<Int>()
    let rendering = Task {
      // snippet: states-loop
      for await state in store.states {
        print("\(state.items.count) items")  // draw the screen
        // snippet-end
        rendered.append(state.items.count)
        if state.items.count == 2 { break }
      }
    }
    var loading = store.states(\.isLoading).makeAsyncIterator()
    #expect(await loading.next() == false)
    // snippet: states-binding
    let (titles, typing) = AsyncStream.makeStream(of: String.self)
    let binding = Task {
      await store.send(contentsOf: titles.map(Todos.Action.add))
    }
    typing.yield("Buy milk")
    typing.yield("Write the docs")
    // snippet-end
    await rendering.value
    // snippet: states-unbinding
    binding.cancel()  // the view went away
    // snippet-end
    await binding.value
    #expect(rendered.values.last == 2)
    #expect(store.currentState.items.map(\.title) == ["Buy milk", "Write the docs"])
  }

  @Test("a key path's values, each once")
  func keyPath() async {
    let gate = AsyncGate()
    let store = Store(
      reactor: Todos(savedItems: {
        await gate.wait()
        return []
      }))
    let spinner = Recorder<Bool>()
    let watching = Task {
      // snippet: states-keypath
      for await isLoading in store.states(\.isLoading) {
        print(isLoading ? "loading..." : "ready")
        // snippet-end
        spinner.append(isLoading)
        if spinner.values.count == 3 { break }
      }
    }
    #expect(await PatientDeadline.wait { spinner.values == [false] })
    store.send(.load)
    #expect(await PatientDeadline.wait { spinner.values == [false, true] })
    gate.open()
    await watching.value
    #expect(spinner.values == [false, true, false])
  }
}
