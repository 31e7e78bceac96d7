import FeatureKit
import FeatureList
import GitHubClient
import LiveTerminal
import ReactorCore
import Rendering
import SignupFeature
import Testing

@testable import Shell

// The live signup form on the session's store: the username throttled to its check, a stale
// check cancelled, the submit line enabled only for a valid form, the passwords masked on the
// screen, in the NDJSON and in a recording, and the focus moved by Tab and Shift-Tab.

/// A password whose characters appear in no username or key the tests type.
private let password = "ZQ9VW7"

/// A live signup View on a session whose effects run on `executor` and sleep on `clock`; its
/// NDJSON goes to `sink`.
private func liveSignup(
  _ client: GitHubClient, throttle: Duration = .zero, executor: ManualExecutor, clock: VirtualClock,
  sink: MemorySink = MemorySink(), arguments: [String] = [],
  changed: @escaping @Sendable (String?) -> Void = { _ in }
) -> SignupLiveView {
  var configuration = Session.Configuration(
    client: client, features: Features.all, options: RenderOptions(mode: .json), sink: sink,
    time: .virtual(clock, start: 0), executor: executor)
  configuration.settings["signup-failure-rate"] = "0.0"
  configuration.settings["signup-latency"] = "1.0s"
  let session = Session(configuration: configuration)
  let host = session.host(forFeature: "signup")!
  return SignupLiveView(
    host: host, context: LiveContext(arguments: arguments, throttle: throttle), changed: changed)
}

/// A client that answers every username as available, noting each it was asked about.
private func availableClient(_ asked: Locked<[String]>) -> GitHubClient {
  GitHubClient(
    searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil, totalCount: 0) },
    userExists: { name in
      asked.withLock { $0.append(name) }
      return false
    })
}

private func type(_ text: String, into view: SignupLiveView, at now: Duration = .zero) {
  for character in text { _ = view.handle(.text(String(character)), at: now) }
}

private func lines(_ view: SignupLiveView, width: Int = 80) -> [String] {
  view.frame(width: width, height: 12, at: .zero).lines.map(\.text)
}

/// The row the focus marker is on.
private func focusedRow(_ view: SignupLiveView) -> String? {
  lines(view).first { $0.hasPrefix("›") }
}

/// The submit line's style.
private func submitStyle(_ view: SignupLiveView) -> CellStyle? {
  view.frame(width: 80, height: 12, at: .zero).lines.first { $0.text.contains("[ Sign up ]") }?
    .spans.first { $0.text == "[ Sign up ]" }?.style
}

/// Fills the form validly with `username`, leaving the focus on the submit line.
private func fill(_ view: SignupLiveView, username: String, executor: ManualExecutor) {
  _ = view.handle(.text(username), at: .zero)
  _ = view.handle(.tab, at: .zero)
  type(password, into: view)
  _ = view.handle(.tab, at: .zero)
  type(password, into: view)
  _ = view.handle(.tab, at: .zero)
  _ = executor.runUntilIdle()
}

