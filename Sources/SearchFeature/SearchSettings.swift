package import FeatureKit
import GitHubClient

// Search's flags and directives: the effect style and the sort at the start.

extension SearchView {
  package static let settings = [engine, sort, order]

  /// `--engine`, `%engine`: how search produces its effects.
  static let engine = FeatureSetting(
    "engine", valueName: "engine",
    help:
      "The search engine: reactor (ReactorKit style, the default) or feedback (RxFeedback style). With replay: every transcript runs on it, whatever its %engine says.",
    choices: SearchEffectStyle.allCases.map(\.rawValue))

  /// `--sort`: a flag only, since `sort` in the session sets it too.
  static let sort = FeatureSetting(
    "sort", valueName: "by", help: "Sort search results: best, stars, forks, updated or help-wanted-issues.",
    choices: SearchSort.allCases.map(\.rawValue), isDirective: false)

  /// `--order`: a flag only, as `--sort`.
  static let order = FeatureSetting(
    "order", valueName: "dir", help: "The direction of a sorted search: desc (default) or asc.",
    choices: SearchOrder.allCases.map(\.rawValue), isDirective: false)
}

extension FeatureSettings {
  /// The effect style search starts on.
  var searchStyle: SearchEffectStyle { SearchEffectStyle(rawValue: value(of: SearchView.engine)) ?? .reactor }
  /// The sort search starts with.
  var searchSort: SearchSort { SearchSort(rawValue: value(of: SearchView.sort)) ?? .best }
  var searchOrder: SearchOrder { SearchOrder(rawValue: value(of: SearchView.order)) ?? .desc }
}
