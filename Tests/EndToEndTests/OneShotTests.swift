import Foundation
import TestSupport
import Testing

/// `reactor` as a one-shot tool: commands as words, `-c`, `-f`, `--bail`, duration flags, and
/// the exit statuses of usage errors and interruptions (issue 22, items 6-8 and 12).
@Suite("reactor binary: commands from the command line")
struct OneShotTests {
  @Test("words after the options are one command, run before exiting")
  func words() async throws {
    let result = try await ReactorBinary.run(["--offline", "query", "language:go", "stars:>50000"])
    #expect(result.status == 0, "stderr: \(result.stderr)")
    #expect(result.lines.first == #"query: "language:go stars:>50000""#)
    #expect(result.lines.dropFirst().first?.hasPrefix("+ 14 repos (1-14) of 14") == true)
    let quoted = try await ReactorBinary.run(["--offline", "--json", "--", "query", "-x y", "&"])
    let records = try jsonLines(quoted.stdout)
    #expect(records.first?["patch"].map { "\($0)" }?.contains("-x y &") == true, "words keep their spaces and &")
  }

  @Test("-c and -f run in the order given; errors of a file say FILE:LINE")
  func commandsAndFiles() async throws {
    let file = NSTemporaryDirectory() + "reactor-oneshot-\(UUID().uuidString).txt"
    try "query swift\n\nopne 2\n".write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let result = try await ReactorBinary.run(["--offline", "-c", "query rust", "-f", file, "-c", "open 1"])
    #expect(result.stderr == "\(file):3: error: unknown command 'opne'; did you mean 'open'?\n")
    #expect(result.lines.first == #"query: "rust""#)
    #expect(result.lines.contains(#"query: "rust" -> "swift""#))
    #expect(result.lines.last == "https://github.com/apple/swift", "the last -c ran after the file")
    #expect(result.status == 1)
    let missing = try await ReactorBinary.run(["--offline", "-f", file + ".missing"])
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("error: -f \(file).missing: No such file or directory"))
    let directory = try await ReactorBinary.run(["--offline", "-f", NSTemporaryDirectory()])
    #expect(directory.status == 2, "a directory runs nothing: a usage error")
    #expect(directory.stderr.hasPrefix("error: -f \(NSTemporaryDirectory()): Is a directory"))
  }

  /// The rule of piped lines on every route: bytes that are not UTF-8 are refused, never read
  /// as U+FFFD. A command is refused when its turn comes (status 1, the others run); a file
  /// name would name another file, so it is a usage error before anything runs.
  @Test(
    "arguments that are not UTF-8: a -c or word command is refused as a piped line is; a file name is a usage error")
  func invalidUTF8Arguments() async throws {
    guard let binary = ReactorBinary.url?.path else { throw ReactorBinary.Missing() }
    try await TranscriptToolTests.withDirectory { directory in
      let bad = #""$(printf 'query \377')""#
      let command = try await ReactorBinary.runShell(
        "cd \(directory) && '\(binary)' --offline --json -c \(bad) -c 'help quit'")
      #expect(command.status == 1, "\(command.stdout)")
      let records = try jsonLines(command.stdout)
      #expect(records.first?["code"] as? String == "invalid-utf8", "\(command.stdout)")
      #expect(records.first?["command"] as? Int == 1)
      #expect(!command.stdout.contains("\u{FFFD}") && !command.stdout.contains("\\ufffd"), "it did not run")
      #expect(records.contains { $0["type"] as? String == "help" }, "the next command ran")
      let words = try await ReactorBinary.runShell("'\(binary)' --offline query \(#""$(printf '\377')""#)")
      #expect(words.status == 1)
      #expect(words.stderr == "error: not valid UTF-8; it was not run\n")
      #expect(words.stdout.isEmpty)
      // A name that is U+FFFD itself, in UTF-8, is a name like any other.
      let replacement = try await ReactorBinary.runShell(
        "'\(binary)' --offline query \(#""$(printf '\357\277\275')""#)")
      #expect(replacement.status == 0)
      for (flag, value) in [("--record", #""$(printf 'a\377b.t')""#), ("-f", #""$(printf '\377.txt')""#)] {
        let refused = try await ReactorBinary.runShell(
          "cd \(directory) && '\(binary)' --offline \(flag) \(value) -c help")
        #expect(refused.status == 2, "\(flag): \(refused.stderr)")
        #expect(
          refused.stderr.hasPrefix("error: \(flag): the file name is not valid UTF-8; it would name another file\n"))
      }
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no file was made")
    }
  }

  @Test("-f - reads the commands from standard input, as psql -f - does, in order with -c")
  func fileFromStandardInput() async throws {
    let result = try await ReactorBinary.run(
      ["--offline", "-c", "query rust", "-f", "-", "-c", "open 1"], input: "query swift\nopne 2\n")
    #expect(result.stderr == "<stdin>:2: error: unknown command 'opne'; did you mean 'open'?\n")
    #expect(result.lines.contains(#"query: "rust" -> "swift""#))
    #expect(result.lines.last == "https://github.com/apple/swift")
    #expect(result.status == 1)
  }

  @Test("--bail stops at the first failure with its status; without it the last failure decides")
  func bail() async throws {
    let input = "query swift\nopen 99\nnext\nopne\n"
    let going = try await ReactorBinary.run(["--offline"], input: input)
    #expect(going.status == 1)
    #expect(going.stdout.contains("+ 30 repos (31-60)"))
    #expect(going.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 2)
    let stopped = try await ReactorBinary.run(["--offline", "--bail"], input: input)
    #expect(stopped.status == 1)
    #expect(!stopped.stdout.contains("+ 30 repos (31-60)"), "nothing runs after the failure")
    #expect(stopped.stderr == "error: line 2: open: no result 99; 30 of 162 results are loaded; 'next' loads more\n")
  }

  @Test("--generate-completion-script takes its shell after a space or an =, with no SHELL set")
  func completionScripts() async throws {
    for (shell, marker) in [("bash", "complete -"), ("zsh", "#compdef reactor"), ("fish", "complete -c 'reactor'")] {
      for arguments in [["--generate-completion-script", shell], ["--generate-completion-script=\(shell)"]] {
        let result = try await ReactorBinary.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout.contains(marker), "\(arguments) wrote no \(shell) script")
      }
    }
  }

  @Test("the bash completion script completes command words as Tab does at the prompt, and options as before")
  func bashCompletesCommandWords() throws {
    let binary = try #require(ReactorBinary.url)
    // What bash sets before it calls the completion function, for each line typed so far.
    let script = #"""
      source <(reactor --generate-completion-script=bash)
      complete_line() {
        COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
        _reactor reactor "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        echo "${COMPREPLY[*]}"
      }
      complete_line "reactor --offline qu"
      complete_line "reactor why search /is"
      complete_line "reactor query swift "
      complete_line "reactor --color "
      complete_line "reactor --of"
      """#
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    var environment = ["PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8"]
    environment.merge(ReactorBinary.sanitizerEnvironment) { $1 }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      text.components(separatedBy: "\n") == [
        "query quit", "/isLoading /isLoadingNextPage", "", "auto always never", "--offline", "",
      ], "\(text)")
  }

  @Test("--help shows the command form and does not ask for a subcommand; replay still works")
  func help() async throws {
    let help = try await ReactorBinary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("reactor [<options>] [--] [<command> [<argument> ...]]"))
    // The usage, above the options; the SUBCOMMANDS footer's `reactor help <subcommand>` works.
    let usage = help.stdout.components(separatedBy: "OPTIONS:").first ?? help.stdout
    #expect(usage.contains("USAGE: reactor [<options>]"))
    #expect(!usage.contains("<subcommand>"), "the usage must not ask for a subcommand")
    let words = try await ReactorBinary.run(["--offline", "help", "next"])
    #expect(words.stdout.hasPrefix("usage: next"), "help is the command language's")
    let replay = try await ReactorBinary.run(["replay"])
    #expect(replay.status == 2, "replay is still the subcommand: \(replay.stderr)")
  }

  @Test("replay --help names --engine, and replay refuses the options it would ignore")
  func replayOptions() async throws {
    let help = try await ReactorBinary.run(["replay", "--help"])
    #expect(help.stdout.contains("--engine <engine>"))
    for option in [["--json"], ["--offline"], ["--color", "never"]] {
      let result = try await ReactorBinary.run(option + ["replay", "x.t"])
      #expect(result.status == 2, "\(option)")
      #expect(result.stderr.hasPrefix("error: replay takes its own options, --engine,"), "\(option)")
    }
  }

  @Test("usage errors exit 2 with the one error prefix; ranges are named with the value")
  func usage() async throws {
    let unknown = try await ReactorBinary.run(["--nope"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("error: Unknown option '--nope'"))
    let zero = try await ReactorBinary.run(["--timeout", "0"])
    #expect(zero.status == 2)
    #expect(zero.stderr.hasPrefix("error: --timeout must be more than 0 and at most 600 seconds, got 0"))
    let slow = try await ReactorBinary.run(["--signup-latency", "2m", "--offline"])
    #expect(
      slow.stderr.hasPrefix("error: --signup-latency expects a duration from 0 to 60 seconds, such as 1.5s, got '2m'"))
    // A negative number is a wrong value, not a missing one.
    let seed = try await ReactorBinary.run(["--seed", "-1", "--offline"])
    #expect(seed.status == 2)
    #expect(seed.stderr.hasPrefix("error: The value '-1' is invalid for '--seed <n>'"), "\(seed.stderr)")
    let limit = try await ReactorBinary.run(["--history-limit", "-3", "--offline"])
    #expect(limit.status == 2)
    #expect(limit.stderr.hasPrefix("error: --history-limit must be 0 (off) or more, got -3"), "\(limit.stderr)")
  }

  @Test("--help spells the value of --wait-on-rate-limit as optional")
  func optionalValueInHelp() async throws {
    let help = try await ReactorBinary.run(["--help"])
    #expect(help.stdout.contains("--wait-on-rate-limit[=<max>]"))
    #expect(!help.stdout.contains("--wait-on-rate-limit <max>"))
  }

  @Test("durations take units in every flag; a bare number is seconds")
  func durations() async throws {
    for arguments in [
      ["--timeout", "5s"], ["--timeout=1m"], ["--drain-timeout", "1m"], ["--signup-latency", "250ms"],
      ["--timeout", "7"],
    ] {
      let result = try await ReactorBinary.run(["--offline"] + arguments + ["help", "next"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.hasPrefix("usage: next"))
    }
  }

  @Test(
    "an interactive session left with quit exits 0 whatever failed before",
    .enabled(if: ReactorBinary.hasScript, "needs script(1) from util-linux"))
  func interactiveEndsWithZero() async throws {
    try await ReactorBinary.withScratchHome { home in
      // (Ctrl-D typed ahead on script(1)'s terminal reaches libedit as a literal ^D: the
      // unit test of ShellLoop covers the end of input.)
      for ending in ["quit\n", "exit\n"] {
        let result = try await ReactorBinary.run(
          ["--offline", "--color", "never"], input: "opne 2\nopen 99\n" + ending, environment: ["HOME": home],
          terminal: true)
        #expect(result.stdout.contains("unknown command 'opne'"), "the failure happened: \(result.stdout)")
        #expect(result.status == 0)
      }
    }
  }

  @Test("a session interrupted by SIGINT on a pipe ends by the signal: 130 in a shell")
  func interrupted() async throws {
    let (process, stdin, stdout, _) = try ReactorBinary.prepare(["--offline"], environment: [:])
    try process.run()
    try stdin.fileHandleForWriting.write(contentsOf: Data("help next\nsleep 1h\n".utf8))
    // Waits for the first command's output: the session is running and reading.
    let handle = stdout.fileHandleForReading
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("usage: next") {
      let chunk = handle.availableData
      if chunk.isEmpty { break }
      seen.append(chunk)
    }
    kill(process.processIdentifier, SIGINT)
    // Bounded: a test runner started with SIGINT ignored (a background job of a shell without
    // job control) passes that on to reactor, which then rightly keeps ignoring it.
    await poll(timeout: TimingSlack.seconds(60)) { !process.isRunning }
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      try await offThePool { process.waitUntilExit() }
      // SigIgn names the signals this process ignores; its children inherit them.
      let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
      let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn") } ?? "SigIgn: unknown"
      Issue.record("SIGINT did not end reactor within a minute (this test process's \(ignored))")
      return
    }
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(128 + process.terminationStatus == 130)
  }
}
