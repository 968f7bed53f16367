#include "CQuantKernels.h"
#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2_TARGET __attribute__((target("avx2,fma,f16c")))
#define VNNI_TARGET __attribute__((target("avx2,fma,f16c,avxvnni")))

static inline AVX2_TARGET float half_to_float(const uint8_t *p) {
    uint16_t h; __builtin_memcpy(&h, p, 2);
    return _cvtsh_ss(h);
}

static inline AVX2_TARGET float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// 16 nibble bytes -> 32 unsigned bytes (low nibbles = elements 0..15, high = 16..31).
static inline AVX2_TARGET __m256i nibbles(const uint8_t *q) {
    __m128i x = _mm_loadu_si128((const __m128i *)q);
    __m256i both = _mm256_set_m128i(_mm_srli_epi16(x, 4), x);
    return _mm256_and_si256(both, _mm256_set1_epi8(0x0F));
}

// Unsigned × signed bytes summed in groups of 4 into 8 int32 lanes.
static inline AVX2_TARGET __m256i dot_us_avx2(__m256i u, __m256i s) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(u, s), _mm256_set1_epi16(1));
}
static inline VNNI_TARGET __m256i dot_us_vnni(__m256i u, __m256i s) {
    return _mm256_dpbusd_avx_epi32(_mm256_setzero_si256(), u, s);
}

// One body per (type, instruction set): the kernel loops over rows, two at a time sharing the
// activation loads.
#define DEFINE_KERNELS(SUFFIX, TARGET, DOT)                                                         \
static TARGET void q4_1_##SUFFIX(const uint8_t *w, size_t rb, long r0, long r1, long nb,          \
                                 const int8_t *a, const float *ad, const float *as, float *out) {  \
    long r = r0;                                                                                   \
    for (; r + 2 <= r1; r += 2) {                                                                  \
        const uint8_t *p0 = w + r * rb, *p1 = p0 + rb;                                             \
        __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();                             \
        float m0 = 0, m1 = 0;                                                                      \
        for (long b = 0; b < nb; b++) {                                                            \
            __m256i y = _mm256_loadu_si256((const __m256i *)(a + b * 32));                         \
            const uint8_t *q0 = p0 + b * 20, *q1 = p1 + b * 20;                                    \
            __m256 s0 = _mm256_cvtepi32_ps(DOT(nibbles(q0 + 4), y));                               \
            __m256 s1 = _mm256_cvtepi32_ps(DOT(nibbles(q1 + 4), y));                               \
            acc0 = _mm256_fmadd_ps(s0, _mm256_set1_ps(half_to_float(q0) * ad[b]), acc0);           \
            acc1 = _mm256_fmadd_ps(s1, _mm256_set1_ps(half_to_float(q1) * ad[b]), acc1);           \
            m0 += half_to_float(q0 + 2) * as[b];                                                   \
            m1 += half_to_float(q1 + 2) * as[b];                                                   \
        }                                                                                          \
        out[r - r0] = hsum(acc0) + m0;                                                             \
        out[r + 1 - r0] = hsum(acc1) + m1;                                                         \
    }                                                                                              \
    for (; r < r1; r++) {                                                                          \
        const uint8_t *p0 = w + r * rb;                                                            \
        __m256 acc0 = _mm256_setzero_ps(); float m0 = 0;                                           \
        for (long b = 0; b < nb; b++) {                                                            \
            __m256i y = _mm256_loadu_si256((const __m256i *)(a + b * 32));                         \
            const uint8_t *q0 = p0 + b * 20;                                                       \
            __m256 s0 = _mm256_cvtepi32_ps(DOT(nibbles(q0 + 4), y));                               \
            acc0 = _mm256_fmadd_ps(s0, _mm256_set1_ps(half_to_float(q0) * ad[b]), acc0);           \
            m0 += half_to_float(q0 + 2) * as[b];                                                   \
        }                                                                                          \
        out[r - r0] = hsum(acc0) + m0;                                                             \
    }                                                                                              \
}                                                                                                  \
static TARGET void q4_0_##SUFFIX(const uint8_t *w, size_t rb, long r0, long r1, long nb,          \
                                 const int8_t *a, const float *ad, float *out) {                   \
    for (long r = r0; r < r1; r++) {                                                               \
        const uint8_t *p0 = w + r * rb;                                                            \
        __m256 acc0 = _mm256_setzero_ps();                                                         \
        for (long b = 0; b < nb; b++) {                                                            \
            __m256i y = _mm256_loadu_si256((const __m256i *)(a + b * 32));                         \
            const uint8_t *q0 = p0 + b * 18;                                                       \
            /* (w - 8)·y = w·y - 8·Σy: the bias is taken out with a second unsigned product. */   \
            __m256i wy = DOT(nibbles(q0 + 2), y);                                                  \
            __m256i ey = DOT(_mm256_set1_epi8(8), y);                                              \
            __m256 s0 = _mm256_cvtepi32_ps(_mm256_sub_epi32(wy, ey));                              \
            acc0 = _mm256_fmadd_ps(s0, _mm256_set1_ps(half_to_float(q0) * ad[b]), acc0);           \
        }                                                                                          \
        out[r - r0] = hsum(acc0);                                                                  \
    }                                                                                              \
}                                                                                                  \
static TARGET void q8_0_##SUFFIX(const uint8_t *w, size_t rb, long r0, long r1, long nb,          \
                                 const int8_t *a, const float *ad, float *out) {                   \
    long r = r0;                                                                                   \
    for (; r + 2 <= r1; r += 2) {                                                                  \
        const uint8_t *p0 = w + r * rb, *p1 = p0 + rb;                                             \
        __m256 acc0 = _mm256_setzero_ps(), acc1 = _mm256_setzero_ps();                             \
        for (long b = 0; b < nb; b++) {                                                            \
            __m256i y = _mm256_loadu_si256((const __m256i *)(a + b * 32));                         \
            const uint8_t *q0 = p0 + b * 34, *q1 = p1 + b * 34;                                    \
            __m256i x0 = _mm256_loadu_si256((const __m256i *)(q0 + 2));                            \
            __m256i x1 = _mm256_loadu_si256((const __m256i *)(q1 + 2));                            \
            /* Signed × signed as |x| × (y with x's sign). */                                      \
            __m256 s0 = _mm256_cvtepi32_ps(DOT(_mm256_sign_epi8(x0, x0), _mm256_sign_epi8(y, x0)));\
            __m256 s1 = _mm256_cvtepi32_ps(DOT(_mm256_sign_epi8(x1, x1), _mm256_sign_epi8(y, x1)));\
            acc0 = _mm256_fmadd_ps(s0, _mm256_set1_ps(half_to_float(q0) * ad[b]), acc0);           \
            acc1 = _mm256_fmadd_ps(s1, _mm256_set1_ps(half_to_float(q1) * ad[b]), acc1);           \
        }                                                                                          \
        out[r - r0] = hsum(acc0);                                                                  \
        out[r + 1 - r0] = hsum(acc1);                                                              \
    }                                                                                              \
    for (; r < r1; r++) {                                                                          \
        const uint8_t *p0 = w + r * rb;                                                            \
        __m256 acc0 = _mm256_setzero_ps();                                                         \
        for (long b = 0; b < nb; b++) {                                                            \
            __m256i y = _mm256_loadu_si256((const __m256i *)(a + b * 32));                         \
            const uint8_t *q0 = p0 + b * 34;                                                       \
            __m256i x0 = _mm256_loadu_si256((const __m256i *)(q0 + 2));                            \
            __m256 s0 = _mm256_cvtepi32_ps(DOT(_mm256_sign_epi8(x0, x0), _mm256_sign_epi8(y, x0)));\
            acc0 = _mm256_fmadd_ps(s0, _mm256_set1_ps(half_to_float(q0) * ad[b]), acc0);           \
        }                                                                                          \
        out[r - r0] = hsum(acc0);                                                                  \
    }                                                                                              \
}

