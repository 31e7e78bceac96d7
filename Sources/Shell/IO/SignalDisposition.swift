#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A signal's disposition, set and put back: the one place that spells the handler field of
/// `sigaction`, whose name differs between Glibc and Darwin.
enum SignalDisposition {
  /// Sets `number` to `handler`, with `flags` and no signal blocked while it runs, and returns
  /// the disposition it replaced.
  @discardableResult
  static func set(_ number: Int32, to handler: __sighandler_t?, flags: Int32 = 0) -> sigaction {
    var action = sigaction()
    #if canImport(Glibc)
      action.__sigaction_handler.sa_handler = handler
    #else
      action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    var previous = sigaction()
    sigaction(number, &action, &previous)
    return previous
  }

  /// Puts back a disposition that ``set(_:to:flags:)`` returned.
  static func restore(_ number: Int32, _ previous: sigaction) {
    var previous = previous
    sigaction(number, &previous, nil)
  }
}
