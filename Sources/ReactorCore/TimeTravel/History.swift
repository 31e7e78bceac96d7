import ReactorJSON
import Synchronization

/// Time travel over any reactors' stores: every change of every store attached to it (each
/// under a feature's name), in seq order, at most ``limit`` of them; which command caused
/// each; what ``undo(tag:)`` and ``redo(tag:)`` step over; and the watches. From it, a past
/// state can be read (``state(of:after:)``), compared (``diff(_:from:to:)``), explained
/// (``why(_:pointer:)``) and put back (``goto(_:tag:)``).
///
/// It observes stores from outside, as a renderer does, so a store knows nothing of it. A
/// change costs a few small strings and, past the limit, one `reduce` into the dropped
/// changes' snapshot). With a limit of 0 and no watch, recording returns after
/// one atomic load.
public final class History: Sendable {
  /// The most changes kept; 0 keeps none (and the listing, `diff`, `why` and jumps are off).
  public let limit: Int
  private let state: Locked<State>
  /// History is on, or a watch is set: the observers record.
  private let active: Atomic<Bool>

  fileprivate struct State: Sendable {
    var entries: [HistoryEntry] = []
    /// The index of the oldest kept entry: dropped ones are removed in batches.
    var start = 0
    /// How many changes were dropped.
    var dropped = 0
    var features: [String: FeatureHandle] = [:]
    /// Each feature's list lengths and recent actions' lines.
    var books: [FeatureBook] = []
    /// The line being run, and the lines of the actions whose effects may still commit.
    var current = HistoryLine.none
    var nextLine = 0
    var undo: [LineChanges] = []
    var redo: [LineChanges] = []
    /// The line whose changes ended what `redo` could have put back, until the next `undo`.
    var redoEndedBy: HistoryLine?
    var watches: [Watch] = []
    /// Changes that started a feature's past anew (an engine switch), newest last.
    var resets: [Reset] = []
  }

  /// A change after which a feature's earlier changes can no longer be rebuilt.
  package struct Reset: Sendable {
    package let feature: String
    package let seq: UInt64
    /// What it was, as a message names it: `the switch to the feedback engine`.
    package let cause: String
  }

  /// A history that keeps the last `limit` changes (0: none, only watches).
  public init(limit: Int) {
    self.limit = max(0, limit)
    self.state = Locked(State())
    self.active = Atomic(limit > 0)
  }

  /// True when changes must be recorded.
  var isActive: Bool { active.load(ordering: .relaxed) }

  /// True when history keeps changes.
  package var isOn: Bool { limit > 0 }

  /// The command running now, as ``begin(command:undoable:)`` named it ("" before any).
  package var currentLine: String { state.withLock { $0.current.text } }

  // MARK: - Recording

  /// Registers a feature's store and timeline; a feature registered again (a new search
  /// engine) starts a new past: its old changes can no longer be rebuilt, so they go.
  func register(_ feature: String, handle: FeatureHandle) {
    state.withLock { state in
      if state.features[feature] != nil {
        state.entries.removeAll { $0.feature == feature }
        state.start = min(state.start, state.entries.count)
        state.books.removeAll { $0.feature == feature }
        state.undo = state.undo.compactMap { $0.without(feature) }
        state.redo = state.redo.compactMap { $0.without(feature) }
      }
      state.features[feature] = handle
    }
  }

  /// Starts a command: the changes that follow, and those that effects of the actions sent
  /// meanwhile commit later, are its. ``undo(tag:)`` takes back one command's changes in every
  /// store; a command that is not `undoable` (an undo itself) is never taken back. Changes
  /// before the first command belong to none, and no undo takes them back.
  public func begin(command text: String, undoable: Bool = true) {
    state.withLock { state in
      state.current = HistoryLine(id: state.nextLine, text: text, undoable: undoable)
      state.nextLine += 1
    }
  }

