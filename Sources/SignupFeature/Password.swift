import ReactorCore

/// A password, kept out of every printout.
///
/// Contract: the secret never leaves this value except to the ``SignupService`` that
/// receives it; every printout shows `<redacted>` (see `Redacted`), so a state, action or
/// mutation that holds one can be logged, dumped or diffed safely. Equality compares the
/// secrets, so tests and `reduce` can still tell two passwords apart.
package struct Password: Sendable, Equatable, Redacted {
  /// The shortest password ``SignupReactor`` accepts, in characters.
  package static let minimumLength = 5

  /// The secret itself; visible only inside this module.
  let secret: String

  package init(_ secret: String) { self.secret = secret }

  /// True when nothing was typed.
  package var isEmpty: Bool { secret.isEmpty }

  /// Long enough to be accepted.
  package var isLongEnough: Bool { secret.count >= Self.minimumLength }
}
