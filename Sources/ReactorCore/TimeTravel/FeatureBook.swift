/// What history keeps per feature while recording: its lists' lengths, so an append says
/// which indices it added, and the lines of the actions whose effects may still commit.
///
/// Kept in a short array searched by name (there are three features): cheaper per change than
/// hashing the feature's name into dictionaries.
struct FeatureBook: Sendable {
  let feature: String
  /// Each list's path (`/repos`) and length, in the order first seen.
  var lists: [(path: String, length: Int)] = []
  /// The last action seen and its line: most changes come from the action before them.
  var recent: (origin: UInt64, line: HistoryLine)?
  var origins: [UInt64: HistoryLine] = [:]

  init(feature: String) { self.feature = feature }

  /// The index of the list an append at `path` (`/repos/-`) adds to, made if new.
  mutating func list(appendedAt path: String) -> Int {
    let utf8 = path.utf8
    for index in lists.indices {
      let list = lists[index].path.utf8
      if utf8.count == list.count + 2 && utf8.starts(with: list) { return index }
    }
    lists.append((String(path.dropLast(2)), 0))
    return lists.count - 1
  }

  /// Sets the length of the list at `path` (replaced whole).
  mutating func setLength(_ length: Int, of path: String) {
    if let index = lists.firstIndex(where: { $0.path == path }) {
      lists[index].length = length
    } else {
      lists.append((path, length))
    }
  }

  /// The line an action belongs to: known from its first change, or `current` (the line
  /// running now) for a new action.
  mutating func line(of origin: UInt64, current: HistoryLine) -> HistoryLine {
    if let recent, recent.origin == origin { return recent.line }
    let line: HistoryLine
    if let known = origins[origin] {
      line = known
    } else {
      // Only recent actions still have effects to land: forget the older half now and then.
      if origins.count >= 1024 {
        let cut = origin > 512 ? origin - 512 : 0
        origins = origins.filter { $0.key >= cut }
      }
      origins[origin] = current
      line = current
    }
    recent = (origin, line)
    return line
  }
}
