import ArgumentParser
import FeatureList
import Shell

/// `reactor live`, as ArgumentParser shows it: its help (`reactor live --help`, `reactor help
/// live`) and what a shell's completion offers after `live` (its flags, its feature and words).
/// Never run: `main` takes `live` and the words after it off before ArgumentParser parses
/// (``LaunchOptions/splitWords(_:)``), and ``LaunchOptions/runLive`` runs the view. Its flags
/// are the entries of ``LaunchFlag/all`` that ``LaunchFlag/live`` names, declared there once.
struct LiveCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      commandName: "live",
      abstract: "Open a feature's full-screen view: search as you type, the signup form, the event feed.",
      usage: "reactor live [<options>] [<feature>] [<word> ...]",
      discussion: """
        Draws on the terminal (/dev/tty), so standard output carries only what Enter prints. The query reaches GitHub through a throttle \
        (--throttle); the list loads the next page as the selection nears its end. Exit status: 0 \
        with a selection, 130 after Esc or Ctrl-C, 128 + n after signal n, 2 when there is no \
        terminal to draw on (TERM unset or dumb, no /dev/tty). See reactor(1), LIVE VIEW.

        """ + keyLines.joined(separator: "\n"))
  }

  /// The views' keys, wrapped here with each key's lines hanging under it: ArgumentParser
  /// keeps a line shorter than its width (80 when not on a terminal) and wraps a longer one
  /// flush left.
  static var keyLines: [String] {
    HelpText.paragraphs(LiveHelp.paragraphs(Features.all.compactMap(\.live)).joined(separator: "\n"), width: 79)
  }

  static let flags = LaunchFlag.all.filter { LaunchFlag.live.contains($0.name) }

  init() {}

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: LaunchFlag.Key.self)
    _ = try Self.flags.map { try $0.decode(container) }
    _ = try container.decode(Argument<[String]>.self, forKey: LaunchFlag.Key("words"))
  }

  func run() throws {}
}

extension LiveCommand: CustomReflectable {
  var customMirror: Mirror {
    let children: [Mirror.Child] =
      Self.flags.map { (label: $0.key, value: $0.argument()) } + [
        (
          label: "words",
          value: Argument<[String]>(
            wrappedValue: [], help: ArgumentHelp("The feature (search, signup, feed) and the words it opens with."),
            completion: .custom { LaunchOptions.completions($0, $1, $2) })
        )
      ]
    return Mirror(self, children: children, displayStyle: .struct)
  }
}