DEFINE_KERNELS(avx2, AVX2_TARGET, dot_us_avx2)
DEFINE_KERNELS(vnni, VNNI_TARGET, dot_us_vnni)

static int detected = -1;

int intent_qk_level(void) {
    if (detected < 0) {
        __builtin_cpu_init();
        int level = 0;
        if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("f16c")) {
            level = 1;
            if (__builtin_cpu_supports("avxvnni")) level = 2;
        }
        __atomic_store_n(&detected, level, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&detected, __ATOMIC_RELAXED);
}

int intent_qk_matvec(int type, const void *w, size_t rb, long r0, long r1, long nb,
                     const int8_t *a, const float *ad, const float *as, float *out) {
    int level = intent_qk_level();
    if (level == 0) return 0;
    const uint8_t *wb = (const uint8_t *)w;
    switch (type) {
    case 3: if (level == 2) q4_1_vnni(wb, rb, r0, r1, nb, a, ad, as, out); else q4_1_avx2(wb, rb, r0, r1, nb, a, ad, as, out); return 1;
    case 2: if (level == 2) q4_0_vnni(wb, rb, r0, r1, nb, a, ad, out); else q4_0_avx2(wb, rb, r0, r1, nb, a, ad, out); return 1;
    case 8: if (level == 2) q8_0_vnni(wb, rb, r0, r1, nb, a, ad, out); else q8_0_avx2(wb, rb, r0, r1, nb, a, ad, out); return 1;
    default: return 0;
    }
}
#else
int intent_qk_level(void) { return 0; }
int intent_qk_matvec(int type, const void *w, size_t rb, long r0, long r1, long nb,
                     const int8_t *a, const float *ad, const float *as, float *out) {
    (void)type; (void)w; (void)rb; (void)r0; (void)r1; (void)nb; (void)a; (void)ad; (void)as; (void)out;
    return 0;
}
#endif
