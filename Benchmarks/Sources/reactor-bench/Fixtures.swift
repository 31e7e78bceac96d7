import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import Shell

// What the scenarios share: repositories, an instant stub client, and a renderer observer that
// does what `Session` does with every search event (render, tag, write to the sink).

enum Fixtures {
  /// `count` distinct repositories with realistic field sizes, ids from `start`.
  static func repositories(start: Int, count: Int) -> [Repository] {
    (start..<(start + count)).map { id in
      Repository(
        id: id, fullName: "owner\(id % 997)/repository-\(id)",
        description: "A repository used to measure the store, number \(id)",
        stars: id % 100_000, language: ["Swift", "Rust", "Go", nil][id % 4],
        url: "https://github.com/owner\(id % 997)/repository-\(id)")
    }
  }

  /// A client whose search answers at once with prebuilt items: `first` for page 1 and
  /// `later(page)` for the others; there is always a next page.
  static func instantClient(first: [Repository], later: @escaping @Sendable (Int) -> [Repository]) -> GitHubClient {
    GitHubClient(searchRepositories: { _, page, _ in
      Page(items: page == 1 ? first : later(page), page: page, nextPage: page + 1, totalCount: 1_000_000)
    })
  }

  /// The same page for every request.
  static func instantClient(page items: [Repository]) -> GitHubClient {
    instantClient(first: items, later: { _ in items })
  }

  /// Renders every event of `store` as NDJSON and writes it to `sink`, as `Session` does.
  static func attachRenderer<R: Reactor>(to store: Store<R>, sink: any OutputSink)
  where R.State == SearchState, R.Action == SearchReactor.Action, R.Mutation == SearchReactor.Mutation {
    let text = SearchText(options: RenderOptions(mode: .json))
    let records = text.records
    store.observe { event, state in
      switch event {
      case .transition(let transition):
        sink.write(text.render(transition, state: state).tagged(transition.origin.tag))
      case .notice(let notice, _, let origin):
        sink.write([records.info(notice.message, feature: "search").tagged(origin.tag)])
      case .failure(let error, _, let origin):
        let failure = GitHubError.from(error)
        sink.write([records.error(code: failure.code, message: failure.message, feature: "search").tagged(origin.tag)])
      }
    }
  }
}
