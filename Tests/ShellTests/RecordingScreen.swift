import Rendering
import Shell

/// A ``PromptScreen`` that records what is written to it, and a redraw as `<redraw>`, each
/// with how many lines the sink beside it held by then.
final class RecordingScreen: PromptScreen {
  var cursorRow = 0
  var columns = 80
  private let sink: MemorySink
  private(set) var steps: [String] = []

  init(beside sink: MemorySink) { self.sink = sink }

  func write(_ text: String) { steps.append("\(text) @\(sink.lines.count)") }
  func redraw() { steps.append("<redraw> @\(sink.lines.count)") }

  func reset() { steps.removeAll() }
}
