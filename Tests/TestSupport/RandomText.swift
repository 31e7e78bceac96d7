public import ReactorCore

extension SeededGenerator {
  /// Up to `maxPieces` of `pieces`, picked at random and joined: the generated inputs of the
  /// differential tests (a fast path against the rule it replaced).
  public func text(of pieces: [String], maxPieces: Int) -> String {
    (0..<Int(next() % UInt64(maxPieces + 1))).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
  }
}
