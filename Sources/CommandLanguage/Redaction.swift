/// Keeps passwords out of everything a session writes down: history and transcripts.
package enum Redaction {
  /// What history keeps in place of a secret. The parser refuses it as a secret
  /// (``CommandError/redactedSecret(command:)``), so a recalled line can never submit it.
  package static let placeholder = "<redacted>"

  /// Quotes a word for the command language if it needs it. Works on Unicode scalars, as the
  /// tokenizer does: a quote followed by a combining mark is still a quote.
  package static func quote(_ word: String) -> String {
    let special = "'\"\\#&".unicodeScalars
    let scalars = word.unicodeScalars
    if !scalars.isEmpty, !scalars.contains(where: { $0.properties.isWhitespace || special.contains($0) }) {
      return word
    }
    var quoted = String.UnicodeScalarView()
    quoted.append("'")
    for scalar in scalars {
      if scalar == "'" { quoted.append(contentsOf: "'\\''".unicodeScalars) } else { quoted.append(scalar) }
    }
    quoted.append("'")
    return String(quoted)
  }
}

/// Keeping passwords out of history and transcripts, by the table's secret positions.
extension CommandTable {
  /// True when `verb` (or its alias) takes secret arguments (``CommandSpec/secretsFrom``).
  package func isSecretVerb(_ verb: String) -> Bool {
    spec(for: verb)?.secretsFrom != nil
  }

  /// The line with every secret argument replaced by `<redacted>`, for history. A line that
  /// does not parse is kept only if it names no secret verb.
  package func forHistory(_ line: String) -> String {
    // A history line is the whole input, perhaps with a background `&`, split off by the
    // shell's own rule.
    let (command, background) = Tokenizer.splitBackground(line)
    let redacted = redact(
      command, unparseable: { verb, _ in verb + " " + Redaction.placeholder },
      replacement: { _ in Redaction.placeholder })
    return redacted == command ? line : redacted + (background ? " &" : "")
  }

  /// True when the line carries a secret argument.
  package func hasSecrets(_ line: String) -> Bool { forHistory(line) != line }

  /// The command with every secret argument replaced by a placeholder of the same length and a
  /// fill character unique to that secret in the session (`*****`, `+++++`, ...), so a
  /// transcript replays the same validation (length, equality) without holding any password.
  /// `line` is one command, its background `&` already split off (`Tokenizer.splitBackground`);
  /// what comes back parses, or fails, exactly as `line` does.
  package func forTranscript(_ line: String, placeholders: inout [String: String]) -> String {
    var known = placeholders
    // An unparseable line stays unparseable in the same way, so it replays the same error:
    // the command the syntax error names (plain text), then what made it fail.
    let result = redact(
      line,
      unparseable: { verb, failure in
        switch failure {
        // Quoted when it needs it: a verb that was quoted on the line (`'#x`) must not start a
        // comment in the transcript.
        case .unterminatedQuote(let quote): Redaction.quote(CommandParser.syntaxErrorVerb(line)) + " " + String(quote)
        case .trailingBackslash: Redaction.quote(CommandParser.syntaxErrorVerb(line)) + " \\"
        case nil: Redaction.quote(verb)
        }
      },
      replacement: { secret in
        if let placeholder = known[secret] { return placeholder }
        let placeholder = secret.isEmpty ? "''" : Self.placeholder(for: secret, besides: known)
        known[secret] = placeholder
        return placeholder
      })
    placeholders = known
    return result
  }

  /// Same length, one fill character per distinct secret, never the secret itself (a password
  /// of stars would be written down as it is) nor, while there are fills left, another secret's
  /// placeholder; after 34 distinct secrets of one length in a session the characters repeat
  /// (equal-length secrets could then look equal).
  private static func placeholder(for secret: String, besides known: [String: String]) -> String {
    let fills = Array("*+=~@^%!ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    let candidates = fills.indices.map {
      String(repeating: fills[(known.count + $0) % fills.count], count: secret.count)
    }
    let taken = Set(known.values)
    // At most one fill spells the secret, so the second search always finds one.
    return candidates.first { $0 != secret && !taken.contains($0) } ?? candidates.first { $0 != secret }!
  }

