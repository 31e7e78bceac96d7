#include "lineedit.h"
// wcwidth and wcswidth are XSI.
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
// Only for the types and constants of what is looked up below (libedit-dev); nothing links
// against libedit.
#include <histedit.h>

static EditLine *(*p_el_init)(const char *, FILE *, FILE *, FILE *);
static int (*p_el_set)(EditLine *, int, ...);
static int (*p_el_get)(EditLine *, int, ...);
static const char *(*p_el_gets)(EditLine *, int *);
static const LineInfo *(*p_el_line)(EditLine *);
static const LineInfoW *(*p_el_wline)(EditLine *);
static int (*p_el_insertstr)(EditLine *, const char *);
static int (*p_el_cursor)(EditLine *, int);
static void (*p_el_push)(EditLine *, const char *);
static void (*p_el_resize)(EditLine *);
static int (*p_el_source)(EditLine *, const char *);
static History *(*p_history_init)(void);
static void (*p_history_end)(History *);
static int (*p_history)(History *, HistEvent *, int, ...);
static char **(*p_completion_matches)(const char *, char *(*)(const char *, int));
// libedit's completion engine, as its readline emulation calls it (filecomplete.h is private).
static int (*p_fn_complete)(
    EditLine *, char *(*)(const char *, int), char **(*)(const char *, int, int), const wchar_t *, const wchar_t *,
    const char *(*)(const char *), size_t, int *, int *, int *, int *);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256] = "libedit was not loaded";

static void load(void) {
  void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(load_error, sizeof load_error, "cannot load libedit.so.2 (install libedit2): %s", dlerror());
    return;
  }
#define LOAD(name, symbol)                                                                         \
  *(void **)(&name) = dlsym(library, symbol);                                                      \
  if (!name) {                                                                                     \
    snprintf(load_error, sizeof load_error, "libedit.so.2 has no %s", symbol);                    \
    return;                                                                                        \
  }
  LOAD(p_el_init, "el_init")
  LOAD(p_el_set, "el_set")
  LOAD(p_el_get, "el_get")
  LOAD(p_el_gets, "el_gets")
  LOAD(p_el_line, "el_line")
  LOAD(p_el_wline, "el_wline")
  LOAD(p_el_insertstr, "el_insertstr")
  LOAD(p_el_cursor, "el_cursor")
  LOAD(p_el_push, "el_push")
  LOAD(p_el_resize, "el_resize")
  LOAD(p_el_source, "el_source")
  LOAD(p_history_init, "history_init")
  LOAD(p_history_end, "history_end")
  LOAD(p_history, "history")
  LOAD(p_completion_matches, "rl_completion_matches")
  LOAD(p_fn_complete, "fn_complete")
#undef LOAD
  loaded = 0;
}

int rle_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *rle_load_error(void) { return load_error; }

// MARK: - The editor (used from one thread only)

static EditLine *editor;
static History *edit_history;
static int input_fd = 0;
static int output_fd = 1;
static int wake_fd = -1;
static rle_wake_function *wake_handler;
static rle_completion_function *completer;
static char *current_prompt;
static int interrupted;
static int completion_over;

static struct termios original_terminal;

/// At exit: the terminal as it was before the editor changed it (the settings used while a
/// command runs have no ^C echo, which must not outlive reactor).
static void restore_terminal(void) { (void)tcsetattr(input_fd, TCSADRAIN, &original_terminal); }

static char *prompt_text(EditLine *el) {
  (void)el;
  return current_prompt ? current_prompt : "";
}

