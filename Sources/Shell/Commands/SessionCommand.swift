import CommandLanguage
package import FeatureKit

/// A parsed command line: a feature's command, or one of the shell's own. The session's
/// table (``Session/commands``) builds it from the words; the router runs it.
package enum SessionCommand: Sendable, Equatable {
  /// A verb of a feature's View.
  case feature(FeatureCommand)
  /// The rate-limit budget and the token's source.
  case limits
  case state(String?)
  case help(String?)
  case sleep(Duration)
  /// nil: everything in flight; else the daemon request with that id.
  case cancel(String?)
  /// The last `count` changes, of one feature or all.
  case history(feature: String?, count: Int)
  /// From the state after change `from` to the state after change `to` (nil: now).
  case diff(from: UInt64, to: UInt64?)
  case goto(UInt64)
  case undo
  case redo
  case why(feature: String, pointer: String)
  case watch(feature: String, pointer: String)
  /// nil: every feature, or every pointer of the feature.
  case unwatch(feature: String?, pointer: String?)
  /// On: effect records.
  case trace(Bool)
  /// A feature's full-screen View, with the words it opens with.
  case live([String])
  case quit

  /// `undo` and `redo`, which history does not count as changes to undo. (A `switch`: the
  /// derived `==` against each case compared whole commands, features' included, every line.)
  var travelsHistory: Bool {
    switch self {
    case .undo, .redo: true
    default: false
    }
  }
}
