import FeedFeature
import GitHubClient
import ReactorCore
import SearchFeature
import SignupFeature
import Testing

@testable import Shell

// The NDJSON `action` names come from CommandTable's `actions`: every action of every feature
// names the command that sends it, as the transcripts record it.

@Suite("Action verbs")
struct ActionVerbsTests {
  static let page = Page<Repository>(items: [], page: 1, nextPage: nil)
  static let request = FeedbackSearch.Request(query: "swift", page: 1, load: 1)

  @Test func searchActions() {
    #expect(ActionVerbs.verb(for: SearchReactor.Action.updateQuery("swift")) == "query")
    #expect(ActionVerbs.verb(for: SearchReactor.Action.loadNextPage) == "next")
    #expect(ActionVerbs.verb(for: SearchReactor.Action.cancel) == "cancel")
  }

  @Test func feedbackSearchEvents() {
    #expect(ActionVerbs.verb(for: FeedbackSearch.Event.searchChanged("swift")) == "query")
    #expect(ActionVerbs.verb(for: FeedbackSearch.Event.response(Self.page, for: Self.request)) == "query")
    #expect(ActionVerbs.verb(for: FeedbackSearch.Event.failed(.timeout(seconds: nil), for: Self.request)) == "query")
    #expect(ActionVerbs.verb(for: FeedbackSearch.Event.startLoadingNextPage) == "next")
    #expect(ActionVerbs.verb(for: FeedbackSearch.Event.cancel) == "cancel")
  }

  @Test func signupActions() {
    #expect(ActionVerbs.verb(for: SignupReactor.Action.updateUsername("octocat")) == "username")
    #expect(ActionVerbs.verb(for: SignupReactor.Action.updatePassword("hunter22")) == "password")
    #expect(ActionVerbs.verb(for: SignupReactor.Action.updateRepeat("hunter22")) == "repeat")
    #expect(ActionVerbs.verb(for: SignupReactor.Action.submit) == "submit")
    #expect(ActionVerbs.verb(for: SignupReactor.Action.cancel) == "cancel")
  }

  @Test func feedActions() {
    #expect(ActionVerbs.verb(for: FeedReactor.Action.refresh) == "refresh")
    #expect(ActionVerbs.verb(for: FeedReactor.Action.loadMore) == "more")
    #expect(ActionVerbs.verb(for: FeedReactor.Action.cancel) == "cancel")
  }

  @Test func noActionStandsForTwoCommands() {
    let names = CommandTable.all.flatMap(\.actions)
    #expect(Set(names).count == names.count)
  }
}
