// Matrix-vector kernels of the embedded model for x86 CPUs with AVX2 (and AVX-VNNI), chosen at
// run time: the rest of the binary stays baseline x86-64. Weights are ggml blocks of 32
// (Q4_1: f16 d, f16 m, 16 nibble bytes; Q4_0: f16 d, 16 nibble bytes; Q8_0: f16 d, 32 bytes);
// activations are 8-bit blocks of 32 with float scales `ad` and offset terms `as`
// (as[b] = ad[b] * sum of the block's values, rounded to f16, Q4_1's m term).
#ifndef INTENT_CQUANTKERNELS_H
#define INTENT_CQUANTKERNELS_H
#include <stddef.h>
#include <stdint.h>

/// 0: no vector kernels (callers use their portable path); 1: AVX2+FMA+F16C; 2: also AVX-VNNI.
int intent_qk_level(void);

/// out[r - row0] = row r of `w` · activations, for rows row0..<row1. `type`: 2 Q4_0, 3 Q4_1,
/// 8 Q8_0. Returns 0 when the type or CPU is unsupported (nothing written).
int intent_qk_matvec(int type, const void *w, size_t row_bytes, long row0, long row1, long blocks,
                     const int8_t *a, const float *ad, const float *as, float *out);

/// Whether `type` has a packed single-token kernel on this CPU.
int intent_qk_packed_supported(int type);

/// Bytes of the packed copy of a `rows` × `blocks` matrix (`rows` a multiple of 8).
size_t intent_qk_packed_bytes(int type, long rows, long blocks);

/// Writes row groups g0..<g1 (8 rows each) of `w` in the packed layout into `dst` (the whole
/// packed matrix). Returns 0 for an unsupported type.
int intent_qk_pack(int type, const void *w, size_t row_bytes, long g0, long g1, long blocks, void *dst);

/// out[8 (g - g0) + j] = row 8g + j of the packed `w` · activations, for groups g0..<g1.
/// `ai` holds each activation block's integer sum. Returns 0 when unsupported.
int intent_qk_packed_matvec(int type, const void *w, long g0, long g1, long blocks, const int8_t *a,
                            const float *ad, const float *as, const int32_t *ai, float *out);

/// Attention of one query head: `q` (`hd` floats, rounded to F16 in place) against `len` cached
/// keys and values (`hd` floats each, `stride` floats apart), `scale` times the dot products,
/// softmax, weights rounded to F16, `out` = the weighted sum of the values. `scores` is scratch
/// of at least `len` rounded up to 8 floats. Returns 0 (nothing written) without AVX2 or when
/// `hd` is not a multiple of 8 up to 256.
int intent_qk_attend(float *q, const float *keys, const float *values, long stride, long len, long hd,
                     float scale, float *scores, float *out);

/// Quantizes `n` floats (a multiple of 32) to signed bytes in element order with per-block
/// scales `d`, offset terms `s` and integer sums, exactly as the Swift quantizer does. Returns 0
/// (nothing written) without AVX2.
int intent_qk_quantize(const float *x, long n, int8_t *bytes, float *d, float *s, int32_t *sums);

#endif
