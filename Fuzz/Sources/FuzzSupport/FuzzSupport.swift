/// Helpers shared by the fuzz targets.
///
/// A target must never trap on its own: the only traps are the code under test's, and
/// ``require(_:_:file:line:)`` for a broken property, whose message names what broke.

/// Traps with `message` when a property of the code under test does not hold. libFuzzer
/// reports the trap as a crash and saves the input.
@inline(never)
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fatalError("property failed: " + message(), file: file, line: line) }
}

/// Copies libFuzzer's input into an array (an empty input has a null pointer).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
  guard let data, size > 0 else { return [] }
  return Array(UnsafeBufferPointer(start: data, count: size))
}

/// Turns fuzz input into choices: small numbers, picks from lists, strings. Past the end of
/// the input every read returns zero or empty, so every input is a complete program.
public struct ByteReader {
  public let bytes: [UInt8]
  public private(set) var index = 0

  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  public var isAtEnd: Bool { index >= bytes.count }

  public mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A number in `0..<count` (count > 0).
  public mutating func below(_ count: Int) -> Int { Int(byte()) % count }

  public mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

  public mutating func bool() -> Bool { byte() & 1 == 1 }

  /// A length-prefixed string of at most `limit` bytes, decoded leniently from UTF-8.
  public mutating func string(limit: Int = 16) -> String {
    let length = min(below(limit + 1), bytes.count - min(index, bytes.count))
    defer { index += length }
    return String(decoding: bytes[min(index, bytes.count)..<min(index + length, bytes.count)], as: UTF8.self)
  }

  /// Everything not read yet.
  public mutating func rest() -> ArraySlice<UInt8> {
    defer { index = bytes.count }
    return bytes[min(index, bytes.count)...]
  }
}