/// Waits for a key and for the wake descriptor at once; decodes UTF-8 (the locale's encoding)
/// itself, as a getc function replaces libedit's own decoding.
static int read_character(EditLine *el, wchar_t *character) {
  (void)el;
  char bytes[MB_LEN_MAX];
  size_t count = 0;
  for (;;) {
    struct pollfd fds[2] = {{.fd = input_fd, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
    int ready = poll(fds, wake_fd >= 0 ? 2 : 1, -1);
    if (ready < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    if (wake_fd >= 0 && (fds[1].revents & POLLIN)) {
      char drain[64];
      while (read(wake_fd, drain, sizeof drain) > 0) {}
      if (wake_handler) wake_handler();
    }
    if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
    ssize_t got = read(input_fd, bytes + count, 1);
    if (got < 0 && errno == EINTR) continue;
    if (got == 0) return 0;
    if (got < 0) return -1;
    count += 1;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    size_t decoded = mbrtowc(character, bytes, count, &state);
    if (decoded == (size_t)-2 && count < sizeof bytes) continue;  // more bytes to come
    if (decoded == (size_t)-1 || decoded == (size_t)-2) {
      count = 0;  // not a character of this encoding: dropped, as libedit drops it
      continue;
    }
    if (decoded == 0) *character = 0;
    return 1;
  }
}

/// Ctrl-C: shows `^C` after the line, ends it, and marks it as discarded.
static unsigned char interrupt_key(EditLine *el, int key) {
  (void)key;
  const LineInfo *line = p_el_line(el);
  p_el_cursor(el, (int)(line->lastchar - line->cursor));
  p_el_insertstr(el, "^C");
  interrupted = 1;
  p_el_push(el, "\n");
  return CC_REFRESH;
}

/// Ctrl-Z: suspends the job as the terminal's key would (it is no signal while editing); once
/// resumed (SIGCONT), `rle_resume` takes the terminal back.
static unsigned char suspend_key(EditLine *el, int key) {
  (void)key;
  kill(0, SIGTSTP);
  return CC_REDISPLAY;
}

static const char *append_space(const char *text) {
  (void)text;
  return " ";
}

static unsigned char complete_key(EditLine *el, int key) {
  (void)key;
  static const wchar_t *breaks = L" \t\n\"\\'`@$><=;|&{(";
  int type = 0, point = 0, end = 0;
  completion_over = 0;
  return (unsigned char)p_fn_complete(
      el, NULL, completer, breaks, breaks, append_space, 100, &type, &completion_over, &point, &end);
}

int rle_open(
    const char *name, int input, int output, rle_completion_function *completion, int size, int wake,
    rle_wake_function *on_wake) {
  if (tcgetattr(input, &original_terminal) == 0) atexit(restore_terminal);
  FILE *in = fdopen(dup(input), "r");
  FILE *out = fdopen(dup(output), "w");
  if (!in || !out) return -1;
  editor = p_el_init(name, in, out, stderr);
  edit_history = p_history_init();
  if (!editor || !edit_history) return -1;
  input_fd = input;
  output_fd = output;
  wake_fd = wake;
  wake_handler = on_wake;
  completer = completion;
  HistEvent event;
  p_history(edit_history, &event, H_SETSIZE, size);
  p_el_set(editor, EL_HIST, p_history, edit_history);
  p_el_set(editor, EL_SIGNAL, 0);
  p_el_set(editor, EL_EDITOR, "emacs");
  p_el_set(editor, EL_PROMPT, prompt_text);
  p_el_set(editor, EL_GETCFN, read_character);
  p_el_set(editor, EL_SETTY, "-d", "-isig", NULL);
  p_el_set(editor, EL_SETTY, "-x", "-echoctl", NULL);
  p_el_set(editor, EL_ADDFN, "reactor-complete", "complete a verb or an argument", complete_key);
  p_el_set(editor, EL_BIND, "^I", "reactor-complete", NULL);
  p_el_set(editor, EL_ADDFN, "reactor-interrupt", "discard the line", interrupt_key);
  p_el_set(editor, EL_BIND, "^C", "reactor-interrupt", NULL);
  p_el_set(editor, EL_ADDFN, "reactor-suspend", "suspend reactor", suspend_key);
  p_el_set(editor, EL_BIND, "^Z", "reactor-suspend", NULL);
  // The keys readline users expect, as libedit's readline emulation binds them.
  p_el_set(editor, EL_BIND, "^R", "em-inc-search-prev", NULL);
  p_el_set(editor, EL_BIND, "\\e[1~", "ed-move-to-beg", NULL);
  p_el_set(editor, EL_BIND, "\\e[4~", "ed-move-to-end", NULL);
  p_el_set(editor, EL_BIND, "\\e[H", "ed-move-to-beg", NULL);
  p_el_set(editor, EL_BIND, "\\e[F", "ed-move-to-end", NULL);
  p_el_set(editor, EL_BIND, "\\e[3~", "ed-delete-next-char", NULL);
  p_el_set(editor, EL_BIND, "\\e[1;5C", "em-next-word", NULL);
  p_el_set(editor, EL_BIND, "\\e[1;5D", "ed-prev-word", NULL);
  p_el_source(editor, NULL);
  return 0;
}

/// Lines typed ahead and pushed back to the editor that it has not returned yet, and whether
/// an end of file came after them.
static int typed_ahead_lines;
static int typed_ahead_end;

/// Takes what was typed while a command ran, before raw mode: it waits in the terminal's line
/// discipline, which is still in canonical mode, where Ctrl-D on an empty line is an end of
/// file. Raw mode would hand that to the editor as a NUL, which it ignores, and the REPL would
/// wait at a prompt the user meant to leave. Lines typed ahead are pushed back to the editor,
/// all at once (its pushes are a stack), to be edited or entered as if typed at the prompt.
/// True when the end of file is next.
static int take_typed_ahead(void) {
  if (typed_ahead_lines > 0) return 0;
  if (typed_ahead_end) return 1;
  struct termios mode;
  if (tcgetattr(input_fd, &mode) != 0 || !(mode.c_lflag & ICANON)) return 0;
  // Each canonical read returns one line (at most the line discipline's buffer) or the end.
  static char text[65536];
  size_t count = 0;
  while (count + 4097 <= sizeof text) {
    struct pollfd ready = {.fd = input_fd, .events = POLLIN};
    if (poll(&ready, 1, 0) <= 0 || !(ready.revents & (POLLIN | POLLHUP))) break;
    ssize_t got = read(input_fd, text + count, 4096);
    if (got < 0 && errno == EINTR) continue;
    if (got == 0) typed_ahead_end = 1;
    if (got <= 0) break;
    for (ssize_t index = 0; index < got; index++) typed_ahead_lines += text[count + (size_t)index] == '\n';
    count += (size_t)got;
  }
  if (count == 0) return typed_ahead_end;
  text[count] = '\0';
  p_el_push(editor, text);
  return 0;
}

char *rle_readline(const char *prompt, int *outcome) {
  free(current_prompt);
  current_prompt = strdup(prompt);
  interrupted = 0;
  if (take_typed_ahead()) {
    // No prompt was drawn, and the command's output ended its line: nothing to end here.
    *outcome = RLE_END;
    return NULL;
  }
  // Raw mode before the prompt is drawn (el_gets sets it only at its first key): a key typed
  // once the prompt shows must never meet the terminal's own echo and signals.
  p_el_set(editor, EL_PREP_TERM, 1);
  int count = 0;
  const char *line = p_el_gets(editor, &count);
  if (interrupted) {
    *outcome = RLE_INTERRUPT;
    return NULL;
  }
  if (!line || count <= 0) {
    // End the prompt's line, so whatever prints next (the shell's prompt) starts a line.
    (void)!write(output_fd, "\n", 1);
    *outcome = RLE_END;
    return NULL;
  }
  *outcome = RLE_LINE;
  if (typed_ahead_lines > 0) typed_ahead_lines -= 1;
  char *copy = strdup(line);
  if (copy) copy[strcspn(copy, "\n")] = '\0';
  return copy;
}

void rle_add_history(const char *line) {
  HistEvent event;
  p_history(edit_history, &event, H_ENTER, line);
}

int rle_load_history(const char *path) {
  HistEvent event;
  return p_history(edit_history, &event, H_LOAD, path) < 0 ? -1 : 0;
}

/// Lines in the file open on `fd` (a history file: one entry a line, after its header).
static long count_lines(int fd) {
  char buffer[65536];
  long lines = 0;
  ssize_t got;
  off_t offset = 0;
  while ((got = pread(fd, buffer, sizeof buffer, offset)) > 0) {
    for (ssize_t index = 0; index < got; index++) lines += buffer[index] == '\n';
    offset += got;
  }
  return lines;
}

/// Writes `line` and a newline to `fd`: 0, or the errno of the write that failed.
static int write_line(int fd, const char *line) {
  size_t length = strlen(line);
  char *text = malloc(length + 1);
  if (!text) return ENOMEM;
  memcpy(text, line, length);
  text[length] = '\n';
  size_t offset = 0;
  int failure = 0;
  while (offset < length + 1) {
    ssize_t written = write(fd, text + offset, length + 1 - offset);
    if (written < 0) {
      if (errno == EINTR) continue;
      failure = errno;
      break;
    }
    offset += (size_t)written;
  }
  free(text);
  return failure;
}

int rle_append_history(const char *path, const char *line, int keep) {
  int fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return errno;
  struct stat status;
  if (fstat(fd, &status) == 0 && !S_ISREG(status.st_mode)) {
    // A device (a history linked to /dev/null keeps none): the line as it is, without
    // libedit, whose save changes the file's mode, and nothing read back or cut.
    int failure = write_line(fd, line);
    close(fd);
    return failure;
  }
  (void)fchmod(fd, 0600);
  while (flock(fd, LOCK_EX) < 0) {
    if (errno != EINTR) {
      int failure = errno;
      close(fd);
      return failure;
    }
  }
  // libedit writes its header only where the stream's position is 0: at the end of the file,
  // it writes just the entry.
  lseek(fd, 0, SEEK_END);
  FILE *file = fdopen(fd, "a");
  if (!file) {
    int failure = errno;
    close(fd);
    return failure;
  }
  HistEvent event;
  History *one = p_history_init();
  int failure = 0;
  if (!one) {
    failure = ENOMEM;
  } else {
    p_history(one, &event, H_SETSIZE, 1);
    p_history(one, &event, H_ENTER, line);
    errno = 0;
    // libedit may leave a failed write to the stream's error flag: fflush and ferror report it.
    if (p_history(one, &event, H_SAVE_FP, file) < 0 || fflush(file) != 0 || ferror(file)) failure = errno ? errno : EIO;
    p_history_end(one);
  }
  // Cut only when the file is well past its size, so an append stays an append.
  if (!failure && fstat(fd, &status) == 0 && status.st_size > (off_t)keep * 12 &&
      count_lines(fd) > (long)keep + keep / 2 + 1) {
    History *newest = p_history_init();
    if (newest) {
      p_history(newest, &event, H_SETSIZE, keep);
      if (p_history(newest, &event, H_LOAD, path) >= 0 && ftruncate(fd, 0) == 0) {
        rewind(file);
        if (p_history(newest, &event, H_SAVE_FP, file) < 0 || fflush(file) != 0) failure = errno ? errno : EIO;
      }
      p_history_end(newest);
    }
  }
  // Also releases the lock.
  if (fclose(file) != 0 && !failure) failure = errno ? errno : EIO;
  return failure;
}

int rle_columns(void) {
  int columns = 0;
  if (p_el_get(editor, EL_GETTC, "co", &columns, NULL) != 0 || columns <= 0) columns = 80;
  return columns;
}

int rle_cursor_row(void) {
  int columns = rle_columns();
  int width = 0;
  if (current_prompt) {
    size_t length = mbstowcs(NULL, current_prompt, 0);
    if (length != (size_t)-1) {
      wchar_t *wide = calloc(length + 1, sizeof *wide);
      if (wide) {
        mbstowcs(wide, current_prompt, length + 1);
        int measured = wcswidth(wide, length);
        width += measured > 0 ? measured : (int)length;
        free(wide);
      }
    }
  }
  const LineInfoW *line = p_el_wline(editor);
  for (const wchar_t *at = line->buffer; at < line->cursor; at++) {
    int cells = wcwidth(*at);
    width += cells > 0 ? cells : 1;
  }
  return width / columns;
}

void rle_redraw(void) { p_el_set(editor, EL_REFRESH); }

void rle_resize(void) { p_el_resize(editor); }

void rle_resume(void) {
  // The shell gave the terminal back in its own mode, while libedit still counts it as raw.
  p_el_set(editor, EL_PREP_TERM, 0);
  p_el_set(editor, EL_PREP_TERM, 1);
  p_el_set(editor, EL_REFRESH);
}

const char *rle_line_buffer(void) {
  static char *copy;
  const LineInfo *line = p_el_line(editor);
  size_t length = (size_t)(line->lastchar - line->buffer);
  free(copy);
  copy = malloc(length + 1);
  if (!copy) return "";
  memcpy(copy, line->buffer, length);
  copy[length] = '\0';
  return copy;
}

void rle_completion_over(void) { completion_over = 1; }

char **rle_completion_matches(const char *text, rle_generator_function *generator) {
  return p_completion_matches(text, generator);
}
