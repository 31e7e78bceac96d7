package import CommandLanguage
package import FeatureKit
import GitHubClient
package import ReactorCore
import Rendering

/// The feature's entry in the list the executable runs (`Features.all`, made from Package.swift).
package let feature = Feature(FeedView.self, live: FeedLiveView.self)

/// The event feed's View: each verb sends one of the reactor's actions.
package final class FeedView: StoreView {
  package typealias Command = FeedReactor.Action

  package static let name = "feed"
  package static let cancelAction: FeedReactor.Action? = .cancel

  package static let verbs: [CommandSpec<Command>] = [
    CommandSpec(
      "refresh", summary: "load the newest public events",
      discussion:
        "GET /events, page 1, with the last ETag: '304 Not Modified' means no new events. Ignored while a refresh is in flight."
    ) { _ in .refresh },
    CommandSpec(
      "more", summary: "load the next page of events",
      discussion:
        "Ignored while a page is loading or when there is none. GitHub serves at most 300 events; repeats are dropped."
    ) { _ in .loadMore },
  ]

  package let store: Store<FeedReactor>

  package init(host: any FeatureHost) {
    store = Self.makeStore(host: host)
  }

  /// The feed's store on `host`'s client, rendering each change as the REPL prints it; `observe`
  /// sees each mutation (nil for a restore) and the state after it (the live View's redraws and
  /// checkpoints).
  static func makeStore(
    host: any FeatureHost, observe: (@Sendable (FeedReactor.Mutation?, FeedState) -> Void)? = nil
  ) -> Store<FeedReactor> {
    let text = FeedText(options: host.records.options, now: host.time.now)
    return host.stores.store(
      FeedReactor(client: host.client),
      render: { transition, state in
        defer { observe?(transition.mutation, state) }
        return text.render(transition, state: state)
      })
  }
}
