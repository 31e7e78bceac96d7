/// How output looks.
public struct RenderOptions: Sendable, Equatable {
  public enum Mode: String, Sendable { case text, json }
  public var mode: Mode
  /// ANSI colours (only on a terminal, never with `NO_COLOR`).
  public var color: Bool
  /// Terminal columns.
  public var width: Int

  public init(mode: Mode = .text, color: Bool = false, width: Int = 80) {
    self.mode = mode
    self.color = color
    self.width = max(20, width)
  }
}
