// libedit's readline API, loaded with dlopen on first use: linking libedit would load it and
// three more libraries (libtinfo, libbsd, libmd) at every start, though only the interactive
// REPL edits lines; `--version`, pipes, the daemon and replays never load it.
#ifndef REACTOR_CLINEEDIT_H
#define REACTOR_CLINEEDIT_H

/// Completion for the word from `start` to `end` of the line (libedit's rl_completion_func_t).
typedef char **rle_completion_function(const char *text, int start, int end);
/// The `state`-th candidate for `text`, malloc'd, or NULL when there are no more.
typedef char *rle_generator_function(const char *text, int state);

/// Loads libedit.so.2 (once, thread-safe); 0 on success. On failure `rle_load_error()` says why.
int rle_load(void);
const char *rle_load_error(void);

/// Sets line editing up: `name` for ~/.editrc conditionals, no signal handlers of libedit's
/// own, ^C kills the line instead of interrupting, `completion` for tab, and a history of
/// 1,000 lines. Call after `rle_load` succeeded; the calls below too.
void rle_setup(const char *name, rle_completion_function *completion);

/// Reads a line with editing (malloc'd, without its newline), or NULL at end of input.
char *rle_readline(const char *prompt);

void rle_add_history(const char *line);
/// 0 on success, as libedit's read_history and write_history.
int rle_read_history(const char *path);
int rle_write_history(const char *path);

/// Inside a completion function: the whole line being edited.
const char *rle_line_buffer(void);
/// Inside a completion function: no filename completion after ours.
void rle_completion_over(void);
/// Inside a completion function: the matches `generator` offers for `text`.
char **rle_completion_matches(const char *text, rle_generator_function *generator);

#endif
