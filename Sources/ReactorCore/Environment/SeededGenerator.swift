/// A deterministic, thread-safe random number generator (SplitMix64).
///
/// Everything random in a feature comes from one of these, seeded from the command line or a
/// transcript, so a recorded session replays the same way.
public final class SeededGenerator: RandomNumberGenerator, Sendable {
  private let state: Locked<UInt64>

  public init(seed: UInt64) { state = Locked(seed) }

  public func next() -> UInt64 {
    state.withLock { state in
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  /// A double in [0, 1).
  public func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
