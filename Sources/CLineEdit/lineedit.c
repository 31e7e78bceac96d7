#include "lineedit.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
// Only for the types and prototypes of what is looked up below (libedit-dev); nothing links
// against libedit. Always <editline/readline.h>: GNU readline's header is also installed on
// Debian and would be picked up silently.
#include <editline/readline.h>

static int (*p_initialize)(void);
static int (*p_parse_and_bind)(const char *);
static char *(*p_readline)(const char *);
static int (*p_add_history)(const char *);
static int (*p_read_history)(const char *);
static int (*p_write_history)(const char *);
static void (*p_stifle_history)(int);
static char **(*p_completion_matches)(const char *, rl_compentry_func_t *);
static const char **v_readline_name;
static char **v_line_buffer;
static rl_completion_func_t **v_attempted_completion_function;
static int *v_attempted_completion_over;
static int *v_catch_signals;

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
  LOAD(p_initialize, "rl_initialize")
  LOAD(p_parse_and_bind, "rl_parse_and_bind")
  LOAD(p_readline, "readline")
  LOAD(p_add_history, "add_history")
  LOAD(p_read_history, "read_history")
  LOAD(p_write_history, "write_history")
  LOAD(p_stifle_history, "stifle_history")
  LOAD(p_completion_matches, "rl_completion_matches")
  LOAD(v_readline_name, "rl_readline_name")
  LOAD(v_line_buffer, "rl_line_buffer")
  LOAD(v_attempted_completion_function, "rl_attempted_completion_function")
  LOAD(v_attempted_completion_over, "rl_attempted_completion_over")
  LOAD(v_catch_signals, "rl_catch_signals")
#undef LOAD
  loaded = 0;
}

int rle_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *rle_load_error(void) { return load_error; }

void rle_setup(const char *name, rle_completion_function *completion) {
  // libedit keeps the pointer; the caller's string may not outlive the call.
  *v_readline_name = strdup(name);
  *v_catch_signals = 0;
  p_initialize();
  p_parse_and_bind("bind ^C em-kill-line");
  p_parse_and_bind("setty -d -isig");
  *v_attempted_completion_function = completion;
  p_stifle_history(1000);
}

char *rle_readline(const char *prompt) { return p_readline(prompt); }

void rle_add_history(const char *line) { p_add_history(line); }

int rle_read_history(const char *path) { return p_read_history(path); }

int rle_write_history(const char *path) { return p_write_history(path); }

const char *rle_line_buffer(void) { return *v_line_buffer; }

void rle_completion_over(void) { *v_attempted_completion_over = 1; }

char **rle_completion_matches(const char *text, rle_generator_function *generator) {
  return p_completion_matches(text, generator);
}
