// libcurl's easy API, loaded with dlopen on first use: a binary that links FoundationNetworking
// (and so libcurl and its thirty-odd libraries) pays for loading them at every start, even for
// `--version`. reactor loads libcurl only when it first talks HTTP.
#ifndef REACTOR_CCURL_H
#define REACTOR_CCURL_H

#include <stddef.h>

/// A growing byte buffer the transfer callbacks append to.
typedef struct rc_buffer {
  char *data;
  size_t length;
  size_t capacity;
} rc_buffer;

/// One transfer's inputs and outputs.
typedef struct rc_transfer {
  // In.
  const char *url;
  const char *const *headers;  // "Name: value" lines
  size_t header_count;
  long timeout_ms;
  /// The most body bytes to accept (after decompression); more aborts the transfer.
  size_t max_body;
  /// Non-zero aborts the transfer: set it with `rc_cancel` from any thread (libcurl's progress
  /// callback checks it at least once a second, the data callbacks on every read).
  int cancel;
  // Out.
  long status;
  rc_buffer head;
  rc_buffer body;
  /// The body passed `max_body` (the transfer was aborted for it).
  int too_large;
  /// libcurl's message for the last error, when there is one.
  char error[256];
  // Private: the easy handle while `rc_perform` runs.
  void *handle;
} rc_transfer;

/// Loads libcurl (once, thread-safe); 0 on success. On failure `rc_load_error()` says why.
int rc_load(void);
const char *rc_load_error(void);

/// 1 when the loaded libcurl can inflate gzip bodies (it was built with zlib), else 0.
int rc_decodes_gzip(void);

/// A new easy handle (it keeps its connections alive between transfers), or NULL.
void *rc_handle_new(void);
void rc_handle_free(void *handle);

/// Runs one GET on `handle` (blocking); returns 0 or a CURLcode. Redirects are not followed.
int rc_perform(void *handle, rc_transfer *transfer);

/// Asks a running transfer to stop (atomic; any thread).
void rc_cancel(rc_transfer *transfer);

/// Whether `rc_cancel` was called (atomic; any thread).
int rc_cancelled(rc_transfer *transfer);

/// Frees the buffers of a transfer (a buffer whose `data` the caller took and set to NULL is
/// the caller's to free).
void rc_transfer_free(rc_transfer *transfer);

// The CURLcodes the transport tells apart.
enum {
  RC_OK = 0,
  RC_UNSUPPORTED_PROTOCOL = 1,
  RC_URL_MALFORMAT = 3,
  RC_COULDNT_RESOLVE_HOST = 6,
  RC_COULDNT_CONNECT = 7,
  RC_WEIRD_SERVER_REPLY = 8,
  RC_PARTIAL_FILE = 18,
  RC_WRITE_ERROR = 23,
  RC_OPERATION_TIMEDOUT = 28,
  RC_ABORTED_BY_CALLBACK = 42,
  RC_GOT_NOTHING = 52,
  RC_SEND_ERROR = 55,
  RC_RECV_ERROR = 56,
  RC_BAD_CONTENT_ENCODING = 61,
  RC_FILESIZE_EXCEEDED = 63,
};

#endif
