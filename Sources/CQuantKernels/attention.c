// Attention of one query head over the KV cache with AVX2 + FMA + F16C (the Swift version in
// Attention.swift runs on the baseline SSE2 target, where it was the largest single cost of a
// generated token at a few hundred cached positions). Numerics follow ggml's non-flash path
// with an F16 cache, as the Swift version does: the query and the softmax weights are rounded
// to F16; exp is the same Cody-Waite polynomial as Primitives.FastMath.exp.
#include "CQuantKernels.h"
#if defined(__x86_64__)
#include <immintrin.h>

#define ATT_TARGET __attribute__((target("avx2,fma,f16c")))

static inline ATT_TARGET float att_hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

static inline ATT_TARGET __m256 round_half(__m256 x) {
    return _mm256_cvtph_ps(_mm256_cvtps_ph(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}

// e^x on 8 lanes, operation for operation FastMath.exp(SIMD4<Float>) (no fused multiply-adds).
static inline ATT_TARGET __m256 exp8(__m256 x) {
    const __m256 magic = _mm256_set1_ps(12582912.0f);
    __m256 tooSmall = _mm256_cmp_ps(x, _mm256_set1_ps(-87.0f), _CMP_LT_OQ);
    __m256 xc = _mm256_min_ps(_mm256_max_ps(x, _mm256_set1_ps(-87.0f)), _mm256_set1_ps(88.0f));
    __m256 t = _mm256_add_ps(_mm256_mul_ps(xc, _mm256_set1_ps(1.44269504f)), magic);
    __m256 n = _mm256_sub_ps(t, magic);
    __m256 r = _mm256_sub_ps(_mm256_sub_ps(xc, _mm256_mul_ps(n, _mm256_set1_ps(0.69314575f))),
                             _mm256_mul_ps(n, _mm256_set1_ps(1.4286068e-6f)));
    __m256 p = _mm256_set1_ps(1.0f / 720);
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f / 120));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f / 24));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f / 6));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(0.5f));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f));
    p = _mm256_add_ps(_mm256_mul_ps(p, r), _mm256_set1_ps(1.0f));
    __m256i ni = _mm256_sub_epi32(_mm256_castps_si256(t), _mm256_set1_epi32(0x4B400000));
    __m256 scale = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(ni, _mm256_set1_epi32(127)), 23));
    return _mm256_andnot_ps(tooSmall, _mm256_mul_ps(p, scale));
}

