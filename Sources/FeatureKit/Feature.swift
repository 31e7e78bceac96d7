package import CommandLanguage
import ReactorJSON

/// One entry of the executable's feature list: a ``FeatureView`` type, with its type erased so
/// the shell can hold several.
package struct Feature: Sendable {
  package let name: String
  /// The feature's verbs, making commands the shell hands back to ``FeatureCommand/run(on:sink:)``;
  /// built when asked for, so that a start that parses nothing never builds them.
  package var verbs: [CommandSpec<FeatureCommand>] { makeVerbs() }
  /// The JSON Pointers of its state's fields.
  package var fields: [String] { makeFields() }
  /// The settings it declares: its flags and transcript directives.
  package var settings: [FeatureSetting] { makeSettings() }
  private let makeVerbs: @Sendable () -> [CommandSpec<FeatureCommand>]
  private let makeFields: @Sendable () -> [String]
  private let makeSettings: @Sendable () -> [FeatureSetting]
  /// Makes the View (and its store).
  package let make: @Sendable (any FeatureHost) -> any FeatureView
  /// Its full-screen View (`live`), if it has one.
  package let live: LiveFeature?

  package init<View: FeatureView>(_ view: View.Type) { self.init(view, live: nil) }

  /// A feature with a second View for the full screen, of the same reactor.
  package init<View: FeatureView, Live: LiveView>(_ view: View.Type, live: Live.Type) {
    self.init(view, live: LiveFeature(live))
  }

  private init<View: FeatureView>(_ view: View.Type, live: LiveFeature?) {
    name = View.name
    makeFields = { View.fields }
    makeSettings = { View.settings }
    makeVerbs = { View.verbs.map { $0.map { FeatureCommand(View.self, $0) } } }
    make = { host in View(host: host) }
    self.live = live
  }
}

/// A feature's command, as the shell's parser returns it.
package struct FeatureCommand: Sendable, Equatable {
  /// The feature's name.
  package let feature: String
  private let command: any Sendable
  private let equals: @Sendable (any Sendable) -> Bool
  private let runner: @Sendable (any FeatureView, TaggingSink) -> Execution

  package init<View: FeatureView>(_ view: View.Type, _ command: View.Command) {
    feature = View.name
    self.command = command
    equals = { ($0 as? View.Command) == command }
    // The shell hands back the View the command's feature made.
    runner = { view, sink in unsafeDowncast(view, to: View.self).run(command, sink: sink) }
  }

  /// The command, if it is one of `view`'s.
  package func command<View: FeatureView>(of view: View.Type) -> View.Command? { command as? View.Command }

  /// Runs the command on its feature's View.
  package func run(on view: any FeatureView, sink: TaggingSink) -> Execution { runner(view, sink) }

  package static func == (lhs: FeatureCommand, rhs: FeatureCommand) -> Bool {
    lhs.feature == rhs.feature && lhs.equals(rhs.command)
  }
}

extension [Feature] {
  /// Every setting the features declare, in the features' order.
  package var settings: [FeatureSetting] { flatMap(\.settings) }
}
