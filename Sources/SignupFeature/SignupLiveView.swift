package import FeatureKit
package import LiveTerminal
import ReactorCore
import Rendering

/// The signup seed's form on the full screen: username, password and repeat as one-line fields
/// and a submit line, bound to the same reactor and state as the REPL's `username`, `password`,
/// `repeat` and `submit`. The username reaches the reactor through a throttle (its check is the
/// reactor's, and a newer name cancels it there); the passwords go as typed and are drawn as
/// one `•` per character.
package final class SignupLiveView: LiveView {
  package static let name = "signup"
  package static let summary = "fill in the signup form, validated as you type; prints the new username"
  /// Never a password: a word on the command line would be in the shell's history and a
  /// recording's header.
  package static let words = (count: 0...1, meaning: "a username (type the passwords into the form)")
  package static let keys = [
    LiveKeyHelp("Tab, Shift-Tab", "move to the next or the previous line, round"),
    LiveKeyHelp("Down, Up, Ctrl-N, Ctrl-J, Ctrl-P, Ctrl-K", "move to the next or the previous line"),
    LiveKeyHelp("Enter", "on a field, move to the next line; on [ Sign up ], submit"),
    LiveKeyHelp(
      "characters and the editing keys of search",
      "edit the field; in a password field Ctrl-W and Alt-Backspace erase it whole, Alt-D to its end, and Ctrl-Y puts "
        + "nothing back"),
    LiveKeyHelp("Esc, Ctrl-C, Ctrl-G, Ctrl-Q", "exit 130 with nothing printed"),
    LiveKeyHelp("Ctrl-L", "draw the whole screen again"),
    LiveKeyHelp("any key after the signup", "print the username and exit 0"),
  ]

  /// The rows focus moves between, in the order Tab takes.
  enum Focus: Int, CaseIterable, Sendable {
    case username, password, repeatPassword, submit

    var isSecret: Bool { self == .password || self == .repeatPassword }
  }

  /// A field whose text is a password: it prints as `<redacted>`, so a dump of the View's state
  /// cannot show it.
  struct SecretField: Sendable, Redacted {
    var field = LineField()
  }

  /// What the View keeps beside the store: the fields as typed, the focus, the throttle.
  struct Screen: Sendable {
    var username = LineField()
    var password = SecretField()
    var repeatPassword = SecretField()
    var focus = Focus.username
    var throttle: Throttle<String>
    /// The username of the submission in flight or done: the account a success created, even
    /// if the field was edited while it ran.
    var submitted: String?
    /// Said on the status line until the next key (why the form cannot be submitted).
    var note: String?
    /// What the last change left, for checkpoints: the username's status, each password's
    /// verdict, and whether a submission ran.
    var verdicts = Verdicts(SignupState())
  }

  /// What a recording takes a screen for when it changes: an answer about the username, a
  /// password's verdict (not each key), the end of a submission.
  struct Verdicts: Equatable, Sendable {
    var status: UsernameStatus
    var password: String
    var repeatPassword: String
    var submitting: Bool

    init(_ state: SignupState) {
      status = state.usernameStatus
      password = state.passwordValid ? "valid" : state.passwordSet ? "too short" : "empty"
      repeatPassword = state.repeatValid ? "matches" : state.repeatSet ? "differs" : "empty"
      submitting = state.isSubmitting
    }

    /// Why `state` deserves a screen after these verdicts, while the username field shows
    /// `shown`; nil when it does not.
    func checkpoint(after state: SignupState, shown: String) -> String? {
      let now = Verdicts(state)
      var reasons: [String] = []
      // GitHub's answer (or its failure) about a name, which is letters and digits only, so it
      // is safe in a transcript's line; a name edited into an invalid one is no answer. An
      // answer about a name the field no longer shows is not on the screen (it shows the newer
      // name waiting), so the screen would not be what its label says.
      if status == .checking, now.status != .checking, UsernameStatus.validating(state.username) == .checking,
        state.username == shown
      {
        reasons.append("username \(state.username) \(now.status.name)")
      }
      if password != now.password { reasons.append("password \(now.password)") }
      if repeatPassword != now.repeatPassword { reasons.append("repeat \(now.repeatPassword)") }
      if submitting && !now.submitting, let result = state.result {
        reasons.append(result.ok ? "signed up" : "signup failed")
      }
      return reasons.isEmpty ? nil : reasons.joined(separator: ", ")
    }
  }

  private let context: LiveContext
  private let store: Store<SignupReactor>
  private let screen: Locked<Screen>

  package init(host: any FeatureHost, context: LiveContext, changed: @escaping @Sendable (String?) -> Void) {
    self.context = context
    let screen = Locked(Screen(throttle: Throttle(interval: context.throttle)))
    self.screen = screen
    // The REPL View's store, so `--json-log` gets the NDJSON the REPL prints (no password in it).
    store = SignupView.makeStore(host: host) { state in
      let checkpoint = screen.withLock { screen in
        defer { screen.verdicts = Verdicts(state) }
        return screen.verdicts.checkpoint(after: state, shown: screen.username.text)
      }
      changed(checkpoint)
    }
  }

  /// The first word given after `signup` is the username the form opens with.
  package func start(at now: Duration) {
    guard let username = context.arguments.first, !username.isEmpty else { return }
    screen.withLock { screen in
      screen.username = LineField(username)
      screen.throttle.noteSent(username, at: now)
    }
    store.send(.updateUsername(username))
  }

  package var isSecretInput: Bool { screen.withLock { $0.focus.isSecret } }

  package var deadline: Duration? { screen.withLock { $0.throttle.deadline } }

  package func tick(at now: Duration) {
    if let due = screen.withLock({ $0.throttle.tick(at: now) }) { store.send(.updateUsername(due)) }
  }

  package func cancelAll() {
    screen.withLock { $0.throttle.drop() }
    store.cancelAll(resetting: .cancel)
  }

  // MARK: - Keys

  package func handle(_ key: Key, at now: Duration) -> LiveOutcome {
    let state = store.currentState
    screen.withLock { $0.note = nil }
    if state.result?.ok == true {
      // The account exists, so every key (Esc too) leaves as a success. Signup prints the
      // username whatever `--print` says: its choices describe a repository.
      let username = screen.withLock { $0.submitted } ?? state.username
      return .exit(status: 0, output: username)
    }
    switch key {
    case .escape, .control("c"), .control("g"), .control("q"):
      return .exit(status: 130, output: nil)
    case .tab: move(wrapping: 1, at: now)
    case .backTab: move(wrapping: -1, at: now)
    case .down, .control("n"), .control("j"): move(by: 1, at: now)
    case .up, .control("p"), .control("k"): move(by: -1, at: now)
    case .enter:
      if screen.withLock({ $0.focus }) == .submit { submit(state) } else { move(by: 1, at: now) }
    default: edit(key, at: now)
    }
    return .stay
  }

  /// Tab and Shift-Tab: the next or previous row, round from the last to the first.
  private func move(wrapping step: Int, at now: Duration) {
    let count = Focus.allCases.count
    let focus = screen.withLock { $0.focus }
    moveFocus(to: Focus(rawValue: (focus.rawValue + step + count) % count) ?? .username, at: now)
  }

  /// Down and Up (and Enter on a field): the next or previous row, stopping at either end.
  private func move(by step: Int, at now: Duration) {
    let focus = screen.withLock { $0.focus }
    moveFocus(to: Focus(rawValue: max(0, min(Focus.allCases.count - 1, focus.rawValue + step))) ?? focus, at: now)
  }

  /// Moves the focus to `row`. A username that waits in the throttle goes at once as its field
  /// is left: the name is as typed now, and the submit line should not wait for the interval.
  private func moveFocus(to row: Focus, at now: Duration) {
    let due = screen.withLock { screen -> String? in
      defer { screen.focus = row }
      guard screen.focus == .username, row != .username, let pending = screen.throttle.pending else { return nil }
      screen.throttle.noteSent(pending, at: now)
      return pending
    }
    if let due { store.send(.updateUsername(due)) }
  }

  /// An editing key in the focused field; a change reaches the reactor (the username through the
  /// throttle, the passwords at once).
  private func edit(_ key: Key, at now: Duration) {
    let action = screen.withLock { screen -> SignupReactor.Action? in
      switch screen.focus {
      case .username:
        let before = screen.username.text
        guard screen.username.edit(key), screen.username.text != before else { return nil }
        return screen.throttle.offer(screen.username.text, at: now).map { .updateUsername($0) }
      // A password's words are not shown, so its word keys act on the whole field.
      case .password:
        let before = screen.password.field.text
        guard screen.password.field.edit(key, secret: true), screen.password.field.text != before else { return nil }
        return .updatePassword(screen.password.field.text)
      case .repeatPassword:
        let before = screen.repeatPassword.field.text
        guard screen.repeatPassword.field.edit(key, secret: true), screen.repeatPassword.field.text != before
        else { return nil }
        return .updateRepeat(screen.repeatPassword.field.text)
      case .submit:
        return nil
      }
    }
    if let action { store.send(action) }
  }

  /// Enter on the submit line: the submission when the form is valid, otherwise why not, in the
  /// words of the REPL's refusal.
  private func submit(_ state: SignupState) {
    if let refusal = refusal(state) {
      screen.withLock { $0.note = refusal }
      return
    }
    screen.withLock { $0.submitted = state.username }
    store.send(.submit)
  }

  /// Why the form cannot be submitted now; nil when it can.
  private func refusal(_ state: SignupState) -> String? {
    if state.isSubmitting { return "a submission is already in flight" }
    let problems = state.submitProblems
    return problems.isEmpty ? nil : "cannot submit: " + problems.joined(separator: "; ")
  }

  // MARK: - Drawing

  /// Where a field's text starts, after the focus marker and the label.
  private static let labelWidth = 12
  /// The columns a field's text shows before it scrolls, where the screen has them.
  private static let fieldWidth = 20
  /// The widest message but an error's (whose text is GitHub's): the invalid username's.
  private static let messageWidth = TerminalText.width(UsernameStatus.invalid.message ?? "")
  /// The narrowest screen the form is drawn on: a label and 8 columns of its field.
  static let minimumWidth = labelWidth + 8

  /// The fewest rows the form needs at `width`: the title, a blank, the three fields (each with
  /// a row for its message when messages go under the fields), a blank, the submit line and the
  /// status.
  static func minimumHeight(width: Int) -> Int { width >= besideWidth ? 8 : 11 }

  /// From this width on, messages go beside the fields: the longest of them fits there.
  private static let besideWidth = labelWidth + fieldWidth + 2 + messageWidth

  package func frame(width: Int, height: Int, at now: Duration) -> Frame {
    let state = store.currentState
    return screen.withLock { screen in
      guard width >= Self.minimumWidth, height >= Self.minimumHeight(width: width) else {
        return Frame(width: width, height: height, lines: Self.tooSmall(width: width, height: height))
      }
      let statusLines = status(state, screen: screen).wrapped(to: width, rows: 3)
      // Messages under their fields take up to three rows each, or one if the screen has no
      // room for more.
      var form = formLines(state, screen: &screen, width: width, messageRows: 3)
      if form.lines.count + statusLines.count > height {
        form = formLines(state, screen: &screen, width: width, messageRows: 1)
      }
      let formRows = max(0, height - statusLines.count)
      var lines = Array(form.lines.prefix(formRows))
      while lines.count < formRows { lines.append(FrameLine("")) }
      lines += statusLines
      return Frame(
        width: width, height: height, lines: Array(lines.prefix(height)),
        cursor: form.cursor.flatMap { $0.row < formRows ? $0 : nil })
    }
  }

  /// The form's rows: the title, the fields with their messages (beside them on a wide screen,
  /// under them, wrapped to `messageRows` rows, on a narrow one), and the submit line; and where
  /// the caret is.
  private func formLines(_ state: SignupState, screen: inout Screen, width: Int, messageRows: Int)
    -> (lines: [FrameLine], cursor: Position?)
  {
    let beside = width >= Self.besideWidth
    let fieldColumns = min(Self.fieldWidth, width - Self.labelWidth)
    // Under a field, a message starts under its text while that leaves it room.
    let indent = width - Self.labelWidth >= 20 ? Self.labelWidth : 2
    var lines = [
      FrameLine(spans: [
        Span("Sign up", .bold), Span("  Tab/Shift-Tab: move · Enter: next, submit · Esc: leave", .dim),
      ]).truncated(to: width),
      FrameLine(""),
    ]
    var cursor: Position?
    let bullet: (Character) -> String = { _ in "•" }
    let plain: (Character) -> String = { TerminalText.sanitize(String($0), keepTab: false) }
    let rows: [(Focus, String, (text: String, caret: Int), Span?)] = [
      (
        .username, "Username", screen.username.window(columns: fieldColumns, shown: plain),
        usernameMessage(state, screen: screen)
      ),
      (
        .password, "Password", screen.password.field.window(columns: fieldColumns, shown: bullet),
        passwordMessage(state)
      ),
      (
        .repeatPassword, "Repeat", screen.repeatPassword.field.window(columns: fieldColumns, shown: bullet),
        repeatMessage(state)
      ),
    ]
    for (row, label, text, message) in rows {
      let focused = screen.focus == row
      var spans = [
        Span(focused ? "› " : "  ", .accent),
        Span(TerminalText.pad(label, to: Self.labelWidth - 2), focused ? .bold : .plain),
        Span(TerminalText.pad(text.text, to: fieldColumns), focused ? .plain : .dim),
      ]
      if focused { cursor = Position(row: lines.count, column: min(Self.labelWidth + text.caret, width - 1)) }
      if beside, let message { spans += [Span("  "), message] }
      lines.append(FrameLine(spans: spans).truncated(to: width))
      if !beside {
        let under =
          message.map { FrameLine(spans: [$0]).wrapped(to: width - indent, rows: messageRows) } ?? [FrameLine("")]
        let margin = Span(String(repeating: " ", count: indent))
        lines += under.map { FrameLine(spans: [margin] + $0.spans) }
      }
    }
    lines.append(FrameLine(""))
    let enabled = refusal(state) == nil
    let focused = screen.focus == .submit
    lines.append(
      FrameLine(spans: [
        Span(focused ? "› " : "  ", .accent),
        Span("[ Sign up ]", enabled ? (focused ? .reverse : .bold) : .dim),
      ]).truncated(to: width))
    return (lines, cursor)
  }

  /// What a screen too small for the form shows instead of a form cut into misleading pieces.
  private static func tooSmall(width: Int, height: Int) -> [FrameLine] {
    let text =
      width < minimumWidth
      ? "The terminal is too narrow for the signup form: \(width) columns, it needs \(minimumWidth). Esc leaves."
      : "The terminal is too short for the signup form: \(height) rows, it needs \(minimumHeight(width: width)) "
        + "at this width. Esc leaves."
    return FrameLine(text, .warning).wrapped(to: width, rows: height)
  }

  /// The username's message as the state gives it; for a name that waits in the throttle, the
  /// one its text alone gives (checking, or why it is invalid).
  private func usernameMessage(_ state: SignupState, screen: Screen) -> Span? {
    let status =
      screen.username.text == state.username ? state.usernameStatus : UsernameStatus.validating(screen.username.text)
    guard let message = status.message else { return nil }
    let text = TerminalText.sanitize(message, keepTab: false)
    switch status {
    case .checking: return Span(text, .dim)
    case .available: return Span("✓ " + text, .accent)
    case .invalid: return Span(text, .warning)
    case .taken, .error: return Span(text, .error)
    case .empty: return nil
    }
  }

  private func passwordMessage(_ state: SignupState) -> Span? {
    if let message = state.passwordMessage { return Span(message, .warning) }
    return state.passwordValid ? Span("✓", .accent) : nil
  }

  private func repeatMessage(_ state: SignupState) -> Span? {
    if let message = state.repeatMessage { return Span(message, .warning) }
    return state.repeatValid ? Span("✓", .accent) : nil
  }

  /// The submission's progress and result, or why the last Enter did not submit.
  private func status(_ state: SignupState, screen: Screen) -> FrameLine {
    if let note = screen.note { return FrameLine(note, .warning) }
    if state.isSubmitting { return FrameLine("submitting...", .accent) }
    if let result = state.result {
      let message = TerminalText.sanitize(result.message, keepTab: false)
      guard result.ok else { return FrameLine(message, .error) }
      return FrameLine(spans: [Span(message, .bold), Span(" · any key to leave", .dim)])
    }
    return FrameLine("")
  }
}
