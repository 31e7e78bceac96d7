import CommandLanguage
package import FeatureKit

// The signup simulation's flags and directives: how often a submission fails, and how long it
// takes.

extension SignupView {
  package static let settings = [failureRate, latency]

  /// `--signup-failure-rate`, `%signup-failure-rate`: a number from 0 to 1, written as Swift
  /// prints a `Double` (`0.5`, `1.0`).
  static let failureRate = FeatureSetting(
    "signup-failure-rate", valueName: "rate", help: "How often the simulated signup service fails, from 0 to 1.",
    expected: "a number from 0 to 1", defaultValue: String(1.0 / 3), takesAnyValue: true,
    canonical: { text in Double(text).flatMap { (0...1).contains($0) ? String($0) : nil } })

  /// `--signup-latency`, `%signup-latency`: 250ms, 1.5s, a bare number of seconds, up to a
  /// minute; written in seconds (`1.5s`).
  static let latency = FeatureSetting(
    "signup-latency", valueName: "duration",
    help: "How long the simulated signup service takes (250ms, 1.5s; a bare number is seconds).",
    expected: "a duration from 0 to 60 seconds, such as 1.5s", defaultValue: "1.5s", takesAnyValue: true,
    canonical: { text in DurationParser.seconds(text).flatMap { $0 <= 60 ? "\($0)s" : nil } })
}

extension FeatureSettings {
  /// How often a simulated submission fails.
  var signupFailureRate: Double { Double(value(of: SignupView.failureRate)) ?? 1.0 / 3 }
  /// How long a simulated submission takes.
  var signupLatency: Duration {
    .milliseconds(Int64(((DurationParser.seconds(value(of: SignupView.latency)) ?? 1.5) * 1000).rounded()))
  }
}
