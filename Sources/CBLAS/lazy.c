// Lazy BLAS: the three CBLAS entry points the project uses, resolved from libblas.so.3 on first
// call. <cblas.h> is deliberately not included here: its prototypes differ between the reference
// BLAS and OpenBLAS headers, while the ABI (int enums, 32-bit ints, float pointers) is the same.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static const char *const library_names[] = {"libblas.so.3", "libopenblas.so.0", "libcblas.so.3"};
static void *library;
static const char *loaded_name;
static const char *load_error;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    for (unsigned i = 0; i < sizeof library_names / sizeof library_names[0]; i++) {
        library = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (library) {
            loaded_name = library_names[i];
            return;
        }
        if (!load_error) load_error = dlerror();
    }
}

const char *intent_blas_library(const char **error) {
    pthread_once(&once, load);
    if (error) *error = library ? NULL : load_error;
    return loaded_name;
}

void *intent_blas_symbol(const char *name) {
    pthread_once(&once, load);
    return library ? dlsym(library, name) : NULL;
}

// Without a BLAS the numeric kernels cannot run: say what to install and stop (exit 69,
// "unavailable"), rather than crash inside a null call.
static void *required(const char *name) {
    void *symbol = intent_blas_symbol(name);
    if (symbol) return symbol;
    dprintf(STDERR_FILENO, "intent: error: the BLAS library could not be loaded (%s); "
            "install it with: apt-get install libopenblas0-pthread\n", library ? name : "libblas.so.3");
    _exit(69);
}

typedef float (*sdot_fn)(int, const float *, int, const float *, int);
typedef void (*sgemv_fn)(int, int, int, int, float, const float *, int, const float *, int, float, float *, int);
typedef void (*sgemm_fn)(int, int, int, int, int, int, float, const float *, int, const float *, int, float, float *, int);

float cblas_sdot(int n, const float *x, int incx, const float *y, int incy) {
    static sdot_fn real;
    if (!real) real = (sdot_fn)required("cblas_sdot");
    return real(n, x, incx, y, incy);
}

void cblas_sgemv(int layout, int trans, int m, int n, float alpha, const float *a, int lda,
                 const float *x, int incx, float beta, float *y, int incy) {
    static sgemv_fn real;
    if (!real) real = (sgemv_fn)required("cblas_sgemv");
    real(layout, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
}

void cblas_sgemm(int layout, int transa, int transb, int m, int n, int k, float alpha, const float *a,
                 int lda, const float *b, int ldb, float beta, float *c, int ldc) {
    static sgemm_fn real;
    if (!real) real = (sgemm_fn)required("cblas_sgemm");
    real(layout, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
}
