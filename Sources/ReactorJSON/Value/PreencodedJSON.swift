internal import CByteScan

/// An immutable value that keeps its canonical JSON text: compact, keys sorted, strings escaped
/// exactly as ``JSONValue/jsonText`` escapes them (write it with ``JSONWriter``).
///
/// For values that are rendered many times or in bulk, such as the repositories of a search:
/// the text is written once, when the value is made, and every patch, NDJSON line and state
/// dump after that copies bytes instead of building and encoding a tree.
public protocol PreencodedJSON: AnyObject, Sendable {
  /// Calls `body` with the JSON text, as UTF-8, in place.
  func withEncodedJSON<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
  /// The same value as a tree, built when something looks inside it.
  var jsonTree: JSONValue { get }
}

extension PreencodedJSON {
  /// A copy of the JSON text, as UTF-8.
  public var encodedJSON: [UInt8] { withEncodedJSON { Array($0) } }

  /// Whether `other` holds the same JSON text, byte for byte.
  public func hasSameJSON(as other: any PreencodedJSON) -> Bool {
    withEncodedJSON { mine in
      other.withEncodedJSON { theirs in
        mine.count == theirs.count
          && (mine.count == 0 || rc_bytes_equal(mine.baseAddress!, theirs.baseAddress!, mine.count) != 0)
      }
    }
  }
}
