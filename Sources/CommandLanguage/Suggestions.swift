/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
  /// The candidate closest to `word` within a distance that still looks like a typo, or a
  /// candidate that `word` is a prefix of. One-character candidates (`?`) are never offered:
  /// every short typo would be one edit from them.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    // A third of the word: 'nope' is two edits from 'open', which is no typo of it.
    let limit = max(1, min(3, lowered.count / 3))
    // Ranked by distance, then, on a tie, a candidate the word begins ('of': 'off' before 'on').
    var best: (candidate: String, rank: (Int, Int))?
    for candidate in candidates where candidate.count > 1 {
      let distance = editDistance(lowered, candidate)
      let rank = (distance, candidate.hasPrefix(lowered) ? 0 : 1)
      if distance <= limit, best.map({ rank < $0.rank }) ?? true { best = (candidate, rank) }
    }
    if let best { return best.candidate }
    if lowered.count >= 2 { return candidates.first { $0.hasPrefix(lowered) } }
    return nil
  }

  /// Damerau-Levenshtein distance (with adjacent transpositions).
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
