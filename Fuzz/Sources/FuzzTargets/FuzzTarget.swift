/// Helpers shared by the fuzz targets, and the table of the targets.
///
/// A target must never trap on its own: the only traps are the code under test's, and
/// ``require(_:_:file:line:)`` for a broken property, whose message names what broke.

/// The fuzz targets: the libFuzzer executable (`Fuzz/Sources/reactor-fuzz`) runs the one that
/// `FUZZ_TARGET` names, and the suite replays every input of each seed corpus through it, so a
/// corpus that finds a bug fails the tests without a fuzzing build.
package enum FuzzTarget: String, CaseIterable, Sendable {
  case command, transcript, cassette
  case githubJSON = "github-json"
  case link, daemon, jsonpatch

  /// Runs one input (libFuzzer's pointer and size); 0, as libFuzzer expects.
  package func callAsFunction(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    switch self {
    case .command: fuzzCommand(data, size)
    case .transcript: fuzzTranscript(data, size)
    case .cassette: fuzzCassette(data, size)
    case .githubJSON: fuzzGitHubJSON(data, size)
    case .link: fuzzLink(data, size)
    case .daemon: fuzzDaemon(data, size)
    case .jsonpatch: fuzzJSONPatch(data, size)
    }
  }
}

/// Where a broken property goes: nil traps (libFuzzer reports the trap as a crash and saves the
/// input); a test sets a handler to report the property and go on to the next input.
package enum PropertyFailure {
  @TaskLocal package static var handler: (@Sendable (String) -> Void)?
}

/// Reports `message` when a property of the code under test does not hold: a trap under
/// libFuzzer, an issue in the suite (``PropertyFailure/handler``).
@inline(never)
package func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  guard !condition() else { return }
  guard let handler = PropertyFailure.handler else {
    fatalError("property failed: " + message(), file: file, line: line)
  }
  handler("\(file):\(line): property failed: " + message())
}

/// Copies libFuzzer's input into an array (an empty input has a null pointer).
package func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Turns fuzz input into choices: small numbers, picks from lists, strings. Past the end of
/// the input every read returns zero or empty, so every input is a complete program.
package struct ByteReader {
  package let bytes: [UInt8]
  package private(set) var index = 0

  package init(_ bytes: [UInt8]) { self.bytes = bytes }

  package var isAtEnd: Bool { index >= bytes.count }

  package mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `0..<count` (count > 0).
  package mutating func below(_ count: Int) -> Int { Int(byte()) % count }

  package mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  package mutating func bool() -> Bool { byte() & 1 == 1 }

  /// A length-prefixed string of at most `limit` bytes, decoded leniently from UTF-8.
  package mutating func string(limit: Int = 16) -> String {
    let length = min(below(limit + 1), bytes.count - min(index, bytes.count))
    defer { index += length }
    return String(decoding: bytes[min(index, bytes.count)..<min(index + length, bytes.count)], as: UTF8.self)
  }

  /// Everything not read yet.
  package mutating func rest() -> ArraySlice<UInt8> {
    defer { index = bytes.count }
    return bytes[min(index, bytes.count)...]
  }
}
