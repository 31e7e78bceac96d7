// A prototype for a proposal: libcurl's easy API loaded with dlopen on first use, so a binary
// that may talk HTTP does not pay for loading libcurl and its ~30 libraries at startup.
#ifndef REACTOR_BENCH_CURL_LOADER_H
#define REACTOR_BENCH_CURL_LOADER_H

#include <stddef.h>

typedef struct rb_buffer {
  char *data;
  size_t length;
  size_t capacity;
} rb_buffer;

/// Loads libcurl (once); 0 on success.
int rb_curl_load(void);

/// A new easy handle (keep-alive connections live in it), or NULL.
void *rb_curl_handle(void);

/// GET `url` with `count` header lines ("Name: value"); fills status, body and the raw header
/// block. Returns 0 or a CURLcode. The buffers are reused across calls: reset `length` first.
int rb_curl_get(void *handle, const char *url, const char *const *headers, size_t count, long timeout_ms,
                long *status, rb_buffer *body, rb_buffer *head);

void rb_buffer_free(rb_buffer *buffer);

#endif
