import ReactorCore
import Shell
import Testing

@testable import CommandLanguage

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

  /// The search skips a candidate whose length differs from the word's by more than the
  /// limit (each edit changes the length by one at most), and stops measuring one once it must
  /// be past the limit: the same answers as measuring every candidate in full, on typos of
  /// every verb and on words of every length up to past the longest.
  @Test("skipping candidates of another length, and distances past the limit, changes no suggestion")
  func lengthBoundKeepsTheAnswers() {
    func reference(_ word: String, _ candidates: [String]) -> String? {
      let lowered = word.lowercased()
      let limit = max(1, min(3, lowered.count / 3))
      var best: (candidate: String, rank: (Int, Int))?
      for candidate in candidates where candidate.count > 1 {
        let distance = Suggestions.editDistance(Array(lowered), Array(candidate))
        let rank = (distance, candidate.hasPrefix(lowered) ? 0 : 1)
        if distance <= limit, best.map({ rank < $0.rank }) ?? true { best = (candidate, rank) }
      }
      if let best { return best.candidate }
      return lowered.count >= 2 ? candidates.first { $0.hasPrefix(lowered) } : nil
    }
    var generator = SeededGenerator(seed: 37)
    var words = commands.verbs
    for verb in commands.verbs {
      for _ in 0..<20 {
        var letters = Array(verb)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let index = Int.random(in: 0...letters.count, using: &generator)
          switch Int.random(in: 0..<3, using: &generator) {
          case 0: letters.insert("abcdeé".randomElement(using: &generator)!, at: index)
          case 1 where index < letters.count: letters.remove(at: index)
          default: if index + 1 < letters.count { letters.swapAt(index, index + 1) }
          }
        }
        words.append(String(letters))
      }
    }
    words += (0..<20).map { String(repeating: "s", count: $0) }
    for word in words {
      #expect(Suggestions.closest(to: word, in: commands.verbs) == reference(word, commands.verbs), "\(word)")
      for verb in commands.verbs {
        let full = Suggestions.editDistance(Array(word), Array(verb))
        for limit in 0...3 {
          let bounded = Suggestions.editDistance(Array(word), Array(verb), limit: limit)
          #expect(full <= limit ? bounded == full : bounded > limit, "\(word) \(verb) \(limit)")
        }
      }
    }
    #expect(Suggestions.closest(to: String(repeating: "x", count: 1 << 20), in: commands.verbs) == nil)
  }

  @Test func prefersTheClosestCandidate() {
    #expect(Suggestions.closest(to: "abcd", in: ["abce", "abcd"]) == "abcd")
    #expect(Suggestions.closest(to: "abcx", in: ["abxx", "abcy"]) == "abxx", "a tie keeps the table order")
    #expect(Suggestions.closest(to: "a", in: []) == nil)
  }
}
