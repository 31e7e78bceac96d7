import Foundation
import ReactorCore
import Rendering
import Shell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Output while the prompt is shown waits for the editor, which prints it above the prompt.
@Suite("output that arrives while the user types")
struct PromptOutputTests {
  /// A PromptOutput over a MemorySink, and the read end of its wake pipe.
  private static func make(
    outputIsTerminal: Bool = true, ansi: Bool = true, direct: @escaping @Sendable (String) -> Void = { _ in }
  ) -> (PromptOutput, MemorySink, Int32) {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    let memory = MemorySink()
    let output = PromptOutput(
      base: memory, outputIsTerminal: outputIsTerminal, errorIsTerminal: true, wake: ends[1], ansi: ansi,
      direct: direct)
    return (output, memory, ends[0])
  }

  private static func wakes(_ descriptor: Int32) -> Int {
    var buffer = [UInt8](repeating: 0, count: 64)
    return max(0, read(descriptor, &buffer, buffer.count))
  }

  @Test("between prompts, lines go straight through and nothing wakes the editor")
  func betweenPrompts() {
    let (output, memory, wake) = Self.make()
    output.write([OutputLine(.out, "a")])
    #expect(memory.lines.map(\.text) == ["a"])
    #expect(Self.wakes(wake) == 0)
  }

  @Test("at the prompt, lines wait, wake the editor, and print between the clear and the redraw")
  func atThePrompt() {
    let (output, memory, wake) = Self.make()
    output.beginEditing()
    output.write([OutputLine(.out, "late result"), OutputLine(.err, "error: late")])
    #expect(memory.lines.isEmpty)
    #expect(Self.wakes(wake) == 1)
    let screen = RecordingScreen(beside: memory)
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\r\u{1B}[J @0", "<redraw> @2"])
    #expect(memory.lines.map(\.text) == ["late result", "error: late"])
    // Woken with nothing waiting: the prompt is left alone.
    screen.reset()
    #expect(!output.printAbovePrompt(on: screen))
    #expect(screen.steps.isEmpty)
    output.endEditing()
  }

  @Test("what waits when the line is entered prints after it")
  func enteredLine() {
    let (output, memory, _) = Self.make()
    output.beginEditing()
    output.write([OutputLine(.out, "late")])
    output.endEditing()
    #expect(memory.lines.map(\.text) == ["late"])
    output.write([OutputLine(.out, "next")])
    #expect(memory.lines.map(\.text) == ["late", "next"])
  }

  @Test("standard output into a pipe (reactor | tee) never waits: it cannot land in the typed line")
  func pipedOutput() {
    let (output, memory, wake) = Self.make(outputIsTerminal: false)
    output.beginEditing()
    output.write([OutputLine(.out, "result"), OutputLine(.err, "error: late")])
    #expect(memory.lines.map(\.text) == ["result"])
    #expect(Self.wakes(wake) == 1)
    #expect(output.printAbovePrompt(on: RecordingScreen(beside: memory)))
    #expect(memory.lines.map(\.text) == ["result", "error: late"])
  }
}
