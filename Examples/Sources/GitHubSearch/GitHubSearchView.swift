import AsyncAlgorithms
public import ReactorCore
public import ReactorObservation

/// What the sample's view controller does, without a screen: it binds the search bar's text and
/// the list's scrolling to actions, and shows the state through an `ObservableStore`, which a
/// SwiftUI view reads directly (`view.model.repos`).
///
/// The sample throttles the search bar by 300 ms (RxSwift's `throttle`, which sends the last
/// text at the end of each window). swift-async-algorithms 1.1 offers only `_throttle`, which
/// holds the last text until the next keystroke, so a query typed and left would never be
/// searched: this debounces instead, sending the text once typing pauses for 300 ms.
public final class GitHubSearchView: Sendable {
  public let store: Store<GitHubSearchReactor>
  /// The state as the view reads it: a reader is told only of the properties it read.
  public let model: ObservableStore<GitHubSearchReactor>
  /// How close to the end of the list (in rows) the next page is asked for.
  public static let rowsBeforeEnd = 5

  public init(reactor: GitHubSearchReactor) {
    store = Store(reactor: reactor)
    model = ObservableStore(store)
  }

  /// Binds the search bar's text and the index of the last row on screen until the task is
  /// cancelled (the view disappears). `clock` is the debounce's; tests pass a virtual one.
  public func bind<Queries: AsyncSequence & Sendable, Rows: AsyncSequence & Sendable>(
    queries: Queries, lastVisibleRows rows: Rows, clock: some Clock<Duration>
  ) async where Queries.Element == String?, Queries.Failure == Never, Rows.Element == Int, Rows.Failure == Never {
    let store = store
    await withDiscardingTaskGroup { group in
      group.addTask {
        await store.send(contentsOf: queries.debounce(for: .milliseconds(300), clock: clock).map(Action.updateQuery))
      }
      group.addTask {
        await store.send(contentsOf: rows.filter { Self.isNearEnd($0, of: store) }.map { _ in Action.loadNextPage })
      }
    }
  }

  private typealias Action = GitHubSearchReactor.Action

  /// The sample's `contentOffset` filter: the row is within ``rowsBeforeEnd`` of the last.
  private static func isNearEnd(_ row: Int, of store: Store<GitHubSearchReactor>) -> Bool {
    row >= store.currentState.repos.count - rowsBeforeEnd
  }
}
