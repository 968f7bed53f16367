// libcurl, loaded on first use. FoundationNetworking calls the curl_* functions defined in
// lazy_curl.c, which open libcurl.so.4 the first time one of them runs; the release binary is
// linked with --as-needed, so it does not name libcurl (nor its two dozen dependencies) at all
// and a command that makes no HTTP request never loads it.

/// The loader's error when libcurl could not be opened, or NULL (loads it if needed).
const char *intent_curl_load_error(void);
