import LiveTerminal

/// Every screen a terminal showed while it was sent some bytes, not only the last one: the live
/// view draws only the cells that change, so a text drawn one key per frame never appears whole
/// in the bytes, only on a screen.
enum TerminalScreens {
  /// The first screen (as text rows) that `bytes`, drawn on a terminal of `width` by `height`,
  /// showed and `predicate` holds of; nil if none did. A screen is looked at before every escape
  /// sequence and after the last byte, so every frame's end, and every step of it, is seen.
  static func first(
    in bytes: some Collection<UInt8>, width: Int, height: Int, where predicate: ([String]) -> Bool
  ) -> [String]? {
    var model = TerminalModel(width: width, height: height)
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if bytes[index] == 0x1B, index != start {
        model.feed(bytes[start..<index])
        start = index
        let lines = model.lines
        if predicate(lines) { return lines }
      }
      index = bytes.index(after: index)
    }
    model.feed(bytes[start...])
    let lines = model.lines
    return predicate(lines) ? lines : nil
  }
}
