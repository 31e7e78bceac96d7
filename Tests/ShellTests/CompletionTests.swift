import CommandLanguage
import Shell
import SignupFeature
import Testing

// Completion.candidates: verbs first, then each verb's arguments, from CommandTable.

@Suite struct CompletionTests {
  @Test func everyVerbForAnEmptyLine() {
    #expect(Completion(commands: commands).candidates(for: "", before: "") == commands.verbs.sorted())
    #expect(Completion(commands: commands).candidates(for: "", before: "   ") == commands.verbs.sorted())
  }

  @Test(arguments: [
    ("q", ["query", "quit"]),
    ("st", ["state"]),
    ("sea", ["search"]),
    ("e", ["engine", "exit"]),
    ("ne", ["next"]),
    ("help", ["help"]),
    ("z", []),
    ("Q", ["query", "quit"]),
    ("QU", ["query", "quit"]),
    ("Ne", ["next"]),
  ])
  func verbsByPrefix(_ word: String, _ expected: [String]) {
    #expect(Completion(commands: commands).candidates(for: word, before: "") == expected)
  }

  @Test func everyVerbStartingWithSIsOffered() {
    let candidates = Completion(commands: commands).candidates(for: "s", before: "")
    #expect(candidates == candidates.sorted())
    #expect(Set(candidates).isSuperset(of: ["search", "state"]))
    #expect(candidates.allSatisfy { $0.hasPrefix("s") && commands.verbs.contains($0) })
  }

  @Test func stateCompletesFeatures() {
    #expect(
      Completion(commands: commands).candidates(for: "", before: "state ")
        == (commands.featureNames + ["rateLimit"]).sorted())
    #expect(Completion(commands: commands).candidates(for: "se", before: "state ") == ["search"])
    #expect(Completion(commands: commands).candidates(for: "x", before: "state ") == [])
  }

  @Test func helpCompletesCommandNames() {
    #expect(Completion(commands: commands).candidates(for: "", before: "help ") == commands.all.map(\.name).sorted())
    #expect(Completion(commands: commands).candidates(for: "o", before: "help ") == ["open", "order"])
    #expect(Completion(commands: commands).candidates(for: "q", before: "help  ") == ["query", "quit"])
  }

  @Test(arguments: [
    ("", "open "), ("", "next 2 "), ("", "query "), ("s", "query swift "), ("", "state search "), ("", "bogus "),
    ("", "help open "),
  ])
  func nothingElseCompletes(_ word: String, _ before: String) {
    #expect(Completion(commands: commands).candidates(for: word, before: before) == [])
  }

  @Test func nextSortAndOrderCompleteTheirWords() {
    #expect(Completion(commands: commands).candidates(for: "", before: "next ") == ["all"])
    #expect(Completion(commands: commands).candidates(for: "st", before: "sort ") == ["stars"])
    #expect(Completion(commands: commands).candidates(for: "", before: "order ") == ["asc", "desc"])
  }

  @Test func whyWatchAndUnwatchCompleteAFeatureThenItsFields() {
    for verb in ["why", "watch", "unwatch"] {
      #expect(Completion(commands: commands).candidates(for: "s", before: "\(verb) ") == ["search", "signup"])
      #expect(Completion(commands: commands).candidates(for: "/q", before: "\(verb) search ") == ["/query"])
    }
    #expect(
      Completion(commands: commands).candidates(for: "/is", before: "why search ") == [
        "/isLoading", "/isLoadingNextPage",
      ])
    #expect(
      Completion(commands: commands).candidates(for: "", before: "watch signup ")
        == SignupState.patchFields.map { "/" + $0.name }.sorted())
    #expect(Completion(commands: commands).candidates(for: "/", before: "why feed ").contains("/items"))
  }

  @Test(arguments: [("", "why bogus "), ("/q", "why search /query "), ("/", "history search "), ("/", "state search ")])
  func noFieldsWhereNoneIsTaken(_ word: String, _ before: String) {
    #expect(Completion(commands: commands).candidates(for: word, before: before) == [])
  }

  @Test func aliasesCompleteLikeTheirVerb() {
    // `?` is `help`, whose argument completes: the alias must offer the same command names.
    #expect(Completion(commands: commands).candidates(for: "", before: "? ") == commands.all.map(\.name).sorted())
    #expect(Completion(commands: commands).candidates(for: "o", before: "? ") == ["open", "order"])
    // Every alias, for words that complete something after its verb.
    for spec in commands.all {
      for alias in spec.aliases {
        for word in ["", "o", "q", "s"] {
          #expect(
            Completion(commands: commands).candidates(for: word, before: alias + " ")
              == Completion(commands: commands).candidates(for: word, before: spec.name + " "), "'\(alias) \(word)'")
        }
      }
    }
  }

  @Test func noVerbsInsideAnOpenQuote() {
    // Tab inside `query "x s` must not offer verbs: the line already has one.
    #expect(Completion(commands: commands).candidates(for: "s", before: "query \"x ") == [])
  }
}
