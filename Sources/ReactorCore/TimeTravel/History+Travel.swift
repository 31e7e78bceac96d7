public import ReactorJSON

// MARK: - Reading the past

extension History {
  /// `feature`'s state as JSON after every change up to and including `seq` (nil: now); nil if
  /// no store is attached as `feature`, or that state was dropped (older than the oldest kept
  /// change). Past states are rebuilt by reducing the kept mutations again, not stored.
  public func state(of feature: String, after seq: UInt64? = nil) -> JSONValue? {
    handle(feature)?.stateJSON(seq)
  }

  /// What changed in `feature`'s state between after change `from` and after change `to`
  /// (nil: now): the state after `from`, and the RFC 6902 operations that turn it into the
  /// other (objects member by member, lists as appends or removals at their end when one
  /// extends the other). Nil when either state is not there to rebuild (see ``state(of:after:)``).
  public func diff(_ feature: String, from: UInt64, to: UInt64? = nil) -> (
    old: JSONValue, operations: [PatchOperation]
  )? {
    guard let handle = handle(feature), let old = handle.stateJSON(from), let new = handle.stateJSON(to) else {
      return nil
    }
    return (old, JSONDiff.operations(from: old, to: new))
  }

  /// Which kept change last changed the value at `pointer` (a JSON Pointer) in `feature`'s
  /// state, and the value before it; nil when no kept change did, the pointer is not one, or no
  /// store is attached as `feature`.
  public func why(_ feature: String, pointer: String) -> (change: HistoryEntry, before: JSONValue?)? {
    guard let tokens = try? JSONPatch.parsePointer(pointer), let why = explain(feature, tokens: tokens),
      let change = why.change
    else { return nil }
    return (change, why.before)
  }

  /// What `why` says of the value at `tokens`: the value now, the last kept change that changed
  /// it and the value before that change, or, when none did, the oldest seq whose state can be
  /// rebuilt (0: the initial state). Nil if no store is attached as `feature`.
  package func explain(_ feature: String, tokens: [String]) -> Explanation? {
    guard let handle = handle(feature) else { return nil }
    let now = handle.stateJSON(nil)?.value(at: tokens[...])
    let (change, before) = lastChange(of: tokens, in: feature, handle: handle)
    return Explanation(now: now, change: change, before: before, since: handle.horizon())
  }

  /// See ``explain(_:tokens:)``.
  package struct Explanation {
    package let now: JSONValue?
    package let change: HistoryEntry?
    package let before: JSONValue?
    package let since: UInt64
  }

  /// The last kept change that changed the value at `tokens`, and the value before it. A
  /// change whose paths reach the value but left it as it was (a list replaced by one with the
  /// same element there) is passed over, up to a bound on the states rebuilt.
  private func lastChange(of tokens: [String], in feature: String, handle: FeatureHandle) -> (
    HistoryEntry?, JSONValue?
  ) {
    let (kept, _) = entries
    var rebuilt = 0
    for entry in kept.reversed() where entry.feature == feature && entry.touches.contains(where: { $0.reaches(tokens) })
    {
      let before = handle.stateJSON(entry.seq - 1)?.value(at: tokens[...])
      rebuilt += 1
      if rebuilt > Self.whyRebuildLimit || before != handle.stateJSON(entry.seq)?.value(at: tokens[...]) {
        return (entry, before)
      }
    }
    return (nil, nil)
  }

  /// How many candidate changes `why` checks by rebuilding states before it takes the next one.
  static let whyRebuildLimit = 64

  /// The oldest seq whose state `feature` can rebuild (0: its initial state).
  package func horizon(_ feature: String) -> UInt64? { handle(feature)?.horizon() }
}

// MARK: - Jumps

extension History {
  /// Puts the feature of kept change `seq` back to its state after that change: its store
  /// cancels its work in flight and restores that state (``Store/restore(_:tag:)``), tagged `tag`. The restore change is recorded like any other, as a command of its own
  /// (`goto <seq>`), which ``undo(tag:)`` takes back. False if `seq` is not a kept change, or
  /// its state was dropped.
  @discardableResult
  public func goto(_ seq: UInt64, tag: JSONValue? = nil) -> Bool {
    guard let entry = entry(seq) else { return false }
    begin(command: "goto \(seq)")
    return restore(entry.feature, after: seq, tag: tag)
  }

  /// Takes back the last undoable command's changes: puts every feature it changed back to its
  /// state before them, as a command of its own (`undo`) that no undo takes back. False if
  /// nothing is left to undo, or a state it needed was dropped (and then nothing changes).
  @discardableResult
  public func undo(tag: JSONValue? = nil) -> Bool {
    guard case .success(let line)? = popUndo() else { return false }
    begin(command: "undo", undoable: false)
    return restore(line.targets(undoing: true), tag: tag)
  }

  /// Puts back what the last ``undo(tag:)`` took back, as a command of its own (`redo`). False
  /// if nothing was undone, a command has changed state since, or a state it needed was dropped.
  @discardableResult
  public func redo(tag: JSONValue? = nil) -> Bool {
    guard case .success(let line) = popRedo() else { return false }
    begin(command: "redo", undoable: false)
    return restore(line.targets(undoing: false), tag: tag)
  }

  /// Restores each target; false if any state was dropped.
  private func restore(_ targets: [(feature: String, seq: UInt64)], tag: JSONValue?) -> Bool {
    var restored = true
    for target in targets where !restore(target.feature, after: target.seq, tag: tag) { restored = false }
    return restored
  }

  /// Cancels `feature`'s work in flight and puts its state back to what it was after `seq`; false
  /// if no store is attached as `feature`, or that state was dropped.
  package func restore(_ feature: String, after seq: UInt64, tag: JSONValue?) -> Bool {
    handle(feature)?.restore(seq, tag) ?? false
  }
}
