#include "curl_loader.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static CURL *(*p_easy_init)(void);
static CURLcode (*p_easy_setopt)(CURL *, CURLoption, ...);
static CURLcode (*p_easy_perform)(CURL *);
static CURLcode (*p_easy_getinfo)(CURL *, CURLINFO, ...);
static struct curl_slist *(*p_slist_append)(struct curl_slist *, const char *);
static void (*p_slist_free_all)(struct curl_slist *);
static CURLcode (*p_global_init)(long);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = -1;

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) return;
  p_easy_init = (CURL * (*)(void)) dlsym(library, "curl_easy_init");
  p_easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
  p_easy_perform = (CURLcode(*)(CURL *))dlsym(library, "curl_easy_perform");
  p_easy_getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
  p_slist_append = (struct curl_slist * (*)(struct curl_slist *, const char *)) dlsym(library, "curl_slist_append");
  p_slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
  p_global_init = (CURLcode(*)(long))dlsym(library, "curl_global_init");
  if (!p_easy_init || !p_easy_setopt || !p_easy_perform || !p_easy_getinfo || !p_slist_append || !p_slist_free_all ||
      !p_global_init)
    return;
  if (p_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) return;
  loaded = 0;
}

int rb_curl_load(void) {
  pthread_once(&once, load);
  return loaded;
}

void *rb_curl_handle(void) { return rb_curl_load() == 0 ? p_easy_init() : NULL; }

static size_t append(char *data, size_t size, size_t count, void *user) {
  rb_buffer *buffer = user;
  size_t bytes = size * count;
  if (buffer->length + bytes > buffer->capacity) {
    size_t capacity = buffer->capacity ? buffer->capacity : 16384;
    while (capacity < buffer->length + bytes) capacity *= 2;
    char *grown = realloc(buffer->data, capacity);
    if (!grown) return 0;
    buffer->data = grown;
    buffer->capacity = capacity;
  }
  memcpy(buffer->data + buffer->length, data, bytes);
  buffer->length += bytes;
  return bytes;
}

int rb_curl_get(void *handle, const char *url, const char *const *headers, size_t count, long timeout_ms, long *status,
                rb_buffer *body, rb_buffer *head) {
  struct curl_slist *list = NULL;
  for (size_t index = 0; index < count; index++) list = p_slist_append(list, headers[index]);
  p_easy_setopt(handle, CURLOPT_URL, url);
  p_easy_setopt(handle, CURLOPT_HTTPGET, 1L);
  p_easy_setopt(handle, CURLOPT_HTTPHEADER, list);
  p_easy_setopt(handle, CURLOPT_WRITEFUNCTION, append);
  p_easy_setopt(handle, CURLOPT_WRITEDATA, body);
  p_easy_setopt(handle, CURLOPT_HEADERFUNCTION, append);
  p_easy_setopt(handle, CURLOPT_HEADERDATA, head);
  p_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
  p_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  p_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
  CURLcode code = p_easy_perform(handle);
  p_easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
  p_slist_free_all(list);
  if (code == CURLE_OK) p_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, status);
  return (int)code;
}

void rb_buffer_free(rb_buffer *buffer) {
  free(buffer->data);
  buffer->data = NULL;
  buffer->length = buffer->capacity = 0;
}
