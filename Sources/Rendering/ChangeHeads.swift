import ReactorJSON
import Synchronization

/// The written start of `change` records, `{"action":...,"feature":...,"mutation":...,"patch":`,
/// for the few combinations a session prints again and again: each line copies its head rather
/// than escaping three names.
final class ChangeHeads: Sendable {
  private struct Head {
    let feature: String
    let action: String
    let mutation: String
    let mutationLength: Int
    let bytes: [UInt8]
  }

  /// Enough for every action and mutation a feature's commands alternate between.
  private static let capacity = 16
  private let heads = Mutex<(heads: [Head], next: Int)>(([], 0))

  /// Appends the head of a record for `feature`, `action` and `mutation` to `writer`.
  func write(feature: String, action: String, mutation: String, to writer: inout JSONWriter) {
    let mutationLength = mutation.utf8.count
    let found = heads.withLock { state -> [UInt8]? in
      // Compared in place: iterating copied each head (three names and the bytes). Lengths
      // first: they tell most of a feature's mutations apart without comparing their text.
      state.heads.withUnsafeBufferPointer { heads in
        for index in heads.indices
        where heads[index].mutationLength == mutationLength && heads[index].mutation == mutation
          && heads[index].action == action && heads[index].feature == feature
        {
          return heads[index].bytes
        }
        return nil
      }
    }
    if let found { return writer.append(found) }
    var head = JSONWriter(capacity: 64 + action.utf8.count + feature.utf8.count + mutation.utf8.count)
    head.raw(#"{"action":"#)
    head.string(action)
    head.raw(#","feature":"#)
    head.string(feature)
    head.raw(#","mutation":"#)
    head.string(mutation)
    head.raw(#","patch":"#)
    let bytes = head.bytes
    writer.append(bytes)
    heads.withLock { state in
      let entry = Head(
        feature: feature, action: action, mutation: mutation, mutationLength: mutationLength, bytes: bytes)
      if state.heads.count < Self.capacity {
        state.heads.append(entry)
      } else {
        state.heads[state.next] = entry
        state.next = (state.next + 1) % Self.capacity
      }
    }
  }
}
