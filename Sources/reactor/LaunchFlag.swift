import ArgumentParser
import FeatureKit

/// A flag or option of `reactor` without a subcommand: its names, what follows it, its help,
/// how it sets ``LaunchOptions`` and what it checks there. Each is declared once, in ``all``.
///
/// Both parsers are made from that table. ``LaunchOptions/fastParse(_:)`` reads it for the
/// common invocations, without ArgumentParser, whose view of the flags (type lookups by mangled
/// name, reflection) is most of a daemon's start-up (Benchmarks/README.md). ArgumentParser
/// answers the rest (help, completion scripts, error messages, `replay`): each entry makes the
/// `@Option` or `@Flag` ``ReactorCommand`` would otherwise declare (``argument``), which
/// ArgumentParser finds through the command's mirror, and hands the parsed value back
/// (``decode``).
struct LaunchFlag: Sendable {
  /// What follows the name.
  enum Value: Equatable, Sendable {
    /// Nothing: a flag.
    case none
    /// A value, inline (`--timeout=5`) or as the next argument.
    case required
    /// A value, inline only (`--wait-on-rate-limit=90`); the name alone means `alone`.
    case optional(alone: String)
    /// A value, as for `required`; the option may be given again, and each value counts.
    case repeated
  }

  /// What ArgumentParser parsed of a flag.
  enum Parsed: Sendable {
    /// Sets what the flag's value (of ArgumentParser's type) sets.
    case value(@Sendable (inout LaunchOptions) -> Void)
    /// The values as given, for ``LaunchFlag/set``: those of an optional value (which
    /// ArgumentParser takes as any text) and of a repeated option (which follow the order of
    /// the arguments, not of the table).
    case texts([String])
  }

  /// The long name, without `--`.
  let name: String
  let short: Character?
  let value: Value
  /// The value's name in help (`duration` in `--timeout <duration>`).
  let valueName: String?
  /// Sets the flag (given `""`), or the option's value, in `options`; false when the value is
  /// not of the form the option takes.
  let set: @Sendable (_ options: inout LaunchOptions, _ value: String) -> Bool
  /// Why `options` are invalid as far as this flag goes (a range, an option it needs), or nil.
  /// ``LaunchOptions/validate()`` asks every flag, in the table's order.
  let check: @Sendable (LaunchOptions) -> String?
  /// The message for a value ``set`` refuses that ArgumentParser accepted: only an optional
  /// value, which ArgumentParser takes as any text, can be one.
  let malformed: @Sendable (String) -> String
  /// ArgumentParser's property wrapper for it (an `Option` or a `Flag`), as a declaration in
  /// ``ReactorCommand`` would make it.
  let argument: @Sendable () -> Any
  /// What ArgumentParser parsed of it.
  let decode: @Sendable (KeyedDecodingContainer<Key>) throws -> Parsed

  /// The name ArgumentParser knows its property by (`drainTimeout`), as if it were declared as
  /// one: it shows in `--experimental-dump-help`.
  var key: String { Self.key(name) }

  /// Whether the value may be the next argument.
  var takesSeparateValue: Bool { value == .required || value == .repeated }

  /// The flag `argument` names (`--timeout`, `--timeout=5`, `-c`, `-c=next`, as ArgumentParser
  /// reads them), and its inline value; nil for anything else (short names bundled or with a
  /// value attached without `=` among them).
  static func named(_ argument: String) -> (flag: LaunchFlag, index: Int, inline: Substring?)? {
    guard argument.hasPrefix("-") else { return nil }
    let long = argument.hasPrefix("--")
    let body = argument.dropFirst(long ? 2 : 1)
    let equals = body.firstIndex(of: "=")
    let name = body[..<(equals ?? body.endIndex)]
    let index =
      long
      ? all.firstIndex { $0.name == name }
      : name.count == 1 ? all.firstIndex { $0.short == name.first } : nil
    guard let index else { return nil }
    return (all[index], index, equals.map { body[body.index(after: $0)...] })
  }

  /// The key ArgumentParser knows each entry by: `drain-timeout` is `drainTimeout`.
  struct Key: CodingKey {
    let stringValue: String
    init(_ stringValue: String) { self.stringValue = stringValue }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }

