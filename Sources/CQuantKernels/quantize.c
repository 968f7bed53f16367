// Activations to 8-bit blocks of 32 with AVX2, value for value what quantizeRow in
// QuantKernels.swift computes (the scale amax/127, its reciprocal, round half away from zero as
// trunc(f ± 0.5) in float, F16-rounded scales), for the vector kernels' plain byte layout.
#include "CQuantKernels.h"
#if defined(__x86_64__)
#include <immintrin.h>

#define QZ_TARGET __attribute__((target("avx2,fma,f16c")))

static inline QZ_TARGET float round_half_scalar(float x) {
    return _mm_cvtss_f32(_mm_cvtph_ps(_mm_cvtps_ph(_mm_set_ss(x), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC)));
}

static QZ_TARGET void quantize_avx2(const float *x, long n, int8_t *bytes, float *d, float *s, int32_t *sums) {
    const __m256 signMask = _mm256_set1_ps(-0.0f), half = _mm256_set1_ps(0.5f), zero = _mm256_setzero_ps();
    for (long b = 0; b < n / 32; b++) {
        const float *xb = x + b * 32;
        __m256 v[4], m = zero;
        for (int i = 0; i < 4; i++) {
            v[i] = _mm256_loadu_ps(xb + 8 * i);
            m = _mm256_max_ps(m, _mm256_andnot_ps(signMask, v[i]));
        }
        __m128 h = _mm_max_ps(_mm256_castps256_ps128(m), _mm256_extractf128_ps(m, 1));
        h = _mm_max_ps(h, _mm_movehl_ps(h, h));
        h = _mm_max_ss(h, _mm_movehdup_ps(h));
        const float amax = _mm_cvtss_f32(h);
        const float scale = amax / 127;
        const float inv = scale != 0 ? 1 / scale : 0;
        const __m256 iv = _mm256_set1_ps(inv);
        __m256i q[4], total = _mm256_setzero_si256();
        for (int i = 0; i < 4; i++) {
            __m256 f = _mm256_mul_ps(v[i], iv);
            // f >= 0 ? f + 0.5 : f - 0.5, then truncation (NaN-free inputs).
            __m256 nonNegative = _mm256_cmp_ps(f, zero, _CMP_GE_OQ);
            __m256 t = _mm256_blendv_ps(_mm256_sub_ps(f, half), _mm256_add_ps(f, half), nonNegative);
            q[i] = _mm256_cvttps_epi32(t);
            total = _mm256_add_epi32(total, q[i]);
        }
        // 32 int32 -> 32 int8 in element order (values are within [-127, 127]).
        __m256i p01 = _mm256_packs_epi32(q[0], q[1]), p23 = _mm256_packs_epi32(q[2], q[3]);
        __m256i p = _mm256_packs_epi16(p01, p23);
        p = _mm256_permutevar8x32_epi32(p, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        _mm256_storeu_si256((__m256i *)(bytes + b * 32), p);
        __m128i t4 = _mm_add_epi32(_mm256_castsi256_si128(total), _mm256_extracti128_si256(total, 1));
        t4 = _mm_add_epi32(t4, _mm_shuffle_epi32(t4, 0x4E));
        t4 = _mm_add_epi32(t4, _mm_shuffle_epi32(t4, 0xB1));
        const int32_t sum = _mm_cvtsi128_si32(t4);
        d[b] = round_half_scalar(scale);
        s[b] = round_half_scalar(scale * (float)sum);
        sums[b] = sum;
    }
}

int intent_qk_quantize(const float *x, long n, int8_t *bytes, float *d, float *s, int32_t *sums) {
    if (intent_qk_level() < 1 || n % 32 != 0) return 0;
    quantize_avx2(x, n, bytes, d, s, sums);
    return 1;
}
#else
int intent_qk_quantize(const float *x, long n, int8_t *bytes, float *d, float *s, int32_t *sums) {
    (void)x; (void)n; (void)bytes; (void)d; (void)s; (void)sums;
    return 0;
}
#endif
