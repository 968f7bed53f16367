// The BLAS, loaded on first use. Callers see the system's <cblas.h> (from libblas-dev); the
// functions the project calls are defined in lazy.c, which opens libblas.so.3 the first time one
// of them runs. A command that does no vector or matrix work never loads the BLAS (OpenBLAS and
// its Fortran runtime cost several milliseconds of start-up to every run).
#include <cblas.h>

/// A symbol of the loaded BLAS (e.g. "openblas_get_config"), or NULL; loads the library if needed.
void *intent_blas_symbol(const char *name);

/// The library that was loaded ("libblas.so.3"), or NULL with the loader's error in `error`.
const char *intent_blas_library(const char **error);
