import Foundation
import ReactorCore
import Rendering
import Shell
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The rate-limit countdown is a status line that the prompt's output replaces in place, above
/// the prompt while one is shown, and never writes over the prompt's row.
@Suite("a status line beside the prompt")
struct PromptStatusTests {
  private static func make() -> (PromptOutput, MemorySink, Locked<String>) {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    let memory = MemorySink()
    let direct = Locked("")
    let output = PromptOutput(
      base: memory, outputIsTerminal: true, errorIsTerminal: true, wake: ends[1],
      direct: { text in direct.withLock { $0 += text } })
    return (output, memory, direct)
  }

  @Test("while the prompt is shown, the status is the row above it, replaced at each change and erased at the end")
  func aboveThePrompt() {
    let (output, memory, direct) = Self.make()
    let screen = RecordingScreen(beside: memory)
    output.beginEditing()
    output.showStatus("waiting 3 s")
    #expect(direct.withLock { $0 }.isEmpty)
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\r\u{1B}[J @0", "waiting 3 s\n @0", "<redraw> @0"])
    // The typed line wrapped once: the clear climbs its row and the status row.
    screen.reset()
    screen.cursorRow = 1
    output.showStatus("waiting 2 s")
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\r\u{1B}[2A\u{1B}[J @0", "waiting 2 s\n @0", "<redraw> @0"])
    // A result that arrives meanwhile goes above the status, which stays next to the prompt.
    screen.reset()
    screen.cursorRow = 0
    output.write([OutputLine(.out, "late result")])
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\r\u{1B}[1A\u{1B}[J @0", "waiting 2 s\n @1", "<redraw> @1"])
    // The wait ended: its row is erased and the prompt moves up to where it was.
    screen.reset()
    output.showStatus(nil)
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps == ["\r\u{1B}[1A\u{1B}[J @1", "<redraw> @1"])
    screen.reset()
    #expect(!output.printAbovePrompt(on: screen))
    output.endEditing()
    #expect(memory.lines.map(\.text) == ["late result"])
  }

  @Test("a status too wide for the terminal is cut to one row, so the next change erases all of it")
  func narrowTerminal() {
    let (output, memory, _) = Self.make()
    let screen = RecordingScreen(beside: memory)
    screen.columns = 10
    output.beginEditing()
    output.showStatus("waiting 30 s for GitHub's rate limit")
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps[1] == "waiting 3\n @0")
    output.endEditing()
  }

  @Test("between prompts the status is rewritten on its row, kept below output, and moved above the next prompt")
  func betweenPrompts() {
    let (output, memory, direct) = Self.make()
    output.showStatus("waiting 2 s")
    output.showStatus("waiting 1 s")
    #expect(direct.withLock { $0 } == "\r\u{1B}[2Kwaiting 2 s\r\u{1B}[2Kwaiting 1 s")
    direct.withLock { $0 = "" }
    output.write([OutputLine(.err, "notice")])
    #expect(memory.lines.map(\.text) == ["notice"])
    #expect(direct.withLock { $0 } == "\r\u{1B}[2Kwaiting 1 s")
    direct.withLock { $0 = "" }
    // A prompt drawn now (a command run with `&`) starts below the status, not on its row.
    output.beginEditing()
    #expect(direct.withLock { $0 } == "\n")
    let screen = RecordingScreen(beside: memory)
    output.showStatus(nil)
    #expect(output.printAbovePrompt(on: screen))
    #expect(screen.steps.first == "\r\u{1B}[1A\u{1B}[J @1")
    output.endEditing()
  }

  @Test("with standard error not a terminal, no status is written at all")
  func notATerminal() {
    let memory = MemorySink()
    let direct = Locked("")
    let output = PromptOutput(
      base: memory, outputIsTerminal: true, errorIsTerminal: false, wake: -1,
      direct: { text in direct.withLock { $0 += text } })
    output.showStatus("waiting 5 s")
    output.showStatus(nil)
    #expect(direct.withLock { $0 }.isEmpty)
    #expect(memory.lines.isEmpty)
  }
}
