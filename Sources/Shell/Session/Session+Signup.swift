import ReactorCore
import ReactorJSON
import Rendering
import SignupFeature

// MARK: - Handlers of the signup commands (`username` goes straight to the store)

extension Session {
  /// `submit`: fails when it was refused or the submission failed.
  ///
  /// A refusal (a submission in flight, or a field not valid) is an error record with the code
  /// `submit-refused`, judged here before the action is sent: the reactor's own refusal is a
  /// notice, which would not make the failure visible on the error path.
  func submit(tag: JSONValue?) -> Execution {
    let signup = signup
    let state = signup.currentState
    let problems = state.submitProblems
    if state.isSubmitting || !problems.isEmpty {
      let message =
        state.isSubmitting ? "a submission is already in flight" : "cannot submit: " + problems.joined(separator: "; ")
      configuration.sink.write([records.error(code: "submit-refused", message: message, feature: "signup").tagged(tag)])
      return .done(.error)
    }
    let task = signup.send(.submit, tag: tag)
    return .task(
      Task(executorPreference: configuration.executor) {
        let completion = await task.finish()
        if completion == .cancelled { return .cancelled }
        guard completion != .error, signup.currentState.result?.ok == true else { return .error }
        return .ok
      })
  }

  /// `signup`: `username`, `password`, `repeat` and `submit` in a row; fails if any did.
  func signup(_ name: String, _ password: String, _ repeatPassword: String, tag: JSONValue?) -> Execution {
    let signup = signup
    let submitting = submit
    return .task(
      Task(executorPreference: configuration.executor) {
        var failed = false
        for action in [
          SignupReactor.Action.updateUsername(name), .updatePassword(password), .updateRepeat(repeatPassword),
        ] {
          if await signup.send(action, tag: tag).finish() == .error { failed = true }
        }
        let completion = await submitting(tag).finish()
        return failed ? .error : completion
      })
  }

  /// `password` / `repeat`: the given text, or a prompt without echo on a terminal.
  func secret(
    _ text: String?, prompt: String, command: String, tag: JSONValue?,
    action: @escaping @Sendable (String) -> SignupReactor.Action
  ) -> Execution {
    if let text { return .store(signup.send(action(text), tag: tag)) }
    guard let ask = configuration.promptSecret else {
      configuration.sink.write([
        records.error(
          code: "missing-argument", message: "\(command): expected a password (it can only be asked for on a terminal)"
        )
        .tagged(tag)
      ])
      return .done(.error)
    }
    let signup = signup
    return .task(
      Task.detached {
        guard let answer = ask(prompt) else { return .error }
        return await signup.send(action(answer), tag: tag).finish() == .error ? .error : .ok
      })
  }
}
