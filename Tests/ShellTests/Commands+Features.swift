import CommandLanguage
import FeatureKit
import FeatureList
import FeedFeature
import GitHubClient
import ReactorCore
import Rendering
import SearchFeature
import SignupFeature

@testable import Shell

/// The executable's command language, as a session running its features has it.
let commands = CommandTable<SessionCommand>(features: Features.all)

/// The features' commands under the names the shell's command had before each feature's View
/// declared its own, so that the parser's tables read as the command lines they test.
extension SessionCommand {
  static func query(_ text: String) -> SessionCommand { search(.send(.updateQuery(text))) }
  static let next = search(.send(.loadNextPage))
  static func nextPages(_ count: Int) -> SessionCommand {
    search(.send(count == 1 ? .loadNextPage : .loadPages(count)))
  }
  static func sort(_ sort: SearchSort?) -> SessionCommand { search(.sort(sort)) }
  static func order(_ order: SearchOrder?) -> SessionCommand { search(.order(order)) }
  static func open(_ number: Int) -> SessionCommand { search(.open(number)) }
  static func engine(_ name: String?) -> SessionCommand { search(.engine(name)) }
  static func username(_ name: String) -> SessionCommand { signup(.send(.updateUsername(name))) }
  static func password(_ text: String?) -> SessionCommand { signup(.password(text)) }
  static func repeatPassword(_ text: String?) -> SessionCommand { signup(.repeatPassword(text)) }
  static let submit = signup(.submit)
  static func signup(username: String, password: String, repeat: String) -> SessionCommand {
    signup(.signup(username: username, password: password, repeat: `repeat`))
  }
  static let refresh = SessionCommand.feature(FeatureCommand(FeedView.self, .refresh))
  static let more = SessionCommand.feature(FeatureCommand(FeedView.self, .loadMore))

  private static func search(_ command: SearchView.Command) -> SessionCommand {
    .feature(FeatureCommand(SearchView.self, command))
  }
  private static func signup(_ command: SignupView.Command) -> SessionCommand {
    .feature(FeatureCommand(SignupView.self, command))
  }
}

/// A session configuration running the executable's features, with the settings tests vary.
extension Session.Configuration {
  init(
    client: GitHubClient, options: RenderOptions = RenderOptions(), sink: any OutputSink,
    opener: any URLOpener = PrintingOpener(), dataNote: String? = nil, time: TimeSource = .system,
    executor: (any TaskExecutor)? = nil, seed: UInt64 = 0, signupLatency: Duration = .milliseconds(1500),
    promptSecret: (@Sendable (String) -> String?)? = nil, engine: SearchEffectStyle = .reactor,
    historyLimit: Int = Session.defaultHistoryLimit
  ) {
    var settings = FeatureSettings()
    settings.seed = seed
    settings["signup-latency"] = "\(signupLatency / .seconds(1))s"
    settings["engine"] = engine.rawValue
    self.init(
      client: client, features: Features.all, options: options, sink: sink, opener: opener, dataNote: dataNote,
      time: time, executor: executor, settings: settings, promptSecret: promptSecret, historyLimit: historyLimit)
  }
}
