public import ReactorJSON

extension History {
  /// Calls `onChange` with the seq, the old value and the new whenever a change of `feature`'s
  /// store changes the value at `pointer` (a JSON Pointer, which may not exist yet), until
  /// ``unwatch(_:pointer:)``. False if no store is attached as `feature`, the pointer is not
  /// one, or the same watch is set already. Watches work with any ``limit``, even 0.
  @discardableResult
  public func watch(
    _ feature: String, pointer: String, onChange: @escaping @Sendable (UInt64, JSONValue?, JSONValue?) -> Void
  ) -> Bool {
    guard let tokens = try? JSONPatch.parsePointer(pointer), let handle = handle(feature) else { return false }
    let now = handle.stateJSON(nil)?.value(at: tokens[...])
    return addWatch(Watch(feature: feature, pointer: pointer, tokens: tokens, last: now, onChange: onChange))
  }

  /// Sets the shell's watch of the value at `tokens`, which is `now`; its changes come back
  /// from the recorder. False if it is set already.
  package func watch(_ feature: String, pointer: String, tokens: [String], now: JSONValue?) -> Bool {
    addWatch(Watch(feature: feature, pointer: pointer, tokens: tokens, last: now, onChange: nil))
  }

  /// Stops the watches of `feature` at `pointer`; nil matches any feature or pointer, so
  /// without arguments every watch stops. Returns how many stopped.
  @discardableResult
  public func unwatch(_ feature: String? = nil, pointer: String? = nil) -> Int {
    removeWatches(feature: feature, pointer: pointer).count
  }
}

/// A value someone asked to see change (`watch`), with the value it had last.
package struct Watch: Sendable {
  package let feature: String
  package let pointer: String
  let tokens: [String]
  /// The value now: after the change that reported it, the new value.
  package var last: JSONValue?
  /// What ``History/watch(_:pointer:onChange:)`` calls with each change: its seq, the old
  /// value and the new. The shell's watches have none: their changes come back from recording.
  let onChange: (@Sendable (UInt64, JSONValue?, JSONValue?) -> Void)?
}

/// A watch a change changed: the watch, whose ``Watch/last`` is the new value, and the old.
package struct WatchHit: Sendable {
  package let watch: Watch
  package let old: JSONValue?
}

extension JSONValue {
  /// The value at a JSON Pointer's tokens inside this one, or nil if there is none.
  package func value(at tokens: ArraySlice<String>) -> JSONValue? {
    var current = self
    for token in tokens {
      switch current.resolved {
      case .object(let object):
        guard let next = object[token] else { return nil }
        current = next
      case .array(let items):
        guard let index = Int(token), items.indices.contains(index) else { return nil }
        current = items[index]
      default:
        return nil
      }
    }
    return current
  }
}
