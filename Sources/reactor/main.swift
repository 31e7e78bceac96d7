import ArgumentParser
import Foundation
import GitHubClient
import GitHubClientLive
import Rendering
import Shell

#if canImport(Glibc)
  import Glibc
#endif

/// The `reactor` command: flags and environment, and the composition of the live, offline and
/// cassette clients. Nothing else lives here.
struct ReactorCommand: AsyncParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "reactor",
    abstract: "A reactive REPL and NDJSON stream over the GitHub REST API.",
    discussion: """
      Each line is a command (type 'help' for the list). On a terminal, reactor edits lines with \
      history and completion; on pipes it reads commands from standard input and prints one \
      diff per state change. Set GH_TOKEN (or GITHUB_TOKEN) for a higher rate limit.
      """,
    version: version)

  @Flag(help: "Serve the built-in offline sample instead of GitHub (no network, sample data).")
  var offline = false

  @Flag(help: "Print NDJSON records (one JSON object per line) instead of text.")
  var json = false

  @Option(name: .customLong("api-url"), help: ArgumentHelp("The GitHub API root (default: $GITHUB_API_URL, then https://api.github.com).", valueName: "url"))
  var apiURL: String?

  @Option(help: ArgumentHelp("Seconds to wait for GitHub before giving up.", valueName: "seconds"))
  var timeout: Double = 30

  @Option(help: ArgumentHelp("When to use colour: auto, always or never.", valueName: "when"))
  var color: ColorChoice = .auto

  enum ColorChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }

  func validate() throws {
    guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be between 0 and 600 seconds") }
  }

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let userAgent = "reactor/\(Self.version)"
    var configuration: GitHubConfiguration
    let transport: any HTTPTransport
    if offline {
      // The sample needs no API root and no token; neither is read, so neither can leak.
      configuration = GitHubConfiguration(baseURL: GitHubConfiguration.defaultBaseURL, userAgent: userAgent)
      transport = OfflineTransport()
    } else {
      do {
        configuration = try GitHubConfiguration.resolve(apiURL: apiURL, environment: environment, userAgent: userAgent)
      } catch {
        throw ValidationError(String(describing: error))
      }
      transport = URLSessionTransport(timeout: timeout)
    }
    let interactive = Terminal.isInteractive
    let colorOn = switch color {
    case .always: true
    case .never: false
    case .auto: !json && Terminal.wantsColor(environment: environment)
    }
    let options = RenderOptions(mode: json ? .json : .text, color: colorOn, width: Terminal.width(environment: environment))
    let dataNote = offline ? "built-in offline sample (a snapshot written for demos; not live GitHub data)" : nil
    let session = Session(
      configuration: Session.Configuration(
        client: .live(configuration: configuration, transport: transport), options: options,
        sink: StandardOutputSink(),
        opener: interactive ? SystemOpener(environment: environment) : PrintingOpener(), dataNote: dataNote))
    let reader: any LineReader =
      interactive ? EditLineReader(historyPath: EditLineReader.defaultHistoryPath(environment: environment)) : PlainLineReader()
    let banner = "reactor \(Self.version): type 'help' for commands, Ctrl-D to leave"
      + (offline ? " (offline sample data)" : "")
    let status = await ShellLoop(session: session, reader: reader, interactive: interactive, banner: banner).run()
    if status != 0 { throw ExitCode(status) }
  }
}

/// Usage errors exit with status 2, as documented; help and version with 0.
@main
enum Main {
  static func main() async {
    do {
      var command = try ReactorCommand.parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = ReactorCommand.exitCode(for: error)
      if code == .success || error is ExitCode {
        if !(error is ExitCode) { print(ReactorCommand.fullMessage(for: error)) }
        exit(code.rawValue)
      }
      FileHandle.standardError.write(Data((ReactorCommand.fullMessage(for: error) + "\n").utf8))
      exit(2)
    }
  }
}
