/// "Did you mean" suggestions by edit distance.
package enum Suggestions {
  /// The candidate closest to `word` within a distance that still looks like a typo, or a
  /// candidate that `word` is a prefix of. One-character candidates (`?`) are never offered:
  /// every short typo would be one edit from them.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let letters = Array(lowered)
    // A third of the word: 'nope' is two edits from 'open', which is no typo of it.
    let limit = max(1, min(3, letters.count / 3))
    // Ranked by distance, then, on a tie, a candidate the word begins ('of': 'off' before 'on').
    var best: (candidate: String, rank: (Int, Int))?
    for candidate in candidates where candidate.count > 1 {
      let target = Array(candidate)
      // Each edit changes the length by one at most: a word longer or shorter by more than the
      // limit is no typo, and the first word of a long line is ruled out without a table.
      guard abs(letters.count - target.count) <= limit else { continue }
      let distance = editDistance(letters, target, limit: limit)
      let rank = (distance, candidate.hasPrefix(lowered) ? 0 : 1)
      if distance <= limit, best.map({ rank < $0.rank }) ?? true { best = (candidate, rank) }
    }
    if let best { return best.candidate }
    if letters.count >= 2 { return candidates.first { $0.hasPrefix(lowered) } }
    return nil
  }

  /// Damerau-Levenshtein distance (with adjacent transpositions); once it must exceed
  /// `limit`, some number above `limit`.
  static func editDistance(_ a: [Character], _ b: [Character], limit: Int = .max) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    var previousLeast = 0
    for i in 1...a.count {
      current[0] = i
      var least = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
        least = min(least, current[j])
      }
      // A row's least is at least the row above's, or the one two above's plus one (a
      // transposition): two rows past the limit keep every later row, and the distance, past it.
      if least > limit, previousLeast > limit { return least }
      previousLeast = least
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