@Suite struct LiveViewSignupTests {
  @Test("the username's first change is checked at once, then the latest once the interval has passed")
  func throttledUsername() {
    let asked = Locked<[String]>([])
    let executor = ManualExecutor()
    let view = liveSignup(
      availableClient(asked), throttle: .milliseconds(300), executor: executor, clock: VirtualClock())
    type("o", into: view, at: .zero)
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["o"])
    type("c", into: view, at: .milliseconds(100))
    type("t", into: view, at: .milliseconds(200))
    #expect(view.deadline == .milliseconds(300))
    // The name that waits is judged by its text alone meanwhile.
    #expect(lines(view).contains { $0.contains("oct") && $0.contains("checking...") }, "\(lines(view))")
    view.tick(at: .milliseconds(299))
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["o"])
    view.tick(at: .milliseconds(300))
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["o", "oct"])
    #expect(lines(view).contains { $0.contains("oct") && $0.contains("Username available") }, "\(lines(view))")
  }

  @Test("a recorded screen's label says what it shows: no answer about a name the field no longer shows")
  func checkpointLabels() {
    let asked = Locked<[String]>([])
    let checkpoints = Locked<[String]>([])
    let executor = ManualExecutor()
    let view = liveSignup(
      availableClient(asked), throttle: .milliseconds(300), executor: executor, clock: VirtualClock(),
      changed: { checkpoint in if let checkpoint { checkpoints.withLock { $0.append(checkpoint) } } })
    type("o", into: view, at: .zero)
    type("cto", into: view, at: .milliseconds(1))
    // o's answer lands while the field shows octo, checking: no screen is labelled with it.
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["o"])
    #expect(lines(view).contains { $0.contains("octo") && $0.contains("checking...") }, "\(lines(view))")
    #expect(checkpoints.withLock { $0 }.isEmpty)
    view.tick(at: .milliseconds(300))
    _ = executor.runUntilIdle()
    #expect(checkpoints.withLock { $0 } == ["username octo available"])
    #expect(lines(view).contains { $0.contains("octo") && $0.contains("Username available") }, "\(lines(view))")
  }

  @Test("a username that waits goes at once when its field is left")
  func leavingTheFieldSendsTheWaitingName() {
    let asked = Locked<[String]>([])
    let executor = ManualExecutor()
    let view = liveSignup(
      availableClient(asked), throttle: .seconds(10), executor: executor, clock: VirtualClock())
    type("mona", into: view, at: .zero)
    _ = view.handle(.tab, at: .milliseconds(50))
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["m", "mona"])
    #expect(view.deadline == nil)
  }

  @Test("the first word after signup is the username the form opens with")
  func openingUsername() {
    let asked = Locked<[String]>([])
    let executor = ManualExecutor()
    let view = liveSignup(
      availableClient(asked), throttle: .milliseconds(300), executor: executor, clock: VirtualClock(),
      arguments: ["octocat"])
    view.start(at: .zero)
    _ = executor.runUntilIdle()
    #expect(asked.withLock { $0 } == ["octocat"])
    #expect(lines(view).contains { $0.contains("octocat") && $0.contains("Username available") }, "\(lines(view))")
  }

  @Test("a newer username cancels the check in flight: the stale answer never lands")
  func newerUsernameCancelsTheStaleCheck() {
    let clock = VirtualClock()
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil, totalCount: 0) },
      userExists: { name in
        // slow answers late, and says taken; the rest at once, available.
        if name == "slow" {
          try await clock.sleep(for: .seconds(1))
          return true
        }
        return false
      })
    let executor = ManualExecutor()
    let sink = MemorySink()
    let view = liveSignup(client, executor: executor, clock: clock, sink: sink)
    _ = view.handle(.text("slow"), at: .zero)
    _ = executor.runUntilIdle()
    #expect(clock.nextDeadline != nil, "the check of slow is in flight")
    #expect(lines(view).contains { $0.contains("slow") && $0.contains("checking...") }, "\(lines(view))")
    _ = view.handle(.text("er"), at: .milliseconds(10))
    _ = executor.runUntilIdle()
    // The stale check's sleep was cancelled, so nothing is left to wake.
    #expect(clock.nextDeadline == nil)
    clock.advance(by: .seconds(2))
    _ = executor.runUntilIdle()
    let screen = lines(view)
    #expect(screen.contains { $0.contains("slower") && $0.contains("Username available") }, "\(screen)")
    #expect(!screen.contains { $0.contains("taken") }, "\(screen)")
    #expect(!sink.text.contains("\"taken\""))
  }

  @Test("the submit line is dim and refuses until every field is valid, then submits")
  func submitEnabledOnlyWhenValid() {
    let clock = VirtualClock()
    let executor = ManualExecutor()
    let view = liveSignup(availableClient(Locked([])), executor: executor, clock: clock)
    #expect(submitStyle(view) == .dim)
    for _ in 0..<3 { _ = view.handle(.tab, at: .zero) }
    #expect(view.handle(.enter, at: .zero) == .stay)
    #expect(
      lines(view).last
        == "cannot submit: username is empty; password is empty; password is not repeated")
    // A short password, then a repeat that differs: still refused, in the REPL's words.
    _ = view.handle(.tab, at: .zero)
    _ = view.handle(.text("octocat"), at: .zero)
    _ = view.handle(.tab, at: .zero)
    type("abc", into: view)
    #expect(lines(view).contains { $0.contains("Password must be at least 5 characters") }, "\(lines(view))")
    _ = view.handle(.tab, at: .zero)
    type("abd", into: view)
    _ = executor.runUntilIdle()
    #expect(lines(view).contains { $0.contains("Passwords do not match") }, "\(lines(view))")
    _ = view.handle(.tab, at: .zero)
    _ = view.handle(.enter, at: .zero)
    #expect(submitStyle(view) == .dim)
    #expect(
      lines(view).last
        == "cannot submit: password must be at least 5 characters; passwords do not match")
    _ = view.handle(.tab, at: .zero)
    _ = view.handle(.down, at: .zero)
    _ = view.handle(.control("u"), at: .zero)
    type(password, into: view)
    _ = view.handle(.down, at: .zero)
    _ = view.handle(.control("u"), at: .zero)
    type(password, into: view)
    _ = view.handle(.down, at: .zero)
    // The focused, enabled submit line reads as a button.
    #expect(submitStyle(view) == .reverse)
    #expect(view.handle(.enter, at: .zero) == .stay)
    _ = executor.runUntilIdle()
    #expect(lines(view).last == "submitting...")
    // An edit while it runs does not change which account the success names.
    _ = view.handle(.backTab, at: .zero)
    _ = view.handle(.backTab, at: .zero)
    _ = view.handle(.backTab, at: .zero)
    _ = view.handle(.text("x"), at: .zero)
    clock.advance(by: .seconds(1))
    _ = executor.runUntilIdle()
    #expect(lines(view).last == "Welcome, octocat! Your account is ready. · any key to leave", "\(lines(view))")
    // Signed up, every key leaves as a success, Escape too.
    #expect(view.handle(.escape, at: .seconds(1)) == .exit(status: 0, output: "octocat"))
  }

  @Test("Escape and Control-C leave with 130 before a signup")
  func leaving() {
    let executor = ManualExecutor()
    for key in [Key.escape, .control("c")] {
      let view = liveSignup(availableClient(Locked([])), executor: executor, clock: VirtualClock())
      type("mona", into: view)
      #expect(view.handle(key, at: .zero) == .exit(status: 130, output: nil))
    }
  }

  @Test("the passwords are drawn as one bullet per character and never reach the NDJSON")
  func masking() {
    let executor = ManualExecutor()
    let sink = MemorySink()
    let view = liveSignup(availableClient(Locked([])), executor: executor, clock: VirtualClock(), sink: sink)
    fill(view, username: "octocat", executor: executor)
    for width in [80, 50] {
      let screen = lines(view, width: width)
      #expect(
        screen.filter { $0.contains(String(repeating: "•", count: password.count) + " ") }.count == 2, "\(screen)")
      #expect(!screen.joined().contains(password))
    }
    let records = sink.text
    #expect(records.contains("\"action\":\"password\""))
    #expect(records.contains("\"action\":\"repeat\""))
    #expect(!records.contains(password))
    for prefix in (1...password.count).map({ String(password.prefix($0)) }) where prefix.count > 1 {
      #expect(!records.contains(prefix), "\(prefix)")
    }
  }

  @Test("Tab and Shift-Tab move round the form; Down, Up and Enter on a field stop at its ends")
  func focus() {
    let executor = ManualExecutor()
    let view = liveSignup(availableClient(Locked([])), executor: executor, clock: VirtualClock())
    var rows: [String] = []
    var secret: [Bool] = []
    for key in [Key.tab, .tab, .tab, .tab, .backTab, .backTab, .up, .up, .up, .down, .enter, .enter, .down] {
      _ = view.handle(key, at: .zero)
      rows.append(String(focusedRow(view)?.dropFirst(2).prefix(8) ?? ""))
      secret.append(view.isSecretInput)
    }
    #expect(
      rows == [
        "Password", "Repeat  ", "[ Sign u", "Username", "[ Sign u", "Repeat  ", "Password", "Username", "Username",
        "Password", "Repeat  ", "[ Sign u", "[ Sign u",
      ])
    #expect(secret == rows.map { $0 == "Password" || $0 == "Repeat  " })
  }

  @Test("a recording keeps the keys typed into a password as <secret>, one per character, and the rest as they are")
  func recordingHidesPasswords() throws {
    let executor = ManualExecutor()
    let view = liveSignup(availableClient(Locked([])), executor: executor, clock: VirtualClock())
    let saved = Locked<String?>(nil)
    let recorder = LiveRecorder(header: ["%offline", "%live signup"]) { text in saved.withLock { $0 = text } }
    var now = Duration.zero
    func press(_ key: Key) {
      now += .milliseconds(1)
      LiveDriver.record(key, secret: view.isSecretInput, on: recorder, at: now)
      _ = view.handle(key, at: now)
      _ = executor.runUntilIdle()
    }
    for character in "octocat" { press(.text(String(character))) }
    press(.tab)
    for character in password { press(.text(String(character))) }
    press(.backspace)
    press(.text("7"))
    press(.tab)
    // A paste is one key of several characters.
    press(.text(password))
    press(.tab)
    press(.enter)
    recorder.end(["end"], outcome: LiveDriver.Outcome(status: 130, output: nil), at: now)
    let text = try #require(saved.withLock { $0 })
    #expect(!text.contains(password))
    let keys = text.split(separator: "\n").filter { $0.contains(" key ") }.map { $0.split(separator: " ")[2] }
    for key in keys {
      #expect(!key.contains { password.contains($0) }, "\(key)")
    }
    #expect(
      keys.joined() == "octocat<tab>" + String(repeating: "<secret>", count: 6) + "<bs><secret><tab>"
        + String(repeating: "<secret>", count: 6) + "<tab><enter>")
    let parsed = try LiveTranscript.parse(text, features: Features.all.settings)
    let replayed = parsed.events.flatMap { event -> [Key] in
      if case .keys(let keys) = event.event { keys } else { [] }
    }
    #expect(replayed.filter { $0 == .secret }.count == 13)
  }

  @Test(
    "on a narrow screen a message wraps under its field, whole, and every cut line ends with …",
    arguments: [20, 24, 31, 50, 79])
  func narrowMessages(width: Int) {
    let client = GitHubClient(
      searchRepositories: { _, page, _ in Page(items: [], page: page, nextPage: nil, totalCount: 0) },
      userExists: { _ in true })
    let executor = ManualExecutor()
    let view = liveSignup(client, executor: executor, clock: VirtualClock())
    type("octocat", into: view)
    _ = executor.runUntilIdle()
    let frame = view.frame(width: width, height: 24, at: .zero)
    let rows = frame.lines.map(\.text)
    #expect(rows.allSatisfy { TerminalText.width($0) <= width }, "\(rows)")
    // After the name typed, beside it or on the rows under it, the whole message.
    let username = rows.firstIndex { $0.contains("Username") && $0.contains("octocat") } ?? 0
    let password = rows.firstIndex { $0.contains("Password") } ?? 0
    let field = rows[username..<password].joined(separator: " ")
    let message = field.split(separator: "octocat").dropFirst().joined().split(separator: " ").joined(separator: " ")
    #expect(message == "Username already taken", "\(rows)")
    // The title is cut with an ellipsis where the width cuts it.
    #expect(rows[0] == "Sign up  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave" || rows[0].hasSuffix("…"))
    #expect(frame.cursor.map { $0.column < width } == true)
  }

  @Test(
    "a screen too small for the form says so instead of drawing it cut",
    arguments: [(19, 24), (1, 24), (40, 10), (90, 7)])
  func tooSmall(width: Int, height: Int) {
    let view = liveSignup(availableClient(Locked([])), executor: ManualExecutor(), clock: VirtualClock())
    type("octocat", into: view)
    let frame = view.frame(width: width, height: height, at: .zero)
    let text = frame.lines.map(\.text).joined(separator: " ")
    #expect(frame.lines.allSatisfy { TerminalText.width($0.text) <= width })
    #expect(frame.lines.count <= height)
    #expect(!text.contains("octocat"), "\(text)")
    if width >= 2 {
      #expect(text.contains(width < 20 ? "too narrow" : "too short") || text.hasSuffix("…"), "\(text)")
    }
    #expect(frame.cursor == nil)
  }

  @Test("a username wider than its field scrolls, the caret in view, on a wide screen and on a narrow one")
  func usernameScrolls() {
    let view = liveSignup(availableClient(Locked([])), executor: ManualExecutor(), clock: VirtualClock())
    type(String(repeating: "abcdefghij", count: 4) + "xyz", into: view)
    for width in [80, 24] {
      let frame = view.frame(width: width, height: 24, at: .zero)
      let row = frame.lines[2].text
      #expect(row.hasPrefix("› Username  ") && row.contains("hijxyz"), "\(width): \(row)")
      #expect(frame.cursor?.row == 2 && (frame.cursor?.column ?? width) < width, "\(width)")
      let caret = frame.cursor?.column ?? 0
      #expect(Array(row)[caret - 1] == "z", "\(width): the caret after the last character typed")
    }
  }
}