  /// Records one committed change; returns the watches it changed, with their old values.
  /// `value` reads a JSON Pointer's tokens in the state after the change.
  func record(
    feature: String, seq: UInt64, origin: UInt64, mutation: String, patch: Patch, value: ([String]) -> JSONValue?
  ) -> [WatchHit] {
    state.withLock { state in
      let book = state.book(feature)
      let touches = Self.touches(of: patch, book: &state.books[book])
      var hits: [WatchHit] = []
      for index in state.watches.indices where state.watches[index].feature == feature {
        let watch = state.watches[index]
        guard touches.contains(where: { $0.reaches(watch.tokens) }) else { continue }
        let new = value(watch.tokens)
        guard new != watch.last else { continue }
        state.watches[index].last = new
        hits.append(WatchHit(watch: state.watches[index], old: watch.last))
      }
      guard limit > 0 else { return hits }
      let line = state.books[book].line(of: origin, current: state.current)
      state.entries.append(
        HistoryEntry(seq: seq, feature: feature, line: line, mutation: mutation, touches: touches))
      if line.undoable { state.noteUndoable(line, feature: feature, seq: seq) }
      while state.entries.count - state.start > limit {
        let oldest = state.entries[state.start]
        state.features[oldest.feature]?.dropOldest()
        state.start += 1
        state.dropped += 1
      }
      if state.start >= 64 && state.start * 2 >= state.entries.count {
        state.entries.removeFirst(state.start)
        state.start = 0
      }
      return hits
    }
  }

  /// The touches of a patch; updates the feature's list lengths.
  static func touches(of patch: Patch, book: inout FeatureBook) -> [Touch] {
    var touches: [Touch] = []
    touches.reserveCapacity(4)
    patch.forEachPiece { op, path, count, value in
      if op == .add, path.hasSuffix("/-") {
        let list = book.list(appendedAt: path)
        let start = book.lists[list].length
        book.lists[list].length = start + count
        touches.append(Touch(kind: .add, path: book.lists[list].path, indices: start...(start + count - 1)))
      } else if op == .replace, let length = Self.listLength(value, count: count) {
        book.setLength(length, of: path)
        touches.append(Touch(kind: .replace, path: path, length: length))
      } else {
        touches.append(Touch(kind: Touch.Kind(op), path: path))
      }
    }
    return touches
  }

  /// The new length of a list a replace sets whole: a run's element count (no value), or an
  /// array value's; nil for a replace of anything else.
  private static func listLength(_ value: JSONValue?, count: Int) -> Int? {
    switch value {
    case nil: count
    case .array(let items)?: items.count
    default: nil
    }
  }

  // MARK: - Reading

  /// The kept changes, oldest first, and how many older ones were dropped (past ``limit``).
  public var entries: (kept: ArraySlice<HistoryEntry>, dropped: Int) {
    state.withLock { ($0.entries[$0.start...], $0.dropped) }
  }

  /// The kept change numbered `seq`, if there is one.
  public func entry(_ seq: UInt64) -> HistoryEntry? {
    state.withLock { state in
      let kept = state.entries[state.start...]
      // Entries are in seq order: a binary search.
      var low = kept.startIndex
      var high = kept.endIndex
      while low < high {
        let middle = (low + high) / 2
        if kept[middle].seq < seq { low = middle + 1 } else { high = middle }
      }
      return low < kept.endIndex && kept[low].seq == seq ? kept[low] : nil
    }
  }

  func handle(_ feature: String) -> FeatureHandle? { state.withLock { $0.features[feature] } }

  /// True when a store is attached as `feature`.
  package func isAttached(_ feature: String) -> Bool { handle(feature) != nil }

  /// Notes that change `seq` started `feature`'s past anew (see ``register(_:handle:)``).
  package func noteReset(_ feature: String, seq: UInt64, cause: String) {
    state.withLock { $0.resets.append(Reset(feature: feature, seq: seq, cause: cause)) }
  }

  /// The first reset at or after `seq`: a change not kept from before it may have been lost
  /// to it, not to the limit.
  package func reset(after seq: UInt64) -> Reset? { state.withLock { $0.resets.first { $0.seq >= seq } } }

  // MARK: - Undo and redo

  /// Takes the last line `undo` can step back over, and moves it to the redo stack; nil when
  /// there is none. When a state it goes back to was dropped (`--history-limit`), nothing moves:
  /// the line stays to be tried again, and the failure says which state.
  package func popUndo() -> Result<LineChanges, DroppedState>? {
    while true {
      guard let last = state.withLock({ $0.undo.last }) else { return nil }
      if let dropped = dropped(last, undoing: true) { return .failure(dropped) }
      let taken = state.withLock { state -> LineChanges? in
        // Taken only if it is still the last: a line that came meanwhile is checked first.
        guard let line = state.undo.last, line.line.id == last.line.id else { return nil }
        state.undo.removeLast()
        state.redo.append(line)
        state.redoEndedBy = nil
        return line
      }
      if let taken { return .success(taken) }
    }
  }

