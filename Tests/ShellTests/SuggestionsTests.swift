import CommandLanguage
import Shell
import Testing

// Suggestions: "did you mean" by edit distance, then by prefix.

@Suite struct SuggestionsTests {
  @Test(arguments: [
    ("serch", "search"),
    ("nxt", "next"),
    ("qurey", "query"),
    ("quey", "query"),
    ("opne", "open"),
    ("stat", "state"),
    ("quite", "quit"),
    ("hlep", "help"),
    ("Serch", "search"),
    ("he", "help"),
  ])
  func suggests(_ word: String, _ suggestion: String) {
    #expect(Suggestions.closest(to: word, in: commands.verbs) == suggestion)
  }

  @Test(arguments: ["zzz", "q", "x", "", "completelydifferent"])
  func suggestsNothingForStrangers(_ word: String) {
    #expect(Suggestions.closest(to: word, in: commands.verbs) == nil)
  }

  @Test func prefersTheClosestCandidate() {
    #expect(Suggestions.closest(to: "abcd", in: ["abce", "abcd"]) == "abcd")
    #expect(Suggestions.closest(to: "abcx", in: ["abxx", "abcy"]) == "abxx", "a tie keeps the table order")
    #expect(Suggestions.closest(to: "a", in: []) == nil)
  }
}
