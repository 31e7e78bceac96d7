import FeedFeature
import ReactorView
import SearchFeature
import SignupFeature

/// The features the executable runs, in the order `help` lists their verbs: the one place that
/// names them (the composition root).
enum Features {
  static let all: [Feature] = [Feature(SearchView.self), Feature(SignupView.self), Feature(FeedView.self)]
}
