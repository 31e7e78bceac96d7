import FoundationEssentials

#if canImport(Glibc)
  @preconcurrency import Glibc
#endif

/// `replay --step`'s pause: one key from the terminal, read raw (no echo, no line editing,
/// Ctrl-C as a key rather than a signal), the terminal's settings put back after it.
enum StepPrompt {
  enum Choice: Sendable { case run, continueToEnd, stop }

  /// Waits for Enter (run), `c` (continue to the end) or Ctrl-C, `q` or end of input (stop).
  static func ask() -> Choice {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return readLineChoice() }
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &raw)
    defer { tcsetattr(0, TCSANOW, &saved) }
    while true {
      var byte: UInt8 = 0
      guard read(0, &byte, 1) == 1 else { return .stop }
      switch byte {
      case UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: " "): return .run
      case UInt8(ascii: "c"), UInt8(ascii: "C"): return .continueToEnd
      case 3, 4, UInt8(ascii: "q"), UInt8(ascii: "Q"): return .stop
      default: continue
      }
    }
  }

  /// Without terminal settings: a line, empty to run.
  private static func readLineChoice() -> Choice {
    guard let line = Swift.readLine() else { return .stop }
    switch line.lowercased() {
    case "": return .run
    case "c": return .continueToEnd
    default: return .stop
    }
  }
}
