package import GitHubClient
package import Rendering

/// What a new recording of a transcript (`replay --rerecord`) would lose: the commands that now
/// fail for a reason outside the transcript (GitHub unreachable or failing, the credentials
/// refused, a rate limit) where the old recording had no failure of that kind. Taking such a
/// run would replace answers with errors, so the rerecord keeps the old files unless forced.
package struct RerecordLoss: Sendable, Equatable {
  /// A failure of GitHub's or the network's making that a command printed.
  package struct Failure: Sendable, Equatable {
    package var category: GitHubError.Category
    package var code: String
    package var message: String

    package init(category: GitHubError.Category, code: String, message: String) {
      self.category = category
      self.code = code
      self.message = message
    }
  }

  /// A command that has a failure now that its old recording had no failure of the kind of.
  package struct LostCommand: Sendable, Equatable {
    package var input: String
    package var failure: Failure
  }

  package var commands: [LostCommand]

  /// The exit status of the first lost command's failure (3, 4 or 5, as reactor(1) says).
  package var status: Int32 { ExitStatus(failureCode: commands.first?.failure.code).rawValue }

  /// The failures of GitHub's making among a command's output `lines`, in order.
  package static func failures(in lines: [OutputLine]) -> [Failure] {
    lines.compactMap { line in
      guard let record = line.keptRecord, record["type"] == .string("error"),
        case .string(let code)? = record["code"], let category = GitHubError.category(ofCode: code),
        [.network, .authentication, .rateLimit].contains(category)
      else { return nil }
      let message: String
      if case .string(let text)? = record["message"] { message = text } else { message = code }
      return Failure(category: category, code: code, message: message)
    }
  }

  /// The loss from `old` to `new` (each command's ``failures(in:)``, in the order of `inputs`),
  /// or nil when nothing is lost. `old` is nil when the old recording could not be replayed:
  /// then every such failure counts, since nothing shows that the recording had it too.
  package static func between(old: [[Failure]]?, new: [[Failure]], inputs: [String]) -> RerecordLoss? {
    var commands: [LostCommand] = []
    for (index, failures) in new.enumerated() {
      let before = (old.flatMap { index < $0.count ? $0[index] : nil } ?? []).map(\.category)
      guard let lost = failures.first(where: { !before.contains($0.category) }) else { continue }
      commands.append(LostCommand(input: index < inputs.count ? inputs[index] : "", failure: lost))
    }
    return commands.isEmpty ? nil : RerecordLoss(commands: commands)
  }

  /// One line per lost command: `  > query swift: offline: Could not reach GitHub ...`.
  package var lines: [String] {
    commands.map { command in
      "  > \(command.input): \(command.failure.code): \(TerminalText.sanitize(command.failure.message, keepTab: false))"
    }
  }
}
