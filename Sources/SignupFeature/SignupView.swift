package import CommandLanguage
package import FeatureKit
import GitHubClient
package import ReactorCore
import ReactorJSON
import Rendering

/// The feature's entry in the list the executable runs (`Features.all`, made from Package.swift).
package let feature = Feature(SignupView.self, live: SignupLiveView.self)

/// The signup form's View: its verbs, which words are passwords, and the prompt without echo.
package final class SignupView: StoreView {
  package enum Command: Sendable, Equatable {
    /// An action sent as it is (`username`): a verb that makes one needs no case here.
    case send(SignupReactor.Action)
    /// nil: prompt for it without echo (terminals only).
    case password(String?)
    case repeatPassword(String?)
    case submit
    case signup(username: String, password: String, repeat: String)
  }

  package static let name = "signup"
  package static let cancelAction: SignupReactor.Action? = .cancel

  package static let verbs: [CommandSpec<Command>] = [
    CommandSpec(
      "username", usage: "[<name>]", summary: "set the signup username (checks availability)",
      discussion:
        "Letters and digits only. Checks GET /users/<name>: taken or available. A newer name cancels the check in flight.",
      arity: 0...1
    ) { .send(.updateUsername($0.first ?? "")) },
    CommandSpec(
      "password", usage: "[<password>]", summary: "set the signup password (prompts on a terminal)",
      discussion:
        "At least 5 characters. Without an argument on a terminal, asks without echo. Never printed, recorded or kept in history.",
      arity: 0...1, secretsFrom: 0
    ) { .password($0.first) },
    CommandSpec(
      "repeat", usage: "[<password>]", summary: "repeat the signup password",
      discussion: "Must equal the password; checked again whenever the password changes.",
      arity: 0...1, secretsFrom: 0
    ) { .repeatPassword($0.first) },
    CommandSpec(
      "submit", summary: "submit the signup form",
      discussion: "Only when all three fields are valid; otherwise says which are not. One submission at a time."
    ) { _ in .submit },
    CommandSpec(
      "signup", usage: "<name> <password> <repeat>", summary: "fill the signup form, wait for validation, submit",
      discussion:
        "The same as username, password, repeat and submit in a row; says what is not valid instead of submitting.",
      arity: 3...3, secretsFrom: 1
    ) { .signup(username: $0[0], password: $0[1], repeat: $0[2]) },
  ]

  private let host: any FeatureHost
  package let store: Store<SignupReactor>

  package init(host: any FeatureHost) {
    self.host = host
    store = Self.makeStore(host: host)
  }

  /// The form's store on `host`'s simulated server, rendering each change as the REPL prints it;
  /// `observe` sees each state after its change (the live View's redraws).
  static func makeStore(host: any FeatureHost, observe: (@Sendable (SignupState) -> Void)? = nil) -> Store<
    SignupReactor
  > {
    let settings = host.settings
    let service = SimulatedSignupService(
      failureRate: settings.signupFailureRate, latency: settings.signupLatency,
      random: SeededGenerator(seed: settings.seed), time: host.time)
    let text = SignupText(options: host.records.options)
    return host.stores.store(
      SignupReactor(client: host.client, service: service),
      render: { transition, state in
        defer { observe?(state) }
        return text.render(transition, state: state)
      })
  }

  package func run(_ command: Command, sink: TaggingSink) -> Execution {
    switch command {
    case .send(let action): .store(store.send(action, tag: sink.tag))
    case .password(let text):
      secret(text, prompt: "password: ", command: "password", sink: sink) { .updatePassword($0) }
    case .repeatPassword(let text):
      secret(text, prompt: "repeat password: ", command: "repeat", sink: sink) { .updateRepeat($0) }
    case .submit: submit(tag: sink.tag)
    case .signup(let name, let password, let repeatPassword): signup(name, password, repeatPassword, tag: sink.tag)
    }
  }

  // MARK: - Commands

  /// `submit`: fails when it was refused or the submission failed.
  ///
  /// A refusal (a submission in flight, or a field not valid) is an error record with the code
  /// `submit-refused`, judged here before the action is sent: the reactor's own refusal is a
  /// notice, which would not make the failure visible on the error path.
  private func submit(tag: JSONValue?) -> Execution {
    let store = store
    let state = store.currentState
    let problems = state.submitProblems
    if state.isSubmitting || !problems.isEmpty {
      let message =
        state.isSubmitting ? "a submission is already in flight" : "cannot submit: " + problems.joined(separator: "; ")
      host.write([host.records.error(code: "submit-refused", message: message, feature: Self.name).tagged(tag)])
      return .done(.error)
    }
    let task = store.send(.submit, tag: tag)
    return .task(
      Task(executorPreference: host.executor) {
        let completion = await task.finish()
        if completion == .cancelled { return .cancelled }
        guard completion != .error, store.currentState.result?.ok == true else { return .error }
        return .ok
      })
  }

  /// `signup`: `username`, `password`, `repeat` and `submit` in a row; fails if any did.
  private func signup(_ name: String, _ password: String, _ repeatPassword: String, tag: JSONValue?) -> Execution {
    let store = store
    let submitting = submit
    return .task(
      Task(executorPreference: host.executor) {
        var failed = false
        for action in [
          SignupReactor.Action.updateUsername(name), .updatePassword(password), .updateRepeat(repeatPassword),
        ] {
          if await store.send(action, tag: tag).finish() == .error { failed = true }
        }
        let completion = await submitting(tag).finish()
        return failed ? .error : completion
      })
  }

  /// `password` / `repeat`: the given text, or a prompt without echo on a terminal.
  private func secret(
    _ text: String?, prompt: String, command: String, sink: TaggingSink,
    action: @escaping @Sendable (String) -> SignupReactor.Action
  ) -> Execution {
    let tag = sink.tag
    if let text { return .store(store.send(action(text), tag: tag)) }
    guard let ask = host.promptSecret else {
      sink.write([
        host.records.error(
          code: "missing-argument", message: "\(command): expected a password (it can only be asked for on a terminal)")
      ])
      return .done(.error)
    }
    let store = store
    return .task(
      Task.detached {
        guard let answer = ask(prompt) else { return .error }
        return await store.send(action(answer), tag: tag).finish() == .error ? .error : .ok
      })
  }
}
