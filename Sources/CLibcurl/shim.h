// libcurl (Debian: libcurl4-openssl-dev), for the import's fetches from an instance
// (StickerTextPacks' HTTPFetch). Swift cannot call C's variadic curl_easy_setopt and
// curl_easy_getinfo, so each kind of value they take has a typed function here.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <sys/socket.h>

static inline CURLcode stickertext_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode stickertext_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode stickertext_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode stickertext_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode stickertext_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode stickertext_curl_set_write(CURL *curl, curl_write_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode stickertext_curl_set_header(CURL *curl, curl_write_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, callback);
}

static inline CURLcode stickertext_curl_set_opensocket(CURL *curl, curl_opensocket_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}

static inline CURLcode stickertext_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}

static inline CURLcode stickertext_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

// A part of `url` as curl reads it (the port: the scheme's default when none is written),
// into *part (to be freed with curl_free); CURLUE_OK if the URL parses and has the part.
static inline CURLUcode stickertext_curl_url_part(const char *url, CURLUPart which, char **part) {
    CURLU *parsed = curl_url();
    if (!parsed) return CURLUE_OUT_OF_MEMORY;
    CURLUcode status = curl_url_set(parsed, CURLUPART_URL, url, CURLU_NON_SUPPORT_SCHEME);
    if (status == CURLUE_OK) status = curl_url_get(parsed, which, part, CURLU_DEFAULT_PORT);
    curl_url_cleanup(parsed);
    return status;
}

static inline CURLcode stickertext_curl_get_string(CURL *curl, CURLINFO info, char **value) {
    return curl_easy_getinfo(curl, info, value);
}
