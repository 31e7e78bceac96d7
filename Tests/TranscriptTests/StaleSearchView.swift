import CommandLanguage
import FeatureKit
import ReactorCore
import Rendering
import SearchFeature
import TestSupport

/// The search feature as it would be if its reactor cancelled no stale search: the same verbs,
/// rendering and state, on ``WithoutCancellation``. Only the verbs that send an action run; the race
/// transcript needs no more.
final class StaleSearchView: StoreView {
  typealias Command = SearchView.Command

  static let name = SearchView.name
  static let verbs = SearchView.verbs
  static let cancelAction: SearchReactor.Action? = .cancel

  let store: Store<WithoutCancellation<SearchReactor>>

  init(host: any FeatureHost) {
    let text = SearchText(options: host.records.options)
    store = host.stores.store(
      WithoutCancellation(SearchReactor(client: host.client)),
      render: { transition, state in text.render(transition, state: state) })
  }

  func run(_ command: Command, sink: TaggingSink) -> Execution {
    switch command {
    case .send(let action): .store(store.send(action, tag: sink.tag))
    default: .done(.error)
    }
  }
}
