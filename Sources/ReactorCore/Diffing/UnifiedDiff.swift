/// A unified diff of two texts (line-based, LCS): how a transcript replay and a test store
/// show what differs, so both read the same way.
///
/// Contract: empty when the lines are equal; otherwise `--- expectedName`, `+++ actualName`,
/// then hunks `@@ -start,count +start,count @@` of `context` unchanged lines around the
/// changes, each line prefixed with ` `, `-` or `+`.
package enum UnifiedDiff {
  package static func make(
    expected: [String], actual: [String], expectedName: String, actualName: String, context: Int = 3
  ) -> String {
    let ops = diff(expected, actual)
    guard ops.contains(where: { $0.kind != .same }) else { return "" }
    var out = ["--- \(expectedName)", "+++ \(actualName)"]
    var index = 0
    while index < ops.count {
      guard let firstChange = ops[index...].firstIndex(where: { $0.kind != .same }) else { break }
      let start = max(index, firstChange - context)
      var end = firstChange
      while end < ops.count {
        if ops[end].kind != .same {
          end += 1
          continue
        }
        let nextChange = ops[end...].firstIndex { $0.kind != .same } ?? ops.count
        if nextChange - end > context * 2 || nextChange == ops.count {
          end = min(ops.count, end + context)
          break
        }
        end = nextChange
      }
      let hunk = ops[start..<end]
      let oldStart = (hunk.first?.oldIndex ?? 0) + 1
      let newStart = (hunk.first?.newIndex ?? 0) + 1
      let oldCount = hunk.filter { $0.kind != .insert }.count
      let newCount = hunk.filter { $0.kind != .delete }.count
      out.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
      for op in hunk {
        switch op.kind {
        case .same: out.append(" " + op.text)
        case .delete: out.append("-" + op.text)
        case .insert: out.append("+" + op.text)
        }
      }
      index = end
    }
    return out.joined(separator: "\n")
  }

  struct Op {
    enum Kind { case same, delete, insert }
    var kind: Kind
    var text: String
    var oldIndex: Int
    var newIndex: Int
  }

  static func diff(_ a: [String], _ b: [String]) -> [Op] {
    // Trim the common prefix and suffix first; align the middle by LCS, or, when it is too
    // large for a quadratic table, show it as one replaced block.
    var prefix = 0
    while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    var ops = (0..<prefix).map { Op(kind: .same, text: a[$0], oldIndex: $0, newIndex: $0) }
    let middleA = Array(a[prefix..<(a.count - suffix)])
    let middleB = Array(b[prefix..<(b.count - suffix)])
    if middleA.count * middleB.count > 4_000_000 {
      ops += middleA.enumerated().map { Op(kind: .delete, text: $1, oldIndex: prefix + $0, newIndex: prefix) }
      ops += middleB.enumerated().map { Op(kind: .insert, text: $1, oldIndex: a.count - suffix, newIndex: prefix + $0) }
    } else {
      ops += lcsDiff(middleA, middleB).map { op in
        Op(kind: op.kind, text: op.text, oldIndex: op.oldIndex + prefix, newIndex: op.newIndex + prefix)
      }
    }
    ops += (0..<suffix).map { offset in
      Op(
        kind: .same, text: a[a.count - suffix + offset], oldIndex: a.count - suffix + offset,
        newIndex: b.count - suffix + offset)
    }
    return ops
  }

  private static func lcsDiff(_ a: [String], _ b: [String]) -> [Op] {
    let n = a.count
    let m = b.count
    var lcs = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
      }
    }
    var ops: [Op] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        ops.append(Op(kind: .same, text: a[i], oldIndex: i, newIndex: j))
        i += 1
        j += 1
      } else if j < m, i == n || lcs[i][j + 1] > lcs[i + 1][j] {
        ops.append(Op(kind: .insert, text: b[j], oldIndex: i, newIndex: j))
        j += 1
      } else {
        ops.append(Op(kind: .delete, text: a[i], oldIndex: i, newIndex: j))
        i += 1
      }
    }
    return ops
  }
}
