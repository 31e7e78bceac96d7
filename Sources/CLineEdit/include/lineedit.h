// libedit's native API, loaded with dlopen on first use: linking libedit would load it and
// three more libraries (libtinfo, libbsd, libmd) at every start, though only the interactive
// REPL edits lines; `--version`, pipes, the daemon and replays never load it.
//
// The native API rather than the readline emulation: only it lets the editor wait for a key
// and for output at once (EL_GETCFN), redraw the prompt after that output (EL_REFRESH), and
// keep Ctrl-C bound to our own function (readline() rebinds the terminal's keys on each call).
// el_set, el_get and history() are C-variadic, so Swift reaches them only through this shim.
#ifndef REACTOR_CLINEEDIT_H
#define REACTOR_CLINEEDIT_H

/// Completion for the word from `start` to `end` (in characters) of the line: a malloc'd,
/// NULL-terminated list (see `rle_completion_matches`), or NULL.
typedef char **rle_completion_function(const char *text, int start, int end);
/// The `state`-th candidate for `text`, malloc'd, or NULL when there are no more.
typedef char *rle_generator_function(const char *text, int state);
/// Called on the editor's thread, inside `rle_readline`, when the wake descriptor is readable.
typedef void rle_wake_function(void);

/// Loads libedit.so.2 (once, thread-safe); 0 on success. On failure `rle_load_error()` says why.
int rle_load(void);
const char *rle_load_error(void);

/// Sets line editing up on terminal descriptors `input` and `output`: `name` for ~/.editrc
/// conditionals, no signal handlers of libedit's own, no terminal signals while editing (Ctrl-C
/// discards the line: `rle_readline` reports it), no `^C` echo while a command runs,
/// `completion` for tab, a history of `size` lines, and `wake` (a descriptor, or -1) that
/// makes the editor call `on_wake` while it waits for a key. 0 on success. Call after
/// `rle_load` succeeded, once; every call below on the same thread as this one.
int rle_open(
    const char *name, int input, int output, rle_completion_function *completion, int size, int wake,
    rle_wake_function *on_wake);

/// What `rle_readline` saw.
enum { RLE_LINE = 0, RLE_END = 1, RLE_INTERRUPT = 2 };

/// Reads a line with editing (malloc'd, without its newline); NULL at end of input or after
/// Ctrl-C, which `*outcome` tells apart.
char *rle_readline(const char *prompt, int *outcome);

/// Adds a line to the editor's history (not to any file).
void rle_add_history(const char *line);
/// Loads a history file (libedit's format) into the editor's history; 0 on success.
int rle_load_history(const char *path);
/// Appends `line` to the history file at `path` (mode 600, created if needed) under an
/// exclusive flock, so that REPLs running at once keep each other's lines; when the file has
/// grown past `keep` lines by half again, it is cut to its newest `keep` under the same lock.
/// 0 on success, else an errno value.
int rle_append_history(const char *path, const char *line, int keep);

/// Inside the wake function: the terminal's width in columns (80 when it does not say).
int rle_columns(void);
/// Inside the wake function: how many rows below the prompt's first row the cursor is (the
/// prompt and the typed line may wrap); the caller erases them with what the terminal knows.
int rle_cursor_row(void);
/// Inside the wake function: draws the prompt and the typed line again, below any output.
void rle_redraw(void);
/// Inside the wake function: the terminal changed size; the editor measures it again.
void rle_resize(void);
/// Inside the wake function: the job was resumed after a stop (Ctrl-Z, then `fg`); the editor
/// sets the terminal up again and draws the prompt and the line on the cursor's row.
void rle_resume(void);

/// Inside a completion function: the whole line being edited (UTF-8, valid until the next call).
const char *rle_line_buffer(void);
/// Inside a completion function: no filename completion after ours.
void rle_completion_over(void);
/// Inside a completion function: the matches `generator` offers for `text`.
char **rle_completion_matches(const char *text, rle_generator_function *generator);

#endif
