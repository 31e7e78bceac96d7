import ReactorJSON

/// The RFC 6902 operations from one JSON value to another, for `diff`: objects member by
/// member, lists as appends or removals at their end when one extends the other, anything
/// else as one `replace`. Applying them to `old` gives `new`.
enum JSONDiff {
  static func operations(from old: JSONValue, to new: JSONValue) -> [PatchOperation] {
    var operations: [PatchOperation] = []
    diff(old, new, path: "", into: &operations)
    return operations
  }

  private static func diff(_ old: JSONValue, _ new: JSONValue, path: String, into operations: inout [PatchOperation]) {
    if old == new { return }
    switch (old.resolved, new.resolved) {
    case (.object(let before), .object(let after)):
      for member in before.members where after[member.key] == nil {
        operations.append(
          PatchOperation(op: .remove, path: path + "/" + PatchOperation.escapeToken(member.key), oldValue: member.value)
        )
      }
      for member in after.members {
        let child = path + "/" + PatchOperation.escapeToken(member.key)
        if let previous = before[member.key] {
          diff(previous, member.value, path: child, into: &operations)
        } else {
          operations.append(PatchOperation(op: .add, path: child, value: member.value))
        }
      }
    case (.array(let before), .array(let after)):
      var common = 0
      while common < before.count, common < after.count, before[common] == after[common] { common += 1 }
      if common == before.count {
        for value in after[common...] { operations.append(PatchOperation(op: .add, path: path + "/-", value: value)) }
      } else if common == after.count {
        // From the end, so every index is still valid when its removal is applied.
        for index in stride(from: before.count - 1, through: common, by: -1) {
          operations.append(PatchOperation(op: .remove, path: path + "/\(index)", oldValue: before[index]))
        }
      } else {
        operations.append(PatchOperation(op: .replace, path: path, value: new, oldValue: old))
      }
    default:
      operations.append(PatchOperation(op: .replace, path: path, value: new, oldValue: old))
    }
  }
}
