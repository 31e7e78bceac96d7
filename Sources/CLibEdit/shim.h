// A thin shim over libedit's readline-compatible API.
//
// Always <editline/readline.h>, never <readline/readline.h>: GNU readline's header is also
// installed on Debian and would be picked up silently while linking libedit.
#ifndef REACTOR_CLIBEDIT_SHIM_H
#define REACTOR_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <editline/readline.h>

/// Sets the completion function (a C global Swift 6 cannot assign without a data-race warning).
static inline void reactor_rl_set_completion(rl_completion_func_t *function) {
  rl_attempted_completion_function = function;
}

/// Tells libedit not to fall back to filename completion after ours.
static inline void reactor_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// Stops libedit from installing signal handlers of its own.
static inline void reactor_rl_disable_signals(void) { rl_catch_signals = 0; }

/// Names the program for ~/.editrc conditionals.
static inline void reactor_rl_set_name(const char *name) { rl_readline_name = name; }

/// Sets the character appended after a unique completion.
static inline void reactor_rl_set_append_character(int character) {
  rl_completion_append_character = character;
}

#endif
