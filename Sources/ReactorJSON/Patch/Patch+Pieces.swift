// MARK: - The pieces, for summaries

extension Patch {
  /// Calls `body` for each operation, and once for each run (appends, or a list replaced whole):
  /// its op, its path, how many operations it stands for (for a list replaced whole, how many
  /// elements the new list has), and an operation's value (nil for a run). A summary of a patch
  /// (a session's history) reads a run without building its elements' JSON.
  package func forEachPiece(_ body: (PatchOperation.Kind, String, Int, JSONValue?) -> Void) {
    // Each piece is read where it lies in the buffer: iterating copied it first.
    pieces.withUnsafeBufferPointer { pieces in
      for index in pieces.indices {
        switch pieces[index] {
        case .operation(let operation): body(operation.op, operation.path, 1, operation.value)
        case .replace(let path, let value, _): body(.replace, path.pointer, 1, value)
        case .appends(let path, let run): body(.add, path.pointer, run.count, nil)
        case .list(let path, let run): body(.replace, path.pointer, run.count, nil)
        }
      }
    }
  }
}
