#ifndef DLIB_CSHIMS_H
#define DLIB_CSHIMS_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdint.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
   call: one typed wrapper per argument type. */
CURLcode dlib_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode dlib_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode dlib_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode dlib_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);

typedef size_t (*dlib_curl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode dlib_curl_setopt_callback(CURL *handle, CURLoption option, dlib_curl_data_callback callback);

CURLcode dlib_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode dlib_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode dlib_curl_getinfo_pointer(CURL *handle, CURLINFO info, void **value);
CURLcode dlib_curl_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);

CURLMcode dlib_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/* CURLMsg keeps its result in a union. */
CURLcode dlib_curl_message_result(const CURLMsg *message);

/* Terminal cells taken by one Unicode scalar: glibc's wcwidth in a UTF-8
   locale (set once, for LC_CTYPE only). -1 for non-printable scalars. */
int dlib_wcwidth(uint32_t scalar);

/* libxml2 reports some errors (encoding, I/O) through its generic error
   function, which prints to stderr and is per thread. This installs a
   silent one on the calling thread; the parse still fails, and dlib reports
   it in its own words. */
void dlib_libxml_silence_generic_errors(void);

/* Files to remove if the process is interrupted (SIGINT, SIGTERM, SIGHUP)
   before it renames them into place: an export or snapshot never leaves a
   temporary file behind. The handler only calls unlink and re-raises, both
   async-signal-safe. Up to 8 paths; returns a slot, or -1 when full. */
int dlib_cleanup_add(const char *path);
void dlib_cleanup_remove(int slot);

#endif
