package import FeatureKit
import FeedFeature
import SearchFeature
import SignupFeature

/// The features `reactor` runs, in the order `help` lists their verbs: the one place that
/// names them. The executable hands this list to every session it makes; tests and the fuzz
/// targets use the same list.
package enum Features {
  package static let all: [Feature] = [
    Feature(SearchView.self, live: SearchLiveView.self), Feature(SignupView.self, live: SignupLiveView.self),
    Feature(FeedView.self, live: FeedLiveView.self),
  ]
}
