extension Cassette {
  /// The `--timeout` the recording ran with, in whole seconds, as its first timed-out exchange
  /// shows it (it waited that long, give or take a moment, before giving up); nil when none
  /// timed out. A replay's timeout error names these seconds, as the recorded session's did.
  package var timeoutSeconds: Int? {
    guard let waited = exchanges.first(where: { $0.failure == .timedOut })?.latencyMs else { return nil }
    return max(1, (waited + 500) / 1000)
  }
}
