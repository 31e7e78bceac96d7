package import ReactorJSON

// MARK: - Tagging a transition's lines

extension [OutputLine] {
  /// The same lines, each belonging to the request tagged `tag`: the lines themselves when
  /// none is tagged and `tag` is nil (a REPL's or a pipe's every change), so that tagging
  /// nothing makes no new array; otherwise tagged in place.
  package consuming func tagged(_ tag: JSONValue?) -> [OutputLine] {
    if tag == nil && allSatisfy({ $0.tag == nil }) { return self }
    var lines = self
    for index in lines.indices { lines[index].tag = tag }
    return lines
  }
}
