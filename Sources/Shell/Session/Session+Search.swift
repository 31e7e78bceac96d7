import ReactorCore
import ReactorJSON
import Rendering
import SearchFeature

// MARK: - Handlers of the search commands (`query` and `next` go straight to the engine)

extension Session {
  /// `open`: the URL of result `number`, launched or printed.
  func open(_ number: Int, sink: TaggingSink) -> StoreTask.Completion {
    let state = search.state
    guard number <= state.repos.count else {
      sink.write([records.error(code: "out-of-range", message: "open: " + Self.outOfRange(number, state))])
      return .error
    }
    let url = state.repos[number - 1].url
    let launched = configuration.opener.open(url)
    sink.write([records.open(url: url, launched: launched)])
    return .ok
  }

  /// Why `open number` has no result: how many are loaded and, when more exist, how many and
  /// that `next` loads them.
  static func outOfRange(_ number: Int, _ state: SearchState) -> String {
    let count = state.repos.count
    if count == 0 { return "no result \(number); there are no results" }
    if state.nextPage != nil {
      let total = state.totalCount.map { " of \($0)" } ?? ""
      return "no result \(number); \(count)\(total) results are loaded; 'next' loads more"
    }
    return "no result \(number); there are \(count)"
  }

  /// `engine`: say which engine runs search, or switch to another with fresh search state.
  func switchEngine(to name: String?, sink: TaggingSink) -> StoreTask.Completion {
    let current = search.kind
    guard let name else {
      sink.write([records.info("engine: \(current.rawValue)")])
      return .ok
    }
    guard let kind = SearchEngineKind(rawValue: name) else {
      sink.write([
        records.error(code: "invalid-argument", message: "engine: expected reactor or feedback, got '\(name)'")
      ])
      return .error
    }
    if kind == current {
      // Switching to the engine already running would throw the results away for nothing.
      sink.write([records.info("engine: \(current.rawValue) already runs search (results kept)")])
      return .ok
    }
    search.cancelAll()
    let fresh = stores.replaceSearch(with: kind)
    // The reset is a change in every mode, so that text and NDJSON number changes alike. In
    // NDJSON it replaces every field, so that a consumer applying the patches in order still
    // holds exactly what `state search` prints (the NDJSON invariant).
    var patch: [PatchOperation]?
    if configuration.options.mode == .json, case .object(let state) = fresh.state.jsonValue.resolved {
      patch = state.members.map { member in
        PatchOperation(op: .replace, path: "/" + PatchOperation.escapeToken(member.key), value: member.value)
      }
    }
    let records = records
    let history = history
    sequencer.commit { seq in
      history.noteReset("search", seq: seq, cause: "the switch to the \(kind.rawValue) engine")
      if let patch {
        sink.write([records.change(feature: "search", seq: seq, action: "engine", mutation: "reset", patch: patch)])
      }
    }
    sink.write([records.info("engine: \(current.rawValue) -> \(kind.rawValue) (search state reset)")])
    return .ok
  }
}
