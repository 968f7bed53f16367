// Trampolines for the libcurl functions FoundationNetworking uses. Each resolves the real
// function from libcurl.so.4 on its first call. Types are the ABI's (handles and lists as
// pointers, codes as int); <curl/curl.h> is not needed to build. The variadic setopt/getinfo
// functions always receive exactly one argument after the option: a long, a pointer, a function
// pointer or a curl_off_t, all passed alike on x86-64 and AArch64, so it is forwarded as a pointer.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <unistd.h>
#include "LazyCurl.h"

static void *library;
static const char *load_error;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) load_error = dlerror();
}

const char *intent_curl_load_error(void) {
    pthread_once(&once, load);
    return library ? NULL : load_error;
}

// HTTP cannot work without libcurl: say what to install and stop (exit 69, "unavailable").
static void *required(const char *name) {
    pthread_once(&once, load);
    void *symbol = library ? dlsym(library, name) : NULL;
    if (symbol) return symbol;
    dprintf(STDERR_FILENO, "intent: error: libcurl could not be loaded (%s); install it with: apt-get install libcurl4\n",
            library ? name : "libcurl.so.4");
    _exit(69);
}

#define REAL(type, name) static type real; if (!real) real = (type)required(#name)

typedef void *(*ptr_void_fn)(void);
typedef void (*void_ptr_fn)(void *);
typedef int (*int_ptr_fn)(void *);
typedef int (*int_ptr_ptr_fn)(void *, void *);
typedef int (*int_ptr_int_ptr_fn)(void *, int, void *);
typedef int (*int_ptr_int_fn)(void *, int);
typedef const char *(*str_int_fn)(int);
typedef int (*int_long_fn)(long);
typedef void *(*ptr_ptr_ptr_fn)(void *, const void *);
typedef void *(*ptr_ptr_intp_fn)(void *, int *);
typedef int (*socket_action_fn)(void *, int, int, int *);
typedef int (*url_get_fn)(void *, int, char **, unsigned);
typedef int (*url_set_fn)(void *, int, const char *, unsigned);
typedef char *(*version_fn)(void);
typedef void *(*version_info_fn)(int);

int curl_global_init(long flags) { REAL(int_long_fn, curl_global_init); return real(flags); }
void *curl_easy_init(void) { REAL(ptr_void_fn, curl_easy_init); return real(); }
void curl_easy_cleanup(void *easy) { REAL(void_ptr_fn, curl_easy_cleanup); real(easy); }
int curl_easy_pause(void *easy, int bitmask) { REAL(int_ptr_int_fn, curl_easy_pause); return real(easy, bitmask); }
const char *curl_easy_strerror(int code) { REAL(str_int_fn, curl_easy_strerror); return real(code); }
void curl_free(void *p) { REAL(void_ptr_fn, curl_free); real(p); }
void *curl_multi_init(void) { REAL(ptr_void_fn, curl_multi_init); return real(); }
int curl_multi_cleanup(void *multi) { REAL(int_ptr_fn, curl_multi_cleanup); return real(multi); }
int curl_multi_add_handle(void *multi, void *easy) { REAL(int_ptr_ptr_fn, curl_multi_add_handle); return real(multi, easy); }
int curl_multi_remove_handle(void *multi, void *easy) { REAL(int_ptr_ptr_fn, curl_multi_remove_handle); return real(multi, easy); }
int curl_multi_assign(void *multi, int socket, void *p) { REAL(int_ptr_int_ptr_fn, curl_multi_assign); return real(multi, socket, p); }
void *curl_multi_info_read(void *multi, int *left) { REAL(ptr_ptr_intp_fn, curl_multi_info_read); return real(multi, left); }
int curl_multi_socket_action(void *multi, int socket, int mask, int *running) {
    REAL(socket_action_fn, curl_multi_socket_action);
    return real(multi, socket, mask, running);
}
void *curl_slist_append(void *list, const char *text) { REAL(ptr_ptr_ptr_fn, curl_slist_append); return real(list, text); }
void curl_slist_free_all(void *list) { REAL(void_ptr_fn, curl_slist_free_all); real(list); }
void *curl_url(void) { REAL(ptr_void_fn, curl_url); return real(); }
int curl_url_get(void *url, int part, char **out, unsigned flags) { REAL(url_get_fn, curl_url_get); return real(url, part, out, flags); }
int curl_url_set(void *url, int part, const char *text, unsigned flags) { REAL(url_set_fn, curl_url_set); return real(url, part, text, flags); }
char *curl_version(void) { REAL(version_fn, curl_version); return real(); }
void *curl_version_info(int age) { REAL(version_info_fn, curl_version_info); return real(age); }

#define FORWARD_ONE(name)                                   \
    int name(void *handle, int option, ...) {               \
        REAL(int_ptr_int_ptr_fn, name);                     \
        va_list arguments;                                  \
        va_start(arguments, option);                        \
        void *argument = va_arg(arguments, void *);         \
        va_end(arguments);                                  \
        return real(handle, option, argument);              \
    }

FORWARD_ONE(curl_easy_setopt)
FORWARD_ONE(curl_easy_getinfo)
FORWARD_ONE(curl_multi_setopt)