  /// Takes the last line undone, and moves it back to the undo stack; or, when there is none,
  /// the line whose changes ended redo, if one did. When a state it goes forward to was
  /// dropped, nothing moves.
  package func popRedo() -> Result<LineChanges, RedoRefusal> {
    while true {
      let (last, endedBy) = state.withLock { ($0.redo.last, $0.redoEndedBy) }
      guard let last else { return .failure(RedoRefusal(endedBy: endedBy)) }
      if let dropped = dropped(last, undoing: false) {
        return .failure(RedoRefusal(endedBy: nil, dropped: dropped))
      }
      let taken = state.withLock { state -> LineChanges? in
        guard let line = state.redo.last, line.line.id == last.line.id else { return nil }
        state.redo.removeLast()
        state.undo.append(line)
        return line
      }
      if let taken { return .success(taken) }
    }
  }

  /// The first state a jump over `line` needs that was dropped, if any.
  private func dropped(_ line: LineChanges, undoing: Bool) -> DroppedState? {
    for target in line.targets(undoing: undoing) {
      guard let horizon = horizon(target.feature), target.seq >= horizon else {
        return DroppedState(line: line, feature: target.feature, seq: target.seq)
      }
    }
    return nil
  }

  /// A state an undo or redo needed, dropped by the limit: the line, and the feature's seq.
  package struct DroppedState: Error {
    package let line: LineChanges
    package let feature: String
    package let seq: UInt64
  }

  /// Why `redo` has nothing to put back: a new command came after the last undo, or nothing was undone.
  package struct RedoRefusal: Error {
    package let endedBy: HistoryLine?
    /// The line to redo needs a state that was dropped.
    package var dropped: DroppedState?
  }

  // MARK: - Watches

  /// Adds a watch; false if the same one is set already.
  func addWatch(_ watch: Watch) -> Bool {
    let added = state.withLock { state in
      if state.watches.contains(where: { $0.feature == watch.feature && $0.pointer == watch.pointer }) {
        return false
      }
      state.watches.append(watch)
      return true
    }
    if added { active.store(true, ordering: .relaxed) }
    return added
  }

  /// Removes the watches that match (all of them when both are nil); returns them.
  package func removeWatches(feature: String?, pointer: String?) -> [Watch] {
    let (removed, left) = state.withLock { state in
      let removed = state.watches.filter { watch in
        (feature == nil || watch.feature == feature) && (pointer == nil || watch.pointer == pointer)
      }
      state.watches.removeAll { watch in
        (feature == nil || watch.feature == feature) && (pointer == nil || watch.pointer == pointer)
      }
      return (removed, state.watches.count)
    }
    if left == 0 && limit == 0 { active.store(false, ordering: .relaxed) }
    return removed
  }
}

extension History.State {
  /// How many lines `undo` can step back over, at least.
  fileprivate static let undoLines = 4096

  /// The index of `feature`'s book, made on its first change.
  fileprivate mutating func book(_ feature: String) -> Int {
    if let index = books.firstIndex(where: { $0.feature == feature }) { return index }
    books.append(FeatureBook(feature: feature))
    return books.count - 1
  }

  /// Counts a change of an undoable line in what `undo` steps over; the first change of a new
  /// line clears what `redo` could put back.
  fileprivate mutating func noteUndoable(_ line: HistoryLine, feature: String, seq: UInt64) {
    // Lines enter in the order they were read, so the search stops at the first older one:
    // usually the line is the last entry, or a new one.
    var index = undo.endIndex
    while index > undo.startIndex, undo[index - 1].line.id >= line.id {
      index -= 1
      guard undo[index].line.id == line.id else { continue }
      if let span = undo[index].spans.firstIndex(where: { $0.feature == feature }) {
        undo[index].spans[span].last = seq
      } else {
        undo[index].spans.append(LineChanges.Span(feature: feature, first: seq, last: seq))
      }
      return
    }
    undo.append(LineChanges(line: line, spans: [LineChanges.Span(feature: feature, first: seq, last: seq)]))
    if !redo.isEmpty {
      redo.removeAll()
      redoEndedBy = line
    }
    // Old lines' changes are dropped from history anyway: keep the newest, trimming in
    // batches so a line costs O(1).
    if undo.count >= 2 * Self.undoLines { undo.removeFirst(undo.count - Self.undoLines) }
  }
}

extension LineChanges {
  /// The same line without its changes to `feature`; nil if none are left.
  func without(_ feature: String) -> LineChanges? {
    let kept = spans.filter { $0.feature != feature }
    return kept.isEmpty ? nil : LineChanges(line: line, spans: kept)
  }
}
