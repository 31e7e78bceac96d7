#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a secret from the terminal without echoing it.
package enum SecretPrompt {
  /// Prints `prompt` on the terminal, reads a line with echo off, and restores the terminal;
  /// nil at end of input or when there is no terminal. Lines `output` prints meanwhile go
  /// above the prompt.
  package static func read(_ prompt: String, output: PromptOutput? = nil) -> String? {
    let descriptor = open("/dev/tty", O_RDWR)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var original = termios()
    guard tcgetattr(descriptor, &original) == 0 else { return nil }
    var silent = original
    // No echo, no line buffering and no signals: each key arrives as a byte, so Ctrl-C
    // abandons the prompt at once and backspace is handled here.
    silent.c_lflag &= ~tcflag_t(ECHO | ISIG | ICANON)
    withUnsafeMutableBytes(of: &silent.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // Echo goes off before the prompt shows: keys typed as soon as it does are neither echoed
    // nor flushed away.
    guard tcsetattr(descriptor, TCSADRAIN, &silent) == 0 else { return nil }
    _ = prompt.withCString { write(descriptor, $0, strlen($0)) }
    output?.beginSecretPrompt(prompt) { text in _ = text.withCString { write(descriptor, $0, strlen($0)) } }
    defer {
      output?.endSecretPrompt()
      var restore = original
      tcsetattr(descriptor, TCSADRAIN, &restore)
      _ = write(descriptor, "\n", 1)
    }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while Glibc.read(descriptor, &byte, 1) == 1 {
      switch byte {
      case 0x0A, 0x0D: return String(decoding: bytes, as: UTF8.self)
      case 0x03, 0x04: return nil  // Ctrl-C, Ctrl-D
      case 0x7F, 0x08:  // backspace: drop the last character (all its UTF-8 bytes)
        while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        continue
      case 0x15:
        bytes.removeAll()  // Ctrl-U
        continue
      case 0x1A:  // Ctrl-Z: no signal without ISIG; the job stops as it would at the shell
        var restore = original
        tcsetattr(descriptor, TCSADRAIN, &restore)
        JobControl.suspend()
        guard tcsetattr(descriptor, TCSADRAIN, &silent) == 0 else { return nil }
        // The prompt on the line the cursor is on now, below the shell's "Stopped" after `fg`,
        // or over itself where nothing stopped; what was typed is kept.
        _ = ("\r\u{1B}[K" + prompt).withCString { write(descriptor, $0, strlen($0)) }
        continue
      default: break
      }
      bytes.append(byte)
      if bytes.count > 4096 { break }
    }
    return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
  }
}
