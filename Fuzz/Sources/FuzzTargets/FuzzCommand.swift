import CommandLanguage
import FeatureKit
import FeatureList
import Shell
import SignupFeature

/// The command language of the executable's features.
private let commands = CommandTable<SessionCommand>(features: Features.all)

// Tokenizer.split, CommandParser.parse and Redaction on arbitrary text (the bytes decoded as
// UTF-8, invalid sequences replaced), the way the shell meets a typed or piped line.
//
// Properties checked besides "never traps":
// - for a line that parses to a command carrying a password, Redaction.forHistory's line
//   splits into the words typed, with `<redacted>` exactly where the passwords were (the verb
//   as typed, whatever its case), and keeps the background `&`;
// - Redaction.forTranscript keeps the command's shape: same verb, same non-secret arguments,
//   and each secret replaced by a placeholder of the same length that is not the secret (an
//   empty one excepted), equal secrets by equal placeholders; a line that fails to parse fails
//   the same way after it, with the same message (so a replay prints the same error).

package func fuzzCommand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let line = String(decoding: bytes(data, size), as: UTF8.self)
  _ = try? Tokenizer.split(line)
  let (body, background) = Tokenizer.splitBackground(line)
  let command: SessionCommand?
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
  guard let command, case (let secrets, let positions)? = secretArguments(of: command), !line.contains("\n"),
    !line.contains("\r"), let words = try? Tokenizer.split(body)
  else {
    return 0
  }

  // History: the words typed, `<redacted>` exactly at the secrets' positions. Compared as
  // scalars, positionally: a secret may equal the verb as typed (`signuP x signuP y`) or
  // another word, which must stay.
  let (historyBody, historyBackground) = Tokenizer.splitBackground(history)
  guard let historyWords = try? Tokenizer.split(historyBody) else {
    require(false, "forHistory(\(line.debugDescription)) = \(history.debugDescription) does not split into words")
    return 0
  }
  let expected = words.indices.map { positions.contains($0) ? "<redacted>" : words[$0] }
  require(
    historyWords.map { Array($0.unicodeScalars) } == expected.map { Array($0.unicodeScalars) }
      && historyBackground == background,
    "forHistory(\(line.debugDescription)) = \(history.debugDescription), not the words \(expected)"
      + (background ? " &" : ""))

  // Transcript: the same command, secrets replaced by same-length placeholders.
  var placeholders: [String: String] = [:]
  let redacted = commands.forTranscript(body, placeholders: &placeholders)
  let replayed: SessionCommand?
  do {
    replayed = try commands.parse(redacted)
  } catch {
    require(
      false, "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription) does not parse: \(error.message)")
    return 0
  }
  guard let replayed, case (let replayedSecrets, _)? = secretArguments(of: replayed) else {
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
    require(
      secret.isEmpty || Array(placeholder.unicodeScalars) != Array(secret.unicodeScalars),
      "forTranscript(\(body.debugDescription)) = \(redacted.debugDescription) kept the secret \(secret.debugDescription)"
    )
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

/// The password arguments of a command and the positions of their words on its line (the
/// verb is word 0), or nil when it carries none. From the command's shape, not the table's
/// `secretsFrom`, so that a wrong table is caught too.
private func secretArguments(of command: SessionCommand) -> (secrets: [String], positions: Set<Int>)? {
  guard case .feature(let feature) = command, let signup = feature.command(of: SignupView.self) else { return nil }
  return switch signup {
  case .password(let secret?), .repeatPassword(let secret?): ([secret], [1])
  case .signup(_, let password, let repeated): ([password, repeated], [2, 3])
  default: nil
  }
}

private func nonSecretWords(of command: SessionCommand) -> [String] {
  guard case .feature(let feature) = command, case .signup(let username, _, _) = feature.command(of: SignupView.self)
  else { return [] }
  return [username]
}

/// The table's name for the verb `line` starts with, if it has one.
private func verb(of line: String) -> String? {
  (try? Tokenizer.split(line))?.first.flatMap(commands.spec(for:))?.name
}
