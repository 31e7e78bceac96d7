import ArgumentParser
import CommandLanguage
import ReactorView
import Shell

/// A duration flag's value: `250ms`, `5s`, `1m`, `1h`, or a bare number of seconds, as `sleep`
/// takes them (``Shell/DurationParser``).
struct Seconds: ExpressibleByArgument, Equatable, Sendable, CustomStringConvertible {
  var value: Double

  init(_ value: Double) { self.value = value }

  init?(argument: String) {
    guard let seconds = DurationParser.seconds(argument) else { return nil }
    value = seconds
  }

  var description: String { LaunchOptions.shown(value) + "s" }
  var defaultValueDescription: String { description }
}
