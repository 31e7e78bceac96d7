/// The completion scripts ArgumentParser writes, made to reach `live` and `replay`: their
/// parsers give every positional word to the root's command words, so `reactor replay --j`
/// offered the root's `--json` and `reactor replay <Tab>` no files. Each patch finds the line
/// it follows and leaves the script as it was when that line is not there (a test checks that
/// each shell offers the subcommands' own flags).
enum CompletionScripts {
  /// `script` with the subcommands reachable, when it is bash's or fish's.
  static func patched(_ script: String) -> String {
    bash(fish(script))
  }

  /// The subcommands as bash sees them.
  private static let subcommands = "live|replay"

  /// In `_reactor`, after the root's options are read with every word a positional one, read
  /// them again with none: a first word `live` or `replay` followed by another word is the
  /// subcommand, completed by its own function.
  static func bash(_ script: String) -> String {
    let anchor = "    __reactor_offer_flags_options -1\n"
    guard script.contains("\n_reactor() {"), script.contains(anchor) else { return script }
    let dispatch = """
          local -a reactor_root_reply=("${COMPREPLY[@]}")
          COMPREPLY=()
          unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")
          __reactor_offer_flags_options 0
          if [[ "${positional_number}" -eq -2 && "${#unparsed_words[@]}" -gt 1 ]]; then
              case "${unparsed_words[0]}" in
              \(subcommands))
                  local -r reactor_subcommand="${unparsed_words[0]}"
                  unparsed_words=("${unparsed_words[@]:1}")
                  "_reactor_${reactor_subcommand}"
                  return
                  ;;
              esac
          fi
          COMPREPLY=("${reactor_root_reply[@]}")

      """
    return script.replacing(anchor, with: anchor + dispatch, maxReplacements: 1)
  }

  /// In `__reactor_parse_tokens`, the root's words stop at the first one, so that the
  /// `switch` after it sees `live` or `replay`.
  static func fish(_ script: String) -> String {
    let anchor = "    case 'reactor'\n        __reactor_parse_subcommand -r 1 "
    guard script.contains("function __reactor_parse_tokens") else { return script }
    return script.replacing(
      anchor, with: "    case 'reactor'\n        __reactor_parse_subcommand 0 ", maxReplacements: 1)
  }
}
