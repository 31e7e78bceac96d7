import ReactorCore
import Testing

@testable import ReactorTesting

// A test store shows a state mismatch as a transcript replay shows a changed line: as a unified
// diff, so a failure reads the same way in tests and in replays.

@Suite("TestStore state diffs")
struct TestStoreDiffTests {
  @Test("a state mismatch is reported as the unified diff of the two states' dumps")
  func mismatchIsAUnifiedDiff() async {
    let store = TestStore(reactor: ProbeReactor())
    let messages = Locked<[String]>([])
    await store.send(.increment)
    await withKnownIssue {
      await store.receive(.increment) {
        $0.count = 2
        $0.transformed = 1
      }
    } matching: { issue in
      messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
      return true
    }
    // The store takes the actual state as expected from then on.
    let actual = store.state
    var expected = ProbeReactor().initialState
    expected.count = 2
    expected.transformed = 1
    let diff = UnifiedDiff.make(
      expected: Self.dumpLines(expected), actual: Self.dumpLines(actual), expectedName: "expected",
      actualName: "actual")
    #expect(messages.withLock { $0 } == ["State after increment differs:\n" + diff])
    let lines = diff.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(2)) == ["--- expected", "+++ actual"])
    #expect(lines.contains("@@ -1,5 +1,5 @@"))
    #expect(lines.filter { $0.hasPrefix("-") && !$0.hasPrefix("---") } == ["-  - count: 2"])
    #expect(lines.filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") } == ["+  - count: 1"])
    await store.finish()
  }

  @Test("StateDiff is empty for equal dumps")
  func equalDumpsHaveNoDiff() {
    // Two arrays with the same elements are equal whatever their history.
    var appended = ProbeReactor().initialState
    appended.values.append(1)
    var replaced = ProbeReactor().initialState
    replaced.values.replaceAll(with: [1])
    #expect(StateDiff.lines(appended, replaced).isEmpty)
  }

  @Test("a unified diff: headers, one hunk with its ranges, context around the change")
  func unifiedDiffFormat() {
    let diff = UnifiedDiff.make(
      expected: ["a", "b", "c"], actual: ["a", "x", "c", "d"], expectedName: "old", actualName: "new")
    #expect(diff == "--- old\n+++ new\n@@ -1,3 +1,4 @@\n a\n-b\n+x\n c\n+d")
    #expect(UnifiedDiff.make(expected: ["a"], actual: ["a"], expectedName: "old", actualName: "new").isEmpty)
  }

  private static func dumpLines<T>(_ value: T) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n").map(String.init)
  }
}
