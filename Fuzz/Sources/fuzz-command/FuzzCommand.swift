import CommandLanguage
import FeatureList
import FuzzSupport
import ReactorView
import Shell
import SignupFeature

/// The command language of the executable's features.
private let commands = CommandTable<Command>(features: Features.all)

// Tokenizer.split, CommandParser.parse and Redaction on arbitrary text (the bytes decoded as
// UTF-8, invalid sequences replaced), the way the shell meets a typed or piped line.
//
// Properties checked besides "never traps":
// - for a line that parses to a command carrying a password, Redaction.forHistory's line
//   still splits into words, and the password is not one of them;
// - Redaction.forTranscript keeps the command's shape: same verb, same non-secret arguments,
//   and each secret replaced by a placeholder of the same length, equal secrets by equal
//   placeholders; a line that fails to parse fails the same way after it, with the same
//   message (so a replay prints the same error).

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let line = String(decoding: bytes(data, size), as: UTF8.self)
  _ = try? Tokenizer.split(line)
  let (body, _) = Tokenizer.splitBackground(line)
  let command: Command?
  do {
    command = try commands.parse(body)
  } catch {
    _ = error.code
    // A typed line never holds a line break.
    if !line.contains("\n"), !line.contains("\r") {
      var placeholders: [String: String] = [:]
      let redacted = commands.forTranscript(body, placeholders: &placeholders)
      do {
        _ = try commands.parse(redacted)
        require(
          false,
          "\(body.debugDescription) fails (\(error.message)) but its transcript form \(redacted.debugDescription) parses"
        )
      } catch let replayed {
        require(
          replayed.message == error.message,
          "\(body.debugDescription) fails with \"\(error.message)\", its transcript form \(redacted.debugDescription) with \"\(replayed.message)\""
        )
      }
    }
    command = nil
  }
  let history = commands.forHistory(line)
  _ = commands.hasSecrets(line)
  guard let command, let secrets = secretArguments(of: command), !line.contains("\n"), !line.contains("\r") else {
    return 0
  }

  // History: the secrets are gone.
  let (historyBody, _) = Tokenizer.splitBackground(history)
  guard let historyWords = try? Tokenizer.split(historyBody) else {
    require(false, "forHistory(\(line.debugDescription)) = \(history.debugDescription) does not split into words")
    return 0
  }
  let others = Set(nonSecretWords(of: command) + [verb(of: body) ?? "", "<redacted>"])
  for secret in secrets where !others.contains(secret) {
    require(
      !historyWords.contains(secret),
      "forHistory kept the secret \(secret.debugDescription): \(history.debugDescription)")
  }

  // Transcript: the same command, secrets replaced by same-length placeholders.
  var placeholders: [String: String] = [:]
  let redacted = commands.forTranscript(body, placeholders: &placeholders)
  let replayed: Command?
  do {
    replayed = try commands.parse(redacted)
  } catch {
    require(
      false, "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription) does not parse: \(error.message)")
    return 0
  }
  guard let replayed, let replayedSecrets = secretArguments(of: replayed) else {
    require(false, "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription) lost the command")
    return 0
  }
  require(verb(of: redacted) == verb(of: body), "forTranscript changed the verb: \(redacted.debugDescription)")
  require(
    nonSecretWords(of: replayed) == nonSecretWords(of: command),
    "forTranscript changed an argument: \(redacted.debugDescription)")
  require(replayedSecrets.count == secrets.count, "forTranscript changed the arguments: \(redacted.debugDescription)")
  for (secret, placeholder) in zip(secrets, replayedSecrets) {
    require(
      placeholder.count == secret.count,
      "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription): placeholder of another length")
  }
  for i in secrets.indices {
    for j in secrets.indices where i < j {
      require(
        (secrets[i] == secrets[j]) == (replayedSecrets[i] == replayedSecrets[j]),
        "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription): equality of secrets not kept")
    }
  }
  return 0
}

/// The password arguments of a command, or nil when it carries none.
private func secretArguments(of command: Command) -> [String]? {
  guard case .feature(let feature) = command, let signup = feature.command(of: SignupView.self) else { return nil }
  return switch signup {
  case .password(let secret?), .repeatPassword(let secret?): [secret]
  case .signup(_, let password, let repeated): [password, repeated]
  default: nil
  }
}

private func nonSecretWords(of command: Command) -> [String] {
  guard case .feature(let feature) = command, case .signup(let username, _, _) = feature.command(of: SignupView.self)
  else { return [] }
  return [username]
}

/// The table's name for the verb `line` starts with, if it has one.
private func verb(of line: String) -> String? {
  (try? Tokenizer.split(line))?.first.flatMap(commands.spec(for:))?.name
}
