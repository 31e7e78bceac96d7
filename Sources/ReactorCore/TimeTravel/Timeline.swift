/// One feature's past, kept so that any kept change's state can be rebuilt: a snapshot, and the
/// mutations committed after it, in `seq` order.
///
/// Why mutations and not inverse patches: `reduce` is pure, so replaying a feature's mutations
/// from a snapshot gives back the typed state a jump restores, where a JSON patch would need a
/// JSON-to-state decoder for every feature. A mutation holds what its patch holds (a page of
/// repositories is the same references in both), and the patches' paths are kept by
/// ``History`` as ``Touch``es. The snapshot is the state after the last change dropped (the
/// initial state until then): dropping the oldest change reduces it into the snapshot, so a
/// rebuild never needs a dropped change.
final class Timeline<R: Reactor>: Sendable {
  private struct Log: Sendable {
    var snapshot: R.State
    /// The seq of the last change folded into the snapshot (0: none).
    var snapshotSeq: UInt64 = 0
    var seqs: [UInt64] = []
    var mutations: [R.Mutation] = []
    /// The index of the oldest kept change: dropped ones are removed in batches.
    var start = 0
  }

  private let reactor: R
  private let log: Locked<Log>

  init(reactor: R) {
    self.reactor = reactor
    self.log = Locked(Log(snapshot: reactor.initialState))
  }

  /// Keeps a committed mutation.
  func record(seq: UInt64, mutation: R.Mutation) {
    log.withLock { log in
      log.seqs.append(seq)
      log.mutations.append(mutation)
    }
  }

  /// Folds the oldest kept change into the snapshot.
  func dropOldest() {
    let reactor = reactor
    log.withLock { log in
      guard log.start < log.seqs.count else { return }
      reactor.reduce(state: &log.snapshot, mutation: log.mutations[log.start])
      reactor.transform(state: &log.snapshot)
      log.snapshotSeq = log.seqs[log.start]
      log.start += 1
      // Shift out the dropped prefix once it is as long as what is kept: amortised O(1).
      if log.start >= 64 && log.start * 2 >= log.seqs.count {
        log.seqs.removeFirst(log.start)
        log.mutations.removeFirst(log.start)
        log.start = 0
      }
    }
  }

  /// The oldest seq whose state can be rebuilt: the snapshot's.
  var horizon: UInt64 { log.withLock { $0.snapshotSeq } }

  /// The state after every change up to and including `seq`, or nil if that is before the
  /// snapshot (dropped).
  func state(through seq: UInt64) -> R.State? {
    let (snapshot, snapshotSeq, seqs, mutations, start) = log.withLock { log in
      (log.snapshot, log.snapshotSeq, log.seqs, log.mutations, log.start)
    }
    guard seq >= snapshotSeq else { return nil }
    var state = snapshot
    var index = start
    while index < seqs.count, seqs[index] <= seq {
      reactor.reduce(state: &state, mutation: mutations[index])
      reactor.transform(state: &state)
      index += 1
    }
    return state
  }
}