  static func key(_ name: String) -> String {
    // On ASCII bytes: with `split` and `uppercased()` it was 1M instructions of the 14M of a
    // parse by ArgumentParser.
    var bytes: [UInt8] = []
    var upper = false
    for byte in name.utf8 {
      if byte == UInt8(ascii: "-") {
        upper = true
        continue
      }
      bytes.append(upper && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte)
      upper = false
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

// MARK: - Kinds of entries

extension LaunchFlag {
  /// A flag: `set` sets it.
  static func flag(
    _ name: String, help: String, set: @escaping @Sendable (inout LaunchOptions) -> Void,
    check: @escaping @Sendable (LaunchOptions) -> String? = { _ in nil }
  ) -> LaunchFlag {
    LaunchFlag(
      name: name, short: nil, value: .none, valueName: nil,
      set: { options, _ in
        set(&options)
        return true
      }, check: check, malformed: { _ in "" },
      argument: { Flag(wrappedValue: false, name: .customLong(name), help: ArgumentHelp(help)) },
      decode: { container in
        let given = try container.decode(Flag<Bool>.self, forKey: Key(key(name))).wrappedValue
        return .value { if given { set(&$0) } }
      })
  }

  /// An option whose value, read as ArgumentParser reads an `Argument`, `set` sets; `get` reads
  /// it, for the default `--help` shows.
  static func option<Argument: ExpressibleByArgument & Sendable>(
    _ name: String, valueName: String, parsing: SingleValueParsingStrategy = .next, help: String,
    get: @escaping @Sendable (LaunchOptions) -> Argument,
    set: @escaping @Sendable (inout LaunchOptions, Argument) -> Void,
    check: @escaping @Sendable (LaunchOptions) -> String? = { _ in nil }
  ) -> LaunchFlag {
    LaunchFlag(
      name: name, short: nil, value: .required, valueName: valueName,
      set: { options, text in
        guard let value = Argument(argument: text) else { return false }
        set(&options, value)
        return true
      }, check: check, malformed: { _ in "" },
      argument: {
        Option(
          wrappedValue: get(.defaults), name: .customLong(name), parsing: parsing,
          help: ArgumentHelp(help, valueName: valueName))
      },
      decode: { container in
        let value = try container.decode(Option<Argument>.self, forKey: Key(key(name))).wrappedValue
        return .value { set(&$0, value) }
      })
  }

  /// An option without a default (its field is nil until given) whose value, read as
  /// ArgumentParser reads an `Argument`, `set` sets; `completion` is what a shell's Tab offers
  /// for it (`.file()` for a path).
  static func option<Argument: ExpressibleByArgument & Sendable>(
    _ name: String, valueName: String, parsing: SingleValueParsingStrategy = .next, help: String,
    completion: CompletionKind? = nil,
    set: @escaping @Sendable (inout LaunchOptions, Argument) -> Void,
    check: @escaping @Sendable (LaunchOptions) -> String? = { _ in nil }
  ) -> LaunchFlag {
    LaunchFlag(
      name: name, short: nil, value: .required, valueName: valueName,
      set: { options, text in
        guard let value = Argument(argument: text) else { return false }
        set(&options, value)
        return true
      }, check: check, malformed: { _ in "" },
      argument: {
        Option<Argument?>(
          name: .customLong(name), parsing: parsing, help: ArgumentHelp(help, valueName: valueName),
          completion: completion)
      },
      decode: { container in
        let value = try container.decode(Option<Argument?>.self, forKey: Key(key(name))).wrappedValue
        return .value { if let value { set(&$0, value) } }
      })
  }

  /// An option whose value is a duration (`500ms`, `5s`, `1m`, a bare number of seconds).
  static func duration(
    _ name: String, help: String, get: @escaping @Sendable (LaunchOptions) -> Double,
    set: @escaping @Sendable (inout LaunchOptions, Double) -> Void,
    check: @escaping @Sendable (LaunchOptions) -> String?
  ) -> LaunchFlag {
    // Unconditional: `--throttle -1` is a value out of range, not a missing one.
    option(
      name, valueName: "duration", parsing: .unconditional, help: help, get: { Seconds(get($0)) },
      set: { set(&$0, $1.value) }, check: check)
  }

  /// An option with a short name too that may be given again, each value given to `set`, in the
  /// order of the arguments.
  static func repeated(
    _ name: String, short: Character, valueName: String, help: String, completion: CompletionKind? = nil,
    set: @escaping @Sendable (inout LaunchOptions, String) -> Void
  ) -> LaunchFlag {
    LaunchFlag(
      name: name, short: short, value: .repeated, valueName: valueName,
      set: { options, text in
        set(&options, text)
        return true
      }, check: { _ in nil }, malformed: { _ in "" },
      argument: {
        Option<[String]>(
          wrappedValue: [], name: [.customShort(short), .customLong(name)],
          help: ArgumentHelp(help, valueName: valueName), completion: completion)
      },
      decode: { container in .texts(try container.decode(Option<[String]>.self, forKey: Key(key(name))).wrappedValue) })
  }

  /// An option whose value is optional, and then inline: the name alone means `alone`. To
  /// ArgumentParser, which has no such options, its value is any text (`main` gives a bare name
  /// its value first, see ``LaunchOptions/expandingOptionalValues(_:)``): `parse` reads it, and
  /// `malformed` says what is wrong with a value it cannot read.
  static func optionalValue<Read: Sendable>(
    _ name: String, valueName: String, alone: String, help: String, parse: @escaping @Sendable (String) -> Read?,
    malformed: @escaping @Sendable (String) -> String, set: @escaping @Sendable (inout LaunchOptions, Read) -> Void,
    check: @escaping @Sendable (LaunchOptions) -> String?
  ) -> LaunchFlag {
    LaunchFlag(
      name: name, short: nil, value: .optional(alone: alone), valueName: valueName,
      set: { options, text in
        guard let value = parse(text) else { return false }
        set(&options, value)
        return true
      }, check: check, malformed: malformed,
      argument: {
        Option<String?>(name: .customLong(name), help: ArgumentHelp(help, valueName: valueName))
      },
      decode: { container in
        .texts(try container.decode(Option<String?>.self, forKey: Key(key(name))).wrappedValue.map { [$0] } ?? [])
      })
  }
}

extension LaunchFlag {
  /// A feature's setting (``FeatureSetting``): the value as given, which its check reads as
  /// the setting does.
  static func setting(_ setting: FeatureSetting) -> LaunchFlag {
    let name = setting.name
    return LaunchFlag(
      name: name, short: nil, value: .required, valueName: setting.valueName,
      set: { options, text in
        options.features[name] = text
        return true
      },
      check: { options in
        guard let text = options.features[name], setting.canonical(text) == nil else { return nil }
        return "--\(name) expects \(setting.expected), got '\(text)'"
      }, malformed: { _ in "" },
      argument: {
        Option<String?>(
          name: .customLong(name), parsing: setting.takesAnyValue ? .unconditional : .next,
          help: ArgumentHelp(setting.help, valueName: setting.valueName),
          completion: setting.choices.isEmpty ? nil : .list(setting.choices))
      },
      decode: { container in
        let value = try container.decode(Option<String?>.self, forKey: Key(key(name))).wrappedValue
        return .value { if let value { $0.features[name] = value } }
      })
  }
}

// MARK: - The fast path

extension LaunchOptions {
  /// The options `arguments` (without the program name) ask for, if they are only the flags
  /// of ``LaunchFlag/all`` and command words, each flag at most once (unless it repeats), every
  /// value well formed, not empty and not starting with `-`, and the result valid; nil
  /// otherwise (help, subcommands, other names, errors: all of those are ArgumentParser's to
  /// answer).
  static func fastParse(_ arguments: some Collection<String>) -> LaunchOptions? {
    var options = LaunchOptions()
    // The indexes of the flags given, in an array: a Set (of their names, then) cost a
    // conformance lookup at first use, which start-up paid (Benchmarks/README.md).
    var seen: [Int] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      guard argument.hasPrefix("-") else {
        // Words that are not options make the command, wherever they are. A first word
        // `replay` is ArgumentParser's (the subcommand).
        guard !(options.words.isEmpty && argument == "replay") else { return nil }
        options.words.append(argument)
        continue
      }
      guard let (flag, index, inline) = LaunchFlag.named(argument) else { return nil }
      guard flag.value == .repeated || !seen.contains(index) else { return nil }
      seen.append(index)
      let value: String
      switch flag.value {
      case .none:
        guard inline == nil else { return nil }
        value = ""
      case .optional(let alone):
        value = inline.map(String.init) ?? alone
      case .required, .repeated:
        guard let given = inline.map(String.init) ?? rest.popFirst(), !given.isEmpty, !given.hasPrefix("-") else {
          return nil
        }
        value = given
      }
      guard flag.set(&options, value) else { return nil }
    }
    guard (try? options.validate()) != nil, subcommandHelp(options.words) == nil else { return nil }
    return options
  }

  /// The arguments with a bare option whose value is optional (`--wait-on-rate-limit`) given
  /// its value, since ArgumentParser has no such options.
  static func expandingOptionalValues(_ arguments: some Collection<String>) -> [String] {
    arguments.map { argument in
      guard let (flag, _, inline) = LaunchFlag.named(argument), inline == nil, case .optional(let alone) = flag.value
      else { return argument }
      return argument + "=" + alone
    }
  }
}
