import ArgumentParser
import Shell

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Arguments that are not UTF-8

extension LaunchOptions {
  /// The arguments of this process whose bytes are not UTF-8, as `CommandLine.arguments` holds
  /// them: with each bad byte made U+FFFD, which is all an option's value can show of them.
  static let invalidUTF8Arguments: [String] = (1..<Int(CommandLine.argc)).compactMap { index in
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { return nil }
    return CommandLine.arguments[index]
  }

  /// Whether `value` came from an argument that was not UTF-8 (itself, or the value after
  /// `--option=`): its U+FFFD are not what was typed.
  static func isInvalidUTF8(_ value: String, among invalid: [String] = invalidUTF8Arguments) -> Bool {
    value.contains("\u{FFFD}") && invalid.contains { $0 == value || $0.hasSuffix(value) }
  }

  /// The rule for input that is not UTF-8, on every route: a command (`-c`, words) is refused
  /// when it is run, as a piped line is (``commandIsInvalidUTF8(_:)``); a file name cannot be
  /// refused later, and a decoded one names another file, so it is a usage error now.
  func checkFileNamesAreUTF8(among invalid: [String] = invalidUTF8Arguments) throws(ValidationError) {
    let paths =
      [("--record", record), ("--json-log", jsonLog)]
      + scripts.compactMap { script in
        if case .file(let path) = script { ("-f", path) } else { nil }
      }
    for case (let flag, let path?) in paths where Self.isInvalidUTF8(path, among: invalid) {
      throw ValidationError("\(flag): the file name is not valid UTF-8; it would name another file")
    }
  }

  /// The reader of one command given as an argument: its line, or, when it came from bytes
  /// that are not UTF-8, a line the session refuses (`invalid-utf8`) without running it.
  static func argumentReader(_ line: String, words: [String]? = nil) -> ScriptedLineReader {
    let invalid = (words ?? [line]).contains { isInvalidUTF8($0) }
    return ScriptedLineReader(inputs: [invalid ? .invalidUTF8 : .text(line)])
  }
}
