/// A value that never shows what it holds: a password, a token.
///
/// Contract: `description`, `debugDescription`, `String(describing:)`, string interpolation
/// and `dump` all show `<redacted>`, and its `Mirror` has no children, so a state, action or
/// mutation that holds one can be logged, dumped or diffed (``Store``'s observers, a test
/// store's failure messages) safely. A conformer adds nothing but the conformance; the
/// printouts come from this one place.
public protocol Redacted: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {}

extension Redacted {
  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: [Mirror.Child]()) }
}
