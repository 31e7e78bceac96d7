import CommandLanguage
import FeatureKit
import ReactorCore
import ReactorJSON
import Rendering

// MARK: - Handlers of the time-travel commands

extension Session {
  var timeTravelText: TimeTravelText { TimeTravelText(records: records) }

  /// The error every history command gives when history is off.
  private func historyOff(_ verb: String, sink: TaggingSink) -> StoreTask.Completion {
    sink.write([
      records.error(
        code: "history-off", message: "\(verb): history is off (--history-limit 0); start with a limit above 0")
    ])
    return .error
  }

  /// `history`: the last `count` changes, of one feature or all.
  func history(feature: String?, count: Int, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("history", sink: sink) }
    let (kept, dropped) = history.entries
    let chosen = Array(kept.filter { feature == nil || $0.feature == feature }.suffix(count))
    if chosen.isEmpty {
      sink.write([records.info("history: no changes yet" + (feature.map { " in \($0)" } ?? ""))])
      return .ok
    }
    sink.write(timeTravelText.history(chosen, dropped: dropped))
    return .ok
  }

  /// `diff`: what changed in a change's feature between the state after `from` and after `to`
  /// (nil: now).
  func diff(from: UInt64, to: UInt64?, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("diff", sink: sink) }
    guard let entry = kept(from, verb: "diff", sink: sink) else { return .error }
    if let to {
      guard let other = kept(to, verb: "diff", sink: sink) else { return .error }
      // Each feature has a state of its own: two features' changes have nothing to compare.
      guard other.feature == entry.feature else {
        sink.write([
          records.error(
            code: "invalid-argument",
            message:
              "diff: change \(from) is \(entry.feature)'s and change \(to) is \(other.feature)'s; "
              + "diff compares two states of one feature (see 'history \(entry.feature)')")
        ])
        return .error
      }
    }
    guard let (old, operations) = history.diff(entry.feature, from: from, to: to) else {
      return dropped(to ?? from, verb: "diff", sink: sink)
    }
    sink.write(timeTravelText.diff(feature: entry.feature, from: from, to: to, old: old, operations: operations))
    return .ok
  }

  /// `goto`: puts the feature of change `seq` back to its state after that change.
  func goto(_ seq: UInt64, tag: JSONValue?, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("goto", sink: sink) }
    guard let entry = kept(seq, verb: "goto", sink: sink) else { return .error }
    // Already there: no restore change, so no step for undo to take back.
    if let then = history.state(of: entry.feature, after: seq), then == history.state(of: entry.feature) {
      sink.write([records.info("goto: \(entry.feature) is already as after seq \(seq)")])
      return .ok
    }
    sink.write([records.info("goto: \(entry.feature) as after seq \(seq) (\(TimeTravelText.command(entry.line)))")])
    trace.noteCancel(feature: entry.feature, by: "goto \(seq)")
    return history.restore(entry.feature, after: seq, tag: tag) ? .ok : dropped(seq, verb: "goto", sink: sink)
  }

  /// `undo`: puts every feature the last input line changed back to its state before that line.
  func undo(tag: JSONValue?, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("undo", sink: sink) }
    // Checked before anything is said: an undo that cannot go back uses nothing up.
    let line: LineChanges
    switch history.popUndo() {
    case .success(let popped)?: line = popped
    case .failure(let dropped)?: return self.dropped(dropped, verb: "undo", sink: sink)
    case nil:
      sink.write([records.error(code: "nothing-to-undo", message: "undo: nothing to undo")])
      return .error
    }
    sink.write([records.info("undo: \(TimeTravelText.command(line.line))")])
    return jump(line, undoing: true, verb: "undo", tag: tag, sink: sink)
  }

  /// `redo`: puts back what the last `undo` took back, unless a new command came since.
  func redo(tag: JSONValue?, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("redo", sink: sink) }
    let line: LineChanges
    switch history.popRedo() {
    case .success(let popped): line = popped
    case .failure(let refusal):
      if let dropped = refusal.dropped { return self.dropped(dropped, verb: "redo", sink: sink) }
      let reason = refusal.endedBy.map { " ('\(TimeTravelText.command($0))' came after the last undo)" } ?? ""
      sink.write([records.error(code: "nothing-to-redo", message: "redo: nothing to redo" + reason)])
      return .error
    }
    sink.write([records.info("redo: \(TimeTravelText.command(line.line))")])
    return jump(line, undoing: false, verb: "redo", tag: tag, sink: sink)
  }

  /// Restores every feature `line` changed: as before its first change there, or as after its last.
  private func jump(_ line: LineChanges, undoing: Bool, verb: String, tag: JSONValue?, sink: TaggingSink)
    -> StoreTask.Completion
  {
    var completion = StoreTask.Completion.ok
    for target in line.targets(undoing: undoing) {
      trace.noteCancel(feature: target.feature, by: verb)
      if !history.restore(target.feature, after: target.seq, tag: tag) {
        completion = dropped(target.seq, verb: verb, sink: sink)
      }
    }
    return completion
  }

  /// `why`: which kept change last set the value at `pointer`, and what it was before.
  func why(feature: String, pointer: String, sink: TaggingSink) -> StoreTask.Completion {
    guard history.isOn else { return historyOff("why", sink: sink) }
    guard let tokens = pointerTokens(pointer, feature: feature, verb: "why", sink: sink),
      let why = history.explain(feature, tokens: tokens)
    else {
      return .error
    }
    sink.write(
      timeTravelText.why(
        feature: feature, pointer: pointer, entry: why.change, before: why.before, now: why.now, since: why.since))
    return .ok
  }

  /// `watch`: reports every change of the value at `pointer`.
  func watch(feature: String, pointer: String, sink: TaggingSink) -> StoreTask.Completion {
    guard let tokens = pointerTokens(pointer, feature: feature, verb: "watch", sink: sink) else { return .error }
    let now = stateJSON(feature).value(at: tokens[...])
    guard history.watch(feature, pointer: pointer, tokens: tokens, now: now) else {
      sink.write([records.info("watch: already watching \(feature) \(pointer)")])
      return .ok
    }
    let shown = TerminalText.sanitize(pointer, keepTab: false)
    sink.write([
      records.info("watching \(feature) \(shown) (now \(TimeTravelText.text(now, width: records.options.width)))")
    ])
    return .ok
  }

  /// `unwatch`: stops the watches that match (every one without arguments).
  func unwatch(feature: String?, pointer: String?, sink: TaggingSink) -> StoreTask.Completion {
    let removed = history.removeWatches(feature: feature, pointer: pointer)
    if removed.isEmpty {
      let what = [feature, pointer.map { TerminalText.sanitize($0, keepTab: false) }].compactMap { $0 }
      let message = what.isEmpty ? "unwatch: no watch is set" : "unwatch: not watching \(what.joined(separator: " "))"
      sink.write([records.error(code: "not-found", message: message)])
      return .error
    }
    for watch in removed {
      sink.write([records.info("unwatched \(watch.feature) \(TerminalText.sanitize(watch.pointer, keepTab: false))")])
    }
    return .ok
  }

  /// `trace on|off`.
  func trace(_ on: Bool, sink: TaggingSink) -> StoreTask.Completion {
    trace.isOn = on
    sink.write([records.info("trace: \(on ? "on" : "off")")])
    return .ok
  }

  // MARK: - Checks

  /// The kept entry with this seq, or an error saying why there is none.
  private func kept(_ seq: UInt64, verb: String, sink: TaggingSink) -> HistoryEntry? {
    if let entry = history.entry(seq) { return entry }
    let (kept, dropped) = history.entries
    let message: String
    if let first = kept.first, seq < first.seq, dropped > 0 {
      message = "\(verb): change \(seq) was dropped (history keeps \(first.seq)-\(kept.last!.seq); --history-limit)"
    } else if let reset = history.reset(after: seq) {
      message =
        reset.seq == seq
        ? "\(verb): change \(seq) is \(reset.cause), which started \(reset.feature)'s history anew"
        : "\(verb): change \(seq) was before \(reset.cause) (seq \(reset.seq)), which started \(reset.feature)'s history anew"
    } else if let first = kept.first, seq < first.seq {
      message = "\(verb): change \(seq) was dropped (history keeps \(first.seq)-\(kept.last!.seq); --history-limit)"
    } else if let last = kept.last {
      message = "\(verb): no change \(seq) (history holds \(kept.first!.seq)-\(last.seq); see 'history')"
    } else {
      message = "\(verb): no change \(seq); nothing has changed yet"
    }
    sink.write([records.error(code: "out-of-range", message: message)])
    return nil
  }

  /// An undo or redo whose line needs a state the limit dropped; nothing was undone or redone.
  private func dropped(_ dropped: History.DroppedState, verb: String, sink: TaggingSink) -> StoreTask.Completion {
    let command = TimeTravelText.command(dropped.line.line)
    let which = verb == "undo" ? "before" : "after"
    sink.write([
      records.error(
        code: "out-of-range",
        message:
          "\(verb): cannot \(verb == "undo" ? "take back" : "put back") '\(command)': \(dropped.feature)'s state \(which) it "
          + "(seq \(dropped.seq)) was dropped (--history-limit)")
    ])
    return .error
  }

  private func dropped(_ seq: UInt64, verb: String, sink: TaggingSink) -> StoreTask.Completion {
    sink.write([
      records.error(code: "out-of-range", message: "\(verb): the state at seq \(seq) was dropped (--history-limit)")
    ])
    return .error
  }

  /// A JSON Pointer's tokens, or an error. A pointer must start at one of the feature's fields: one that names none (`/nope`) can
  /// never have a value. Deeper than the field it may not exist yet (`/repos/40/stars`).
  private func pointerTokens(_ pointer: String, feature: String, verb: String, sink: TaggingSink) -> [String]? {
    let shown = TerminalText.sanitize(pointer, keepTab: false)
    guard let tokens = try? JSONPatch.parsePointer(pointer) else {
      sink.write([
        records.error(
          code: "invalid-argument", message: "\(verb): expected a JSON Pointer such as /query, got '\(shown)'")
      ])
      return nil
    }
    let fields = commands.features.first { $0.name == feature }?.fields ?? []
    if let field = tokens.first, !fields.isEmpty, !fields.contains("/" + field) {
      let hint = Suggestions.closest(to: "/" + field, in: fields).map { "; did you mean '\($0)'?" } ?? ""
      sink.write([
        records.error(
          code: "invalid-argument",
          message:
            "\(verb): \(feature) has no field '\(shown)'; its fields are \(fields.joined(separator: ", "))\(hint)")
      ])
      return nil
    }
    return tokens
  }
}