// The body for a head size of `hd` floats (a multiple of 8, at most 256); inlined with a
// constant 64 so that the query and the output accumulators stay in registers.
static inline __attribute__((always_inline)) ATT_TARGET
void attend(float *q, const float *keys, const float *values, long stride, long len, long hd,
            float scale, float *scores, float *out) {
    const long c8 = hd / 8;
    __m256 qv[32];
    for (long c = 0; c < c8; c++) {
        qv[c] = round_half(_mm256_loadu_ps(q + 8 * c));
        _mm256_storeu_ps(q + 8 * c, qv[c]);
    }
    const __m256 sv = _mm256_set1_ps(scale);
    __m256 mx = _mm256_set1_ps(-__builtin_inff());
    long p = 0;
    // Eight positions at a time: one accumulator each, reduced together by horizontal adds.
    for (; p + 8 <= len; p += 8) {
        __m256 acc[8];
        for (int j = 0; j < 8; j++) {
            const float *k = keys + (p + j) * stride;
            __m256 a = _mm256_mul_ps(qv[0], _mm256_loadu_ps(k));
            for (long c = 1; c < c8; c++) a = _mm256_fmadd_ps(qv[c], _mm256_loadu_ps(k + 8 * c), a);
            acc[j] = a;
        }
        __m256 t0 = _mm256_hadd_ps(_mm256_hadd_ps(acc[0], acc[1]), _mm256_hadd_ps(acc[2], acc[3]));
        __m256 t1 = _mm256_hadd_ps(_mm256_hadd_ps(acc[4], acc[5]), _mm256_hadd_ps(acc[6], acc[7]));
        __m256 s = _mm256_add_ps(_mm256_permute2f128_ps(t0, t1, 0x20), _mm256_permute2f128_ps(t0, t1, 0x31));
        s = _mm256_mul_ps(s, sv);
        _mm256_storeu_ps(scores + p, s);
        mx = _mm256_max_ps(mx, s);
    }
    float m;
    {
        __m128 h = _mm_max_ps(_mm256_castps256_ps128(mx), _mm256_extractf128_ps(mx, 1));
        h = _mm_max_ps(h, _mm_movehl_ps(h, h));
        h = _mm_max_ss(h, _mm_movehdup_ps(h));
        m = _mm_cvtss_f32(h);
    }
    for (; p < len; p++) {
        const float *k = keys + p * stride;
        __m256 a = _mm256_mul_ps(qv[0], _mm256_loadu_ps(k));
        for (long c = 1; c < c8; c++) a = _mm256_fmadd_ps(qv[c], _mm256_loadu_ps(k + 8 * c), a);
        float s = att_hsum(a) * scale;
        scores[p] = s;
        if (s > m) m = s;
    }
    // Softmax: the tail beyond `len` is padded with -inf (exp gives 0) and never read later.
    const long padded = (len + 7) & ~7L;
    for (long i = len; i < padded; i++) scores[i] = -__builtin_inff();
    const __m256 mv = _mm256_set1_ps(m);
    __m256 sum = _mm256_setzero_ps();
    for (long i = 0; i < padded; i += 8) {
        __m256 e = exp8(_mm256_sub_ps(_mm256_loadu_ps(scores + i), mv));
        _mm256_storeu_ps(scores + i, e);
        sum = _mm256_add_ps(sum, e);
    }
    const __m256 inv = _mm256_set1_ps(1.0f / att_hsum(sum));
    for (long i = 0; i < padded; i += 8)
        _mm256_storeu_ps(scores + i, round_half(_mm256_mul_ps(_mm256_loadu_ps(scores + i), inv)));
    __m256 o[32];
    for (long c = 0; c < c8; c++) o[c] = _mm256_setzero_ps();
    for (p = 0; p < len; p++) {
        const __m256 w = _mm256_broadcast_ss(scores + p);
        const float *v = values + p * stride;
        for (long c = 0; c < c8; c++) o[c] = _mm256_fmadd_ps(w, _mm256_loadu_ps(v + 8 * c), o[c]);
    }
    for (long c = 0; c < c8; c++) _mm256_storeu_ps(out + 8 * c, o[c]);
}

static ATT_TARGET void attend64(float *q, const float *k, const float *v, long stride, long len, float scale,
                                float *scores, float *out) {
    attend(q, k, v, stride, len, 64, scale, scores, out);
}

static ATT_TARGET void attend_any(float *q, const float *k, const float *v, long stride, long len, long hd,
                                  float scale, float *scores, float *out) {
    attend(q, k, v, stride, len, hd, scale, scores, out);
}

int intent_qk_attend(float *q, const float *keys, const float *values, long stride, long len, long hd,
                     float scale, float *scores, float *out) {
    if (intent_qk_level() < 1 || hd % 8 != 0 || hd > 256 || hd <= 0 || len <= 0) return 0;
    if (hd == 64) attend64(q, keys, values, stride, len, scale, scores, out);
    else attend_any(q, keys, values, stride, len, hd, scale, scores, out);
    return 1;
}
#else
int intent_qk_attend(float *q, const float *keys, const float *values, long stride, long len, long hd,
                     float scale, float *scores, float *out) {
    (void)q; (void)keys; (void)values; (void)stride; (void)len; (void)hd; (void)scale; (void)scores; (void)out;
    return 0;
}
#endif
