import CommandLanguage
import GitHubClient
import ReactorCore
import Rendering
import Shell
import Testing

@Suite("Redaction of passwords in history and transcripts")
struct RedactionTests {
  @Test(
    "history keeps the command but not the secret",
    arguments: [
      ("signup octocat hunter22 hunter22", "signup octocat <redacted> <redacted>"),
      ("password hunter22", "password <redacted>"),
      ("repeat 'with space'", "repeat <redacted>"),
      ("password", "password"),
      ("passwrd hunter22", "passwrd <redacted>"),
      ("signup \"unterminated hunter22", "signup <redacted>"),
      ("query swift", "query swift"),
      ("username octocat", "username octocat"),
      ("signup octocat hunter22 hunter22 &", "signup octocat <redacted> <redacted> &"),
      (#"password a\ & &"#, "password <redacted> &"),
      // A quoted command is one word that names no verb; what it holds is still a password.
      ("'signup bob hunter22 hunter22'", "'signup bob <redacted> <redacted>'"),
      ("\"password hunter22\"", "'password <redacted>'"),
      ("'signup bob' hunter22 hunter22", "'signup bob' <redacted> <redacted>"),
      ("'passwrd  hunter22' x", "'passwrd <redacted>' <redacted>"),
      ("' password'", "' password'"),
      ("'signup bob hunter22", "signup <redacted>"),
      ("'query swift'", "'query swift'"),
      // A verb that names a secret one: the words after it are that one's.
      ("help signup bob hunter22", "help signup <redacted> <redacted>"),
      ("? password hunter22", "? password <redacted>"),
      ("help signup", "help signup"),
      ("live signup bob hunter22 hunter22", "live signup <redacted> <redacted> <redacted>"),
      ("live search hunter22", "live search hunter22"),
      // A secret verb with the password glued on.
      ("password=hunter22", "password<redacted>"),
      ("PASSWORDhunter22 x", "PASSWORD<redacted> <redacted>"),
      ("help password:hunter22", "help password<redacted>"),
      ("'password=hunter22 x'", "'password<redacted> <redacted>'"),
    ])
  func history(_ line: String, _ expected: String) {
    #expect(commands.forHistory(line) == expected)
  }

  @Test("the secret arguments are the table's: every word from secretsFrom on, none before")
  func secretsComeFromTheTable() {
    for spec in commands.all where spec.arity.upperBound >= 1 {
      let count = max(spec.arity.lowerBound, min(spec.arity.upperBound, 3))
      let words = (1...count).map { "word\($0)" }
      let expected = words.enumerated().map { index, word in
        spec.secretsFrom.map { index >= $0 } == true ? "<redacted>" : word
      }
      let line = ([spec.name] + words).joined(separator: " ")
      #expect(commands.forHistory(line) == ([spec.name] + expected).joined(separator: " "), "\(line)")
      #expect(commands.isSecretVerb(spec.name) == (spec.secretsFrom != nil), "\(spec.name)")
    }
  }

  @Test("transcripts keep length and equality, never the text")
  func transcript() {
    var placeholders: [String: String] = [:]
    let first = commands.forTranscript("signup octocat hunter22 hunter22", placeholders: &placeholders)
    #expect(first == "signup octocat ******** ********")
    #expect(commands.forTranscript("repeat abcd", placeholders: &placeholders) == "repeat ++++")
    #expect(commands.forTranscript("password hunter22", placeholders: &placeholders) == "password ********")
    #expect(!placeholders.values.contains { $0.contains("hunter") })
    // A quoted command keeps its verb and replays the same error, with no password.
    #expect(
      commands.forTranscript("'signup bob hunter22 hunter22'", placeholders: &placeholders)
        == "'signup bob ******** ********'")
    #expect(commands.forTranscript("\"password 12345\"", placeholders: &placeholders) == "'password ====='")
    #expect(commands.forTranscript("'password hunter22", placeholders: &placeholders) == "password '")
  }

  @Test("errors never echo a password typed after help or glued to its verb, and replay the same")
  func errorsHideGluedAndNamedPasswords() throws {
    var placeholders: [String: String] = [:]
    for line in ["help signup bob hunter22", "password=hunter22", "PASSWORDhunter22", "help password:hunter22"] {
      let error = try #require(throws: CommandError.self) { try commands.parse(line) }
      #expect(!error.message.contains("hunter22"), "\(line): \(error.message)")
      // The transcript's line fails with the same message, so that it replays.
      let recorded = commands.forTranscript(line, placeholders: &placeholders)
      #expect(!recorded.contains("hunter22"), "\(recorded)")
      #expect(throws: error, "\(recorded)") { try commands.parse(recorded) }
    }
  }

  @Test("the shell loop hands only redacted lines to history")
  func loopRemembersRedacted() async {
    let reader = RememberingReader(["password hunter22", "signup a hunter22 hunter22", "query swift"])
    _ = await ShellLoop(session: Self.session(), reader: reader, interactive: false).run()
    #expect(reader.remembered == ["password <redacted>", "signup a <redacted> <redacted>", "query swift"])
  }

  @Test("a reader that keeps no history is handed no lines")
  func loopSkipsHistoryless() async {
    let reader = RememberingReader(["password hunter22", "query swift"], keepsHistory: false)
    _ = await ShellLoop(session: Self.session(), reader: reader, interactive: false).run()
    #expect(reader.remembered.isEmpty)
  }

  static func session() -> Session {
    Session(
      configuration: Session.Configuration(
        client: GitHubClient(searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil) }),
        sink: MemorySink()))
  }
}

final class RememberingReader: LineReader {
  private let state: Locked<(lines: [String], remembered: [String])>
  let keepsHistory: Bool
  init(_ lines: [String], keepsHistory: Bool = true) {
    state = Locked((lines, []))
    self.keepsHistory = keepsHistory
  }
  func readLine(prompt: String) async -> String? { state.withLock { $0.lines.isEmpty ? nil : $0.lines.removeFirst() } }
  func remember(_ line: String) { state.withLock { $0.remembered.append(line) } }
  var remembered: [String] { state.withLock { $0.remembered } }
}
