#include "ccurl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static CURL *(*p_easy_init)(void);
static void (*p_easy_cleanup)(CURL *);
static void (*p_easy_reset)(CURL *);
static CURLcode (*p_easy_setopt)(CURL *, CURLoption, ...);
static CURLcode (*p_easy_perform)(CURL *);
static CURLcode (*p_easy_getinfo)(CURL *, CURLINFO, ...);
static struct curl_slist *(*p_slist_append)(struct curl_slist *, const char *);
static void (*p_slist_free_all)(struct curl_slist *);
static CURLcode (*p_global_init)(long);
static curl_version_info_data *(*p_version_info)(CURLversion);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;
static char load_error[256] = "libcurl was not loaded";

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    snprintf(load_error, sizeof load_error, "cannot load libcurl.so.4 (install libcurl4): %s", dlerror());
    return;
  }
#define LOAD(name, symbol)                                                                         \
  *(void **)(&name) = dlsym(library, symbol);                                                      \
  if (!name) {                                                                                     \
    snprintf(load_error, sizeof load_error, "libcurl.so.4 has no %s", symbol);                    \
    return;                                                                                        \
  }
  LOAD(p_easy_init, "curl_easy_init")
  LOAD(p_easy_cleanup, "curl_easy_cleanup")
  LOAD(p_easy_reset, "curl_easy_reset")
  LOAD(p_easy_setopt, "curl_easy_setopt")
  LOAD(p_easy_perform, "curl_easy_perform")
  LOAD(p_easy_getinfo, "curl_easy_getinfo")
  LOAD(p_slist_append, "curl_slist_append")
  LOAD(p_slist_free_all, "curl_slist_free_all")
  LOAD(p_global_init, "curl_global_init")
  LOAD(p_version_info, "curl_version_info")
#undef LOAD
  if (p_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(load_error, sizeof load_error, "curl_global_init failed");
    return;
  }
  loaded = 0;
}

int rc_load(void) {
  pthread_once(&once, load);
  return loaded;
}

const char *rc_load_error(void) { return load_error; }

int rc_decodes_gzip(void) {
  if (rc_load() != 0) return 0;
  const curl_version_info_data *info = p_version_info(CURLVERSION_NOW);
  return info && (info->features & CURL_VERSION_LIBZ) ? 1 : 0;
}

void *rc_handle_new(void) { return rc_load() == 0 ? p_easy_init() : NULL; }

void rc_handle_free(void *handle) {
  if (handle) p_easy_cleanup(handle);
}

static int cancelled(rc_transfer *transfer) {
  return __atomic_load_n(&transfer->cancel, __ATOMIC_ACQUIRE) != 0;
}

void rc_cancel(rc_transfer *transfer) { __atomic_store_n(&transfer->cancel, 1, __ATOMIC_RELEASE); }

int rc_cancelled(rc_transfer *transfer) { return cancelled(transfer); }

static int grow(rc_buffer *buffer, size_t extra) {
  if (buffer->length + extra <= buffer->capacity) return 1;
  size_t capacity = buffer->capacity ? buffer->capacity : 16384;
  while (capacity < buffer->length + extra) capacity *= 2;
  char *grown = realloc(buffer->data, capacity);
  if (!grown) return 0;
  buffer->data = grown;
  buffer->capacity = capacity;
  return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *user) {
  rc_transfer *transfer = user;
  size_t bytes = size * count;
  if (cancelled(transfer)) return 0;
  if (transfer->body.length + bytes > transfer->max_body) {
    transfer->too_large = 1;
    return 0;
  }
  if (transfer->body.capacity == 0) {
    // The whole body at once when its length is announced (a compressed body's length is
    // its compressed size, a lower bound): no reallocation and copy as it arrives.
    curl_off_t announced = -1;
    if (p_easy_getinfo(transfer->handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) == CURLE_OK
        && announced > 0 && (size_t)announced >= bytes && (size_t)announced <= transfer->max_body) {
      char *whole = malloc((size_t)announced);
      if (!whole) return 0;
      transfer->body.data = whole;
      transfer->body.capacity = (size_t)announced;
    }
  }
  if (!grow(&transfer->body, bytes)) return 0;
  memcpy(transfer->body.data + transfer->body.length, data, bytes);
  transfer->body.length += bytes;
  return bytes;
}

static size_t on_header(char *data, size_t size, size_t count, void *user) {
  rc_transfer *transfer = user;
  size_t bytes = size * count;
  if (cancelled(transfer)) return 0;
  // Headers are small; a server sending megabytes of them is refused like a large body.
  if (transfer->head.length + bytes > 1024 * 1024) return 0;
  if (!grow(&transfer->head, bytes)) return 0;
  memcpy(transfer->head.data + transfer->head.length, data, bytes);
  transfer->head.length += bytes;
  return bytes;
}

static int on_progress(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow) {
  (void)dltotal, (void)dlnow, (void)ultotal, (void)ulnow;
  rc_transfer *transfer = user;
  return cancelled(transfer) ? 1 : 0;
}

int rc_perform(void *handle, rc_transfer *transfer) {
  if (rc_load() != 0) return -1;
  struct curl_slist *list = NULL;
  for (size_t index = 0; index < transfer->header_count; index++) {
    struct curl_slist *next = p_slist_append(list, transfer->headers[index]);
    if (!next) {
      p_slist_free_all(list);
      return CURLE_OUT_OF_MEMORY;
    }
    list = next;
  }
  transfer->error[0] = 0;
  p_easy_reset(handle);  // keeps live connections, clears the previous transfer's options
  transfer->handle = handle;
  p_easy_setopt(handle, CURLOPT_URL, transfer->url);
  // The curl tool's receive buffer, larger than libcurl's default: a search page arrives in a
  // few reads instead of many, each with its poll and callback.
  p_easy_setopt(handle, CURLOPT_BUFFERSIZE, 100L * 1024);
  p_easy_setopt(handle, CURLOPT_HTTPGET, 1L);
  p_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  p_easy_setopt(handle, CURLOPT_HTTPHEADER, list);
  p_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 0L);
  p_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
  p_easy_setopt(handle, CURLOPT_WRITEDATA, transfer);
  p_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
  p_easy_setopt(handle, CURLOPT_HEADERDATA, transfer);
  p_easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
  p_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
  p_easy_setopt(handle, CURLOPT_XFERINFODATA, transfer);
  p_easy_setopt(handle, CURLOPT_TIMEOUT_MS, transfer->timeout_ms);
  p_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  p_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
  p_easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)transfer->max_body);
  p_easy_setopt(handle, CURLOPT_ERRORBUFFER, transfer->error);
  CURLcode code = p_easy_perform(handle);
  p_easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
  p_easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
  p_slist_free_all(list);
  if (code == CURLE_OK) p_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &transfer->status);
  transfer->handle = NULL;
  return (int)code;
}

void rc_transfer_free(rc_transfer *transfer) {
  free(transfer->body.data);
  free(transfer->head.data);
  transfer->body = (rc_buffer){0};
  transfer->head = (rc_buffer){0};
}
