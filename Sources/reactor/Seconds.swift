import ArgumentParser
import CommandLanguage
import FeatureKit
import Shell

/// A duration flag's value: `250ms`, `5s`, `1m`, `1h`, or a bare number of seconds, as `sleep`
/// takes them (``Shell/DurationParser``). A negative one (`-1`) is read too, so that its flag's
/// check says it is out of range rather than that the value is missing.
struct Seconds: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
  var value: Double

  init(_ value: Double) { self.value = value }

  init?(argument: String) {
    let negative = argument.hasPrefix("-")
    guard let seconds = DurationParser.seconds(negative ? String(argument.dropFirst()) : argument) else { return nil }
    value = negative ? -seconds : seconds
  }

  var description: String { LaunchOptions.shown(value) + "s" }
  var defaultValueDescription: String { description }
}
