/// One feature's past, kept so that any kept change's state can be rebuilt: a snapshot, and the
/// changes committed after it, in `seq` order: mutations, and the states restores put back.
///
/// Why mutations and not inverse patches: `reduce` is pure, so replaying a feature's mutations
/// from a snapshot gives back the typed state a jump restores, where a JSON patch would need a
/// JSON-to-state decoder for every feature. A mutation holds what its patch holds (a page of
/// repositories is the same references in both), and the patches' paths are kept by
/// ``History`` as ``Touch``es. The snapshot is the state after the last change dropped (the
/// initial state until then): dropping the oldest change reduces it into the snapshot, so a
/// rebuild never needs a dropped change.
final class Timeline<R: Reactor>: Sendable {
  /// One kept change.
  enum Step: Sendable {
    case mutation(R.Mutation)
    /// A restore (``Store/restore(_:tag:)``): the state it put in place.
    case state(R.State)
  }

  private struct Log: Sendable {
    var snapshot: R.State
    /// The seq of the last change folded into the snapshot (0: none).
    var snapshotSeq: UInt64 = 0
    var seqs: [UInt64] = []
    var steps: [Step] = []
    /// The index of the oldest kept change: dropped ones are removed in batches.
    var start = 0
  }

  private let reactor: R
  private let log: Locked<Log>

  init(reactor: R) {
    self.reactor = reactor
    self.log = Locked(Log(snapshot: reactor.initialState))
  }

  /// Keeps a committed change.
  func record(seq: UInt64, _ step: Step) {
    log.withLock { log in
      log.seqs.append(seq)
      log.steps.append(step)
    }
  }

  /// Folds the oldest kept change into the snapshot.
  func dropOldest() {
    let reactor = reactor
    log.withLock { log in
      guard log.start < log.seqs.count else { return }
      Self.apply(log.steps[log.start], to: &log.snapshot, reactor: reactor)
      log.snapshotSeq = log.seqs[log.start]
      log.start += 1
      // Shift out the dropped prefix once it is as long as what is kept: amortised O(1).
      if log.start >= 64 && log.start * 2 >= log.seqs.count {
        log.seqs.removeFirst(log.start)
        log.steps.removeFirst(log.start)
        log.start = 0
      }
    }
  }

  /// The oldest seq whose state can be rebuilt: the snapshot's.
  var horizon: UInt64 { log.withLock { $0.snapshotSeq } }

  /// The state after every change up to and including `seq`, or nil if that is before the
  /// snapshot (dropped).
  func state(through seq: UInt64) -> R.State? {
    let (snapshot, snapshotSeq, seqs, steps, start) = log.withLock { log in
      (log.snapshot, log.snapshotSeq, log.seqs, log.steps, log.start)
    }
    guard seq >= snapshotSeq else { return nil }
    var state = snapshot
    var index = start
    while index < seqs.count, seqs[index] <= seq {
      Self.apply(steps[index], to: &state, reactor: reactor)
      index += 1
    }
    return state
  }

  /// What the store did at a step: reduce the mutation, or put the state in place.
  private static func apply(_ step: Step, to state: inout R.State, reactor: R) {
    switch step {
    case .mutation(let mutation):
      reactor.reduce(state: &state, mutation: mutation)
      reactor.transform(state: &state)
    case .state(let restored): state = restored
    }
  }
}
