import CommandLanguage
import FeatureList
import FeedFeature
import GitHubClient
import ReactorCore
import SearchFeature
import SignupFeature
import Testing

@testable import Shell

// The NDJSON `action` names: every action of every feature names the command that sends it, as
// the transcripts record it, and that command is a verb of the language.

private let verbs = Set(CommandTable<SessionCommand>(features: Features.all).all.map(\.name))

/// The action's name, checked to be a verb.
private func name(_ action: some CaseNamed) -> String {
  #expect(verbs.contains(action.caseName), "'\(action.caseName)' is not a command")
  return action.caseName
}

@Suite("Action verbs")
struct ActionVerbsTests {
  /// Both search effect styles take these actions: they are one reactor's.
  @Test func searchActions() {
    #expect(name(SearchReactor.Action.updateQuery("swift")) == "query")
    #expect(name(SearchReactor.Action.loadNextPage) == "next")
    #expect(name(SearchReactor.Action.loadPages(3)) == "next")
    #expect(name(SearchReactor.Action.updateSort(.stars, .asc)) == "sort")
    #expect(name(SearchReactor.Action.cancel) == "cancel")
  }

  @Test func signupActions() {
    #expect(name(SignupReactor.Action.updateUsername("octocat")) == "username")
    #expect(name(SignupReactor.Action.updatePassword("hunter22")) == "password")
    #expect(name(SignupReactor.Action.updateRepeat("hunter22")) == "repeat")
    #expect(name(SignupReactor.Action.submit) == "submit")
    #expect(name(SignupReactor.Action.cancel) == "cancel")
  }

  @Test func feedActions() {
    #expect(name(FeedReactor.Action.refresh) == "refresh")
    #expect(name(FeedReactor.Action.loadMore) == "more")
    #expect(name(FeedReactor.Action.cancel) == "cancel")
  }

}
