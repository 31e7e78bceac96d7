import Foundation
import ReactorCore
import Rendering
import Shell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// On a terminal without ANSI control sequences (`TERM=dumb`, or no `TERM`), the prompt's
/// output writes none: what arrives goes on a line of its own and the prompt is shown again.
@Suite("the prompt's output on a dumb terminal")
struct PromptPlainTests {
  private static func make() -> (PromptOutput, MemorySink, Locked<String>) {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let memory = MemorySink()
    let direct = Locked("")
    let output = PromptOutput(
      base: memory, outputIsTerminal: true, errorIsTerminal: true, wake: ends[1], ansi: false,
      direct: { text in direct.withLock { $0 += text } })
    return (output, memory, direct)
  }

  @Test("only a terminal type other than dumb takes control sequences")
  func terminalTypes() {
    #expect(!PromptOutput.understandsANSI(term: nil))
    #expect(!PromptOutput.understandsANSI(term: ""))
    #expect(!PromptOutput.understandsANSI(term: "dumb"))
    #expect(PromptOutput.understandsANSI(term: "xterm-256color"))
    #expect(PromptOutput.understandsANSI(term: "screen"))
  }

  @Test("output at the prompt: a newline ends the typed line's row, the lines follow, the prompt is drawn again")
  func outputAtThePrompt() {
    let (output, memory, _) = Self.make()
    let screen = RecordingScreen(beside: memory)
    screen.cursorRow = 2
    output.beginEditing()
    output.write([OutputLine(.out, "late result"), OutputLine(.err, "error: late")])
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\n @0", "<redraw> @2"])
    // A resize leaves the screen alone: without control sequences nothing can be erased.
    screen.reset()
    output.reflowPrompt(on: screen, rows: screen.cursorRow)
    #expect(screen.steps.isEmpty)
    output.endEditing()
  }

  @Test("a status is one line when it appears, at the prompt or between prompts; its updates and its end write nothing")
  func statusIsOneLine() {
    let (output, memory, direct) = Self.make()
    let screen = RecordingScreen(beside: memory)
    output.showStatus("waiting 3 s")
    output.showStatus("waiting 2 s")
    output.showStatus(nil)
    #expect(memory.lines.map(\.text) == ["waiting 3 s"])
    #expect(memory.lines.allSatisfy { $0.stream == .err })
    output.beginEditing()
    output.showStatus("waiting 5 s")
    #expect(output.printAbovePrompt(on: screen))
    output.showStatus("waiting 4 s")
    output.showStatus(nil)
    #expect(!output.printAbovePrompt(on: screen))
    output.endEditing()
    #expect(memory.lines.map(\.text) == ["waiting 3 s", "waiting 5 s"])
    #expect(direct.withLock { $0 }.isEmpty)
    #expect(!screen.steps.joined().contains("\u{1B}"))
  }
}