  private func redact(
    _ body: String, unparseable: (String, Tokenizer.Failure?) -> String, replacement: (String) -> String
  ) -> String {
    let parsed = Result { () throws(Tokenizer.Failure) -> [String] in try Tokenizer.split(body) }
    guard let words = try? parsed.get(), !words.isEmpty else {
      // Unparseable: if it starts with a secret verb, quoted or not, keep only the verb (and
      // the failure).
      let first = CommandParser.syntaxErrorVerb(body)
      let topic = body.split(whereSeparator: \.isWhitespace).dropFirst().first.map(String.init) ?? ""
      guard secretPositions(first, [topic, ""]) != nil else { return body }
      if case .failure(let failure) = parsed { return unparseable(first, failure) }
      return unparseable(first, nil)
    }
    return redact(words: words, of: body, replacement: replacement)
  }

  /// `body`, split into `words` (at least one), with its secret words replaced; `body` itself
  /// when it has none.
  func redact(words: [String], of body: String, replacement: (String) -> String) -> String {
    let verbWord = words[0]
    // A quoted verb (`'signup bob hunter22 hunter22'`) names no command, but the words inside
    // it are read as if unquoted: a secret verb there makes the words after it secrets too.
    let inner = verbWord.unicodeScalars.split(whereSeparator: Tokenizer.isSeparator).map {
      String(String.UnicodeScalarView($0))
    }
    let arguments = Array(inner.dropFirst() + words.dropFirst())
    guard let verb = inner.first, let positions = secretPositions(verb, arguments) else { return body }
    // A secret verb with the rest glued on (`password=hunter22`): the rest is a secret too.
    let glued = redactGlued(verb, replacement)
    let topicNamed = spec(for: verb)?.namesACommand == true
    var verbParts = [glued ?? verb]
    var out: [String] = []
    for (index, word) in arguments.enumerated() {
      var kept = positions.contains(index) ? replacement(word) : word
      // `help password=hunter22`: the verb it names has the rest glued on.
      if index == 0, topicNamed, !positions.contains(0), let topic = redactGlued(word, replacement) { kept = topic }
      // The verb's own parts stay one word, as they were typed.
      if index < inner.count - 1 {
        verbParts.append(kept)
      } else {
        out.append(positions.contains(index) ? kept : Redaction.quote(kept))
      }
    }
    let head = verbParts.count > 1 || glued != nil ? verbParts.joined(separator: " ") : verbWord
    return ([Redaction.quote(head)] + out).joined(separator: " ")
  }

  /// Which `arguments` of `verb` are secret: the table's positions; every word after a secret
  /// verb that `verb` names (`help signup bob hunter22`); or every argument of a mistyped verb
  /// that looks like a secret one, or begins with one (`passwrd hunter22`, `password=hunter22`).
  func secretPositions(_ verb: String, _ arguments: [String]) -> Set<Int>? {
    let count = arguments.count
    if let spec = spec(for: verb) {
      if let first = spec.secretsFrom { return Set(first..<max(first, count)) }
      guard spec.namesACommand, let topic = arguments.first else { return nil }
      // The topic's glued rest is redacted by `redact(words:of:replacement:)`.
      if gluedSecretVerb(topic) != nil { return Set(1..<max(1, count)) }
      guard count > 1, secretPositions(topic, []) != nil else { return nil }
      return Set(1..<count)
    }
    if gluedSecretVerb(verb) != nil { return Set(0..<count) }
    guard let guess = Suggestions.closest(to: verb, in: verbs),
      spec(for: guess)?.secretsFrom != nil
    else { return nil }
    return Set(0..<count)
  }

  /// `word` with the rest after the secret verb it begins with replaced; nil if it begins with
  /// none (``gluedSecretVerb(_:)``).
  private func redactGlued(_ word: String, _ replacement: (String) -> String) -> String? {
    gluedSecretVerb(word).map { String(word.prefix($0.count)) + replacement(String(word.dropFirst($0.count))) }
  }

  /// The secret verb (or alias) `word` begins with, when `word` is longer and names no verb
  /// itself: what follows it may be the password (`password=hunter22`, `PASSWORDhunter22`).
  func gluedSecretVerb(_ word: String) -> String? {
    guard spec(for: word) == nil else { return nil }
    let lowered = word.lowercased()
    for spec in all where spec.secretsFrom != nil {
      for name in [spec.name] + spec.aliases where lowered.count > name.count && lowered.hasPrefix(name) {
        return name
      }
    }
    return nil
  }
}
