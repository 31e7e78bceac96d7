#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a secret from the terminal without echoing it.
public enum SecretPrompt {
  /// Prints `prompt` on the terminal, reads a line with echo off, and restores the terminal;
  /// nil at end of input or when there is no terminal.
  public static func read(_ prompt: String) -> String? {
    let descriptor = open("/dev/tty", O_RDWR)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var silent = original
    silent.c_lflag &= ~tcflag_t(ECHO)
    silent.c_lflag |= tcflag_t(ICANON)
    _ = prompt.withCString { write(descriptor, $0, strlen($0)) }
    guard tcsetattr(descriptor, TCSAFLUSH, &silent) == 0 else { return nil }
    defer {
      var restore = original
      tcsetattr(descriptor, TCSAFLUSH, &restore)
      _ = write(descriptor, "\n", 1)
    }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while Glibc.read(descriptor, &byte, 1) == 1 {
      if byte == 0x0A || byte == 0x0D { return String(decoding: bytes, as: UTF8.self) }
      bytes.append(byte)
      if bytes.count > 4096 { break }
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}
