import Foundation
import GitHubClient

/// A prototype for a proposal, not used by reactor: decodes a GitHub search page by scanning
/// its bytes once, reading the six fields reactor shows and skipping everything else without
/// building a tree (JSONDecoder first builds a map of the whole 140 KB page, then decodes it
/// through Codable's existential containers).
enum SearchPageScanner {
  struct Failure: Error {}

  static func decode(_ data: Data) throws -> (totalCount: Int, incomplete: Bool, items: [Repository]) {
    try data.withUnsafeBytes { raw in
      var cursor = Cursor(bytes: raw.bindMemory(to: UInt8.self))
      var total = 0
      var incomplete = false
      var items: [Repository] = []
      try cursor.object { cursor, key in
        if key.equals("total_count") {
          total = try cursor.integer()
        } else if key.equals("incomplete_results") {
          incomplete = try cursor.boolean()
        } else if key.equals("items") {
          items.reserveCapacity(30)
          try cursor.array { cursor in items.append(try repository(&cursor)) }
        } else {
          try cursor.skipValue()
        }
      }
      return (total, incomplete, items)
    }
  }

  private static func repository(_ cursor: inout Cursor) throws -> Repository {
    var id: Int?
    var fullName: String?
    var description: String?
    var stars: Int?
    var language: String?
    var url: String?
    try cursor.object { cursor, key in
      switch key.count {
      case 2 where key.equals("id"): id = try cursor.integer()
      case 9 where key.equals("full_name"): fullName = try cursor.string()
      case 11 where key.equals("description"): description = try cursor.optionalString()
      case 16 where key.equals("stargazers_count"): stars = try cursor.integer()
      case 8 where key.equals("language"): language = try cursor.optionalString()
      case 8 where key.equals("html_url"): url = try cursor.string()
      default: try cursor.skipValue()
      }
    }
    guard let id, let fullName, let stars, let url else { throw Failure() }
    return Repository(id: id, fullName: fullName, description: description, stars: stars, language: language, url: url)
  }

  struct Key {
    let bytes: UnsafeBufferPointer<UInt8>
    var count: Int { bytes.count }
    func equals(_ text: StaticString) -> Bool {
      text.utf8CodeUnitCount == bytes.count && memcmp(text.utf8Start, bytes.baseAddress!, bytes.count) == 0
    }
  }

  struct Cursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
        index += 1
      }
    }

    mutating func take(_ byte: UInt8) -> Bool {
      skipSpace()
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    mutating func expect(_ byte: UInt8) throws { guard take(byte) else { throw Failure() } }

    /// Calls `body` for every member, with the key's raw bytes (keys here have no escapes).
    mutating func object(_ body: (inout Cursor, Key) throws -> Void) throws {
      try expect(UInt8(ascii: "{"))
      if take(UInt8(ascii: "}")) { return }
      repeat {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          if bytes[index] == UInt8(ascii: "\\") { throw Failure() }
          index += 1
        }
        let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        index += 1
        try expect(UInt8(ascii: ":"))
        try body(&self, key)
      } while take(UInt8(ascii: ","))
      try expect(UInt8(ascii: "}"))
    }

    mutating func array(_ body: (inout Cursor) throws -> Void) throws {
      try expect(UInt8(ascii: "["))
      if take(UInt8(ascii: "]")) { return }
      repeat { try body(&self) } while take(UInt8(ascii: ","))
      try expect(UInt8(ascii: "]"))
    }

    mutating func integer() throws -> Int {
      skipSpace()
      var negative = false
      if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
        negative = true
        index += 1
      }
      let start = index
      var value = 0
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        value = value &* 10 &+ Int(bytes[index] &- 0x30)
        index += 1
      }
      guard index > start else { throw Failure() }
      return negative ? -value : value
    }

    mutating func boolean() throws -> Bool {
      skipSpace()
      if literal("true") { return true }
      if literal("false") { return false }
      throw Failure()
    }

    mutating func literal(_ text: StaticString) -> Bool {
      let count = text.utf8CodeUnitCount
      guard index + count <= bytes.count, memcmp(text.utf8Start, bytes.baseAddress! + index, count) == 0 else { return false }
      index += count
      return true
    }

    mutating func optionalString() throws -> String? {
      skipSpace()
      if literal("null") { return nil }
      return try string()
    }

    mutating func string() throws -> String {
      try expect(UInt8(ascii: "\""))
      let start = index
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
        }
        if byte == UInt8(ascii: "\\") { break }
        index += 1
      }
      var out = Array(bytes[start..<index])
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
        guard byte == UInt8(ascii: "\\") else {
          out.append(byte)
          continue
        }
        guard index < bytes.count else { throw Failure() }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar), literal("\\u") {
            let low = try hex4()
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
        default: out.append(escape)
        }
      }
      throw Failure()
    }

    mutating func hex4() throws -> UInt32 {
      guard index + 4 <= bytes.count else { throw Failure() }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[index]
        index += 1
        let digit: UInt8
        switch byte {
        case 0x30...0x39: digit = byte - 0x30
        case 0x41...0x46: digit = byte - 0x37
        case 0x61...0x66: digit = byte - 0x57
        default: throw Failure()
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }

    /// Skips one value of any kind.
    mutating func skipValue() throws {
      skipSpace()
      guard index < bytes.count else { throw Failure() }
      switch bytes[index] {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while index < bytes.count {
          let byte = bytes[index]
          index += 1
          switch byte {
          case UInt8(ascii: "\""):
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
              index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            index += 1
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 { return }
          default: break
          }
        }
        throw Failure()
      default:
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { return }
          index += 1
        }
      }
    }
  }
}
