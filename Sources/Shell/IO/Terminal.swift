#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Facts about the terminal the process runs in.
package enum Terminal {
  /// True when standard input is a terminal: then reactor is a REPL (prompt, editing, history),
  /// as psql and sqlite3 decide, even when its output goes down a pipe (`reactor | tee log`).
  package static var isInteractive: Bool { isatty(0) == 1 }

  /// True when standard output is a terminal.
  package static var stdoutIsTerminal: Bool { isatty(1) == 1 }

  /// True when standard error is a terminal.
  package static var stderrIsTerminal: Bool { isatty(2) == 1 }

  /// Columns: the width of the terminal on standard output, else on standard input or error
  /// (where `reactor | tee` shows its results), else `COLUMNS`, else 80.
  /// `environment` looks a variable up.
  package static func width(environment: (String) -> String?) -> Int {
    var size = winsize()
    for descriptor: Int32 in [1, 0, 2] where isatty(descriptor) == 1 {
      if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    }
    if let columns = environment("COLUMNS").flatMap({ Int($0) }), columns > 0 { return columns }
    return 80
  }

  /// Colour only on a terminal and never with `NO_COLOR` set (https://no-color.org).
  package static func wantsColor(environment: (String) -> String?) -> Bool {
    stdoutIsTerminal && (environment("NO_COLOR") ?? "").isEmpty && environment("TERM") != "dumb"
  }
}
