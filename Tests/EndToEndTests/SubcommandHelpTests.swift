import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Each subcommand's own help (`live`, `replay`), from the shell and at the prompt, and the
/// shells' completion of each one's flags and of paths.
@Suite("reactor binary: subcommand help and completion")
struct SubcommandHelpTests {
  @Test("live --help, live -h and help live show the live view's keys and flags, not the general help")
  func liveHelp() async throws {
    for arguments in [["live", "--help"], ["live", "-h"], ["help", "live"], ["--offline", "live", "--help"]] {
      let result = try await ReactorBinary.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let help = result.stdout
      #expect(help.contains("USAGE: reactor live [<options>] [<feature>] [<word> ...]"), "\(arguments): \(help)")
      for wanted in [
        "--throttle <duration>", "--print <what>", "--json-log <file>", "--record <file>", "--multi", "--preview",
        "Ctrl-O", "r, Ctrl-R", "Tab, Shift-Tab", "Ctrl-J", "Alt-Backspace", "ESCDELAY",
      ] {
        #expect(help.contains(wanted), "\(arguments): no \(wanted)")
      }
      for unwanted in ["--daemon", "--drain-timeout", "--bail", "--command"] {
        #expect(!help.contains(unwanted), "\(arguments): \(unwanted) is not live's")
      }
      // A key's description that wraps hangs under the key, not flush left.
      let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
      for (previous, line) in zip(lines, lines.dropFirst())
      where previous.hasPrefix("  ") && !previous.hasPrefix("  -") && !line.isEmpty && !line.hasPrefix(" ") {
        #expect(line.hasPrefix("live ") || line.hasPrefix("Esc "), "\(arguments): flush left after a key: \(line)")
      }
    }
  }

  @Test("replay --help and help replay show replay's flags")
  func replayHelp() async throws {
    for arguments in [["replay", "--help"], ["help", "replay"]] {
      let result = try await ReactorBinary.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(result.stdout.contains("USAGE: reactor replay"), "\(arguments): \(result.stdout)")
      #expect(result.stdout.contains("--jobs <n>") && result.stdout.contains("--rerecord <file>"), "\(arguments)")
      #expect(!result.stdout.contains("--daemon"), "\(arguments)")
    }
  }

  @Test("help live at the prompt lists each live view's keys; help replay says where replay's help is")
  func promptHelp() async throws {
    let live = try await ReactorBinary.run(["--offline", "--color", "never"], input: "help live\nhelp replay\n")
    #expect(live.status == 0, "\(live.stderr)")
    for wanted in [
      "usage: live", "live [search] [the first query]:", "Ctrl-O: open the selection", "live feed:", "--throttle",
      "--multi", "--preview",
    ] {
      #expect(live.stdout.contains(wanted), "no \(wanted): \(live.stdout)")
    }
    #expect(!live.stdout.contains("repeat"), "\(live.stdout)")
    #expect(live.stdout.contains("reactor replay --help"), "\(live.stdout)")
  }

  /// What bash's completion function offers for each line (the last word being completed), in
  /// `directory`.
  static func bashCompletions(_ lines: [String], in directory: String) throws -> [String] {
    let binary = try #require(ReactorBinary.url)
    let script = #"""
      source <(reactor --generate-completion-script=bash)
      complete_line() {
        COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
        _reactor reactor "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')"
      }

      """# + lines.map { "complete_line \"\($0)\"\n" }.joined()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var environment = ["PATH": binary.deletingLastPathComponent().path + ":/usr/bin:/bin", "LANG": "C.UTF-8"]
    environment.merge(ReactorBinary.sanitizerEnvironment) { $1 }
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.components(separatedBy: "\n").dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// A directory with two files and a directory in it, removed after `body`.
  static func withFiles<T>(_ body: (String) async throws -> T) async throws -> T {
    let directory = NSTemporaryDirectory() + "reactor-completion-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory + "/sessions", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    for file in ["search.t", "script.txt"] {
      #expect(FileManager.default.createFile(atPath: directory + "/" + file, contents: nil))
    }
    return try await body(directory)
  }

  @Test("bash completes each subcommand's own flags, and paths as files after -f, --record, --json-log and replay")
  func bashCompletesFlagsAndPaths() async throws {
    let lines = [
      "reactor replay --j", "reactor --offline live --th", "reactor live --da", "reactor --js", "reactor qu",
      "reactor live", "reactor -f s", "reactor --file s", "reactor --record s", "reactor live --json-log s",
      "reactor replay s", "reactor replay --junit s", "reactor live s", "reactor live --mu",
      "reactor --offline live --pre",
    ]
    let got = try await Self.withFiles { try Self.bashCompletions(lines, in: $0) }
    let files = "script.txt search.t sessions"
    let wanted = [
      "--jobs --junit", "--throttle", "", "--json --json-log", "query quit", "live", files, files, files, files,
      files, files, "search signup", "--multi", "--preview",
    ]
    #expect(got == wanted, "\(zip(lines, got).map { "\($0): \($1)" })")
  }

  /// The script ArgumentParser writes for `shell`, in a file.
  static func script(for shell: String) async throws -> String {
    let result = try await ReactorBinary.run(["--generate-completion-script", shell])
    #expect(result.status == 0)
    let path = NSTemporaryDirectory() + "reactor-completion-\(getpid()).\(shell)"
    try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// `executable` run with `arguments`: its status and its output, standard error included
  /// unless `errors` is false.
  static func run(_ executable: String, _ arguments: [String], errors: Bool = true) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors ? output : FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }

  @Test(
    "zsh reads its script, which completes paths as files and each subcommand's flags",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed (scripts/setup zsh)"))
  func zshScript() async throws {
    let path = try await Self.script(for: "zsh")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let check = try Self.run("/usr/bin/zsh", ["-n", path])
    #expect(check.status == 0, "\(check.output)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for option in ["--record", "--json-log", "--file"] {
      #expect(
        text.split(separator: "\n").contains { $0.contains(option) && $0.contains("_files") },
        "\(option) completes no files")
    }
  }

  @Test(
    "fish loads its script and completes each subcommand's own flags, and paths as files",
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed (scripts/setup fish)"))
  func fishScript() async throws {
    let path = try await Self.script(for: "fish")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let binary = try #require(ReactorBinary.url)
    let lines = [
      "reactor replay --j", "reactor --offline live --th", "reactor live --da", "reactor --js", "reactor -f s",
      "reactor --record s", "reactor --json-log s", "reactor replay s", "reactor replay --junit s",
      "reactor live --mu", "reactor --offline live --pre",
    ]
    // fish's own completion engine, on lines typed after the script is loaded. Outside an
    // interactive fish, the custom completion of live's words cannot read the command line
    // (`commandline -tC`) and says so on standard error, which is not what is offered.
    let result = try await Self.withFiles { directory in
      try Self.run(
        "/usr/bin/fish",
        [
          "--no-config", "-c",
          "set -x PATH \(binary.deletingLastPathComponent().path) $PATH; source \(path); cd \(directory); "
            + lines.map { "complete -C '\($0)'; echo ---; " }.joined(),
        ], errors: false)
    }
    #expect(result.status == 0, "\(result.output)")
    let got = result.output.components(separatedBy: "---\n").dropLast().map { part in
      part.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted().joined(separator: " ")
    }
    let files = "script.txt search.t sessions/"
    let wanted = [
      "--jobs --junit", "--throttle", "", "--json --json-log", files, files, files, files, files, "--multi",
      "--preview",
    ]
    #expect(got == wanted, "\(result.output)")
  }
}
