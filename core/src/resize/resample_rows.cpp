// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/resample_rows.h"

#include "dropsize/pixel/pixel_math.h"

#include <algorithm>
#include <cstring>

// Each hot loop has a portable form, plain C++ the compiler vectorises for the baseline CPU,
// and on x86-64 an AVX2 form picked at run time. Both compute the same integers.
#if defined(__GNUC__) && defined(__x86_64__)
#define DROPSIZE_HAVE_AVX2_KERNELS 1
#include <immintrin.h>
#else
#define DROPSIZE_HAVE_AVX2_KERNELS 0
#endif

namespace dropsize::detail {

namespace {

    // Bytes one 64-bit SIMD load or store moves: eight samples, widened to eight 32-bit lanes.
    constexpr std::ptrdiff_t kLoadBytes = 8;

    // The reference form: one pixel at a time, each channel one pixel::convolve().
    template <int C>
    void horizontalRowC(const std::uint8_t* in, std::uint8_t* out, const ResampleCoefficients& k)
    {
        for (int xx = 0; xx < k.outSize; ++xx) {
            const std::uint8_t* src = in + static_cast<std::ptrdiff_t>(k.first(xx)) * C;
            for (int c = 0; c < C; ++c) {
                out[xx * C + c] = pixel::convolve(src + c, C, k.weightsAt(xx), k.count(xx));
            }
        }
    }

    template <int C>
    void stripKernel(const std::uint8_t* strip, const ResampleCoefficients& k,
        std::uint8_t* const* outRows, int rowCount)
    {
        constexpr int kLanes = kStripRows * C;
        for (int xx = 0; xx < k.outSize; ++xx) {
            const std::int32_t* w = k.weightsAt(xx);
            const std::uint8_t* src = strip + static_cast<std::ptrdiff_t>(k.first(xx)) * kLanes;
            const int n = k.count(xx);
            std::int32_t acc[kLanes];
            for (int i = 0; i < kLanes; ++i) {
                acc[i] = pixel::kRoundingHalf;
            }
            for (int x = 0; x < n; ++x) {
                const std::int32_t wx = w[x];
                for (int i = 0; i < kLanes; ++i) {
                    acc[i] += static_cast<std::int32_t>(src[x * kLanes + i]) * wx;
                }
            }
            for (int r = 0; r < rowCount; ++r) {
                for (int c = 0; c < C; ++c) {
                    outRows[r][xx * C + c] = pixel::clip8(acc[r * C + c]);
                }
            }
        }
    }

#if DROPSIZE_HAVE_AVX2_KERNELS
    // The same sums as stripKernel, written out for AVX2: per tap, 8 samples widened to int32,
    // multiplied by the broadcast weight and added — C vectors for 8 rows of C channels.
    template <int C>
    __attribute__((target("avx2"))) void stripKernelAvx2(const std::uint8_t* strip,
        const ResampleCoefficients& k, std::uint8_t* const* outRows, int rowCount)
    {
        constexpr int kLanes = kStripRows * C;
        std::uint8_t samples[kLanes];
        for (int xx = 0; xx < k.outSize; ++xx) {
            const std::int32_t* w = k.weightsAt(xx);
            const std::uint8_t* src = strip + static_cast<std::ptrdiff_t>(k.first(xx)) * kLanes;
            const int n = k.count(xx);
            __m256i acc[C];
            for (int v = 0; v < C; ++v) {
                acc[v] = _mm256_set1_epi32(pixel::kRoundingHalf);
            }
            for (int x = 0; x < n; ++x, src += kLanes) {
                const __m256i wx = _mm256_set1_epi32(w[x]);
                for (int v = 0; v < C; ++v) {
                    const __m128i bytes
                        = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + kLoadBytes * v));
                    acc[v] = _mm256_add_epi32(
                        acc[v], _mm256_mullo_epi32(_mm256_cvtepu8_epi32(bytes), wx));
                }
            }
            // clip8 for 8 lanes at once: the shift, then saturating packs to int16 and uint8
            // clamp to [0, 255] exactly as pixel::clip8 does.
            for (int v = 0; v < C; ++v) {
                const __m256i shifted = _mm256_srai_epi32(acc[v], pixel::kPrecisionBits);
                const __m128i words = _mm_packs_epi32(
                    _mm256_castsi256_si128(shifted), _mm256_extracti128_si256(shifted, 1));
                _mm_storel_epi64(reinterpret_cast<__m128i*>(samples + kLoadBytes * v),
                    _mm_packus_epi16(words, words));
            }
            for (int r = 0; r < rowCount; ++r) {
                std::memcpy(outRows[r] + static_cast<std::ptrdiff_t>(xx) * C,
                    samples + static_cast<std::ptrdiff_t>(r) * C, C);
            }
        }
    }

    // The vertical pass for AVX2: 32 samples at a time stay in registers across all taps, instead
    // of an accumulator row loaded and stored once per tap. Returns how many samples it did; the
    // rest (fewer than 32) is left to the portable loop.
    __attribute__((target("avx2"))) int verticalRowAvx2(const std::uint8_t* const* rows,
        const std::int32_t* weights, int count, int rowBytes, std::uint8_t* out)
    {
        int i = 0;
        for (; i + 32 <= rowBytes; i += 32) {
            __m256i acc[4];
            for (auto& a : acc) {
                a = _mm256_set1_epi32(pixel::kRoundingHalf);
            }
            for (int y = 0; y < count; ++y) {
                const __m256i w = _mm256_set1_epi32(weights[y]);
                const std::uint8_t* src = rows[y] + i;
                for (int v = 0; v < 4; ++v) {
                    const __m128i bytes
                        = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(src + kLoadBytes * v));
                    acc[v] = _mm256_add_epi32(
                        acc[v], _mm256_mullo_epi32(_mm256_cvtepu8_epi32(bytes), w));
                }
            }
            for (int v = 0; v < 4; ++v) {
                const __m256i shifted = _mm256_srai_epi32(acc[v], pixel::kPrecisionBits);
                const __m128i words = _mm_packs_epi32(
                    _mm256_castsi256_si128(shifted), _mm256_extracti128_si256(shifted, 1));
                _mm_storel_epi64(reinterpret_cast<__m128i*>(out + i + kLoadBytes * v),
                    _mm_packus_epi16(words, words));
            }
        }
        return i;
    }

    bool hasAvx2() noexcept
    {
        // __builtin_cpu_init() is needed here: nothing else in this program runs GCC's CPU probe
        // before the first call.
        static const bool has = [] {
            __builtin_cpu_init();
            return __builtin_cpu_supports("avx2") != 0;
        }();
        return has;
    }
#endif

    template <int C>
    void stripKernelBest(const std::uint8_t* strip, const ResampleCoefficients& k,
        std::uint8_t* const* outRows, int rowCount, bool portable)
    {
#if DROPSIZE_HAVE_AVX2_KERNELS
        if (!portable && hasAvx2()) {
            return stripKernelAvx2<C>(strip, k, outRows, rowCount);
        }
#else
        (void)portable;
#endif
        stripKernel<C>(strip, k, outRows, rowCount);
    }

    template <int C>
    void putStripRowC(const std::uint8_t* row, int width, int r, std::uint8_t* strip)
    {
        constexpr int kLanes = kStripRows * C;
        std::uint8_t* dst = strip + static_cast<std::ptrdiff_t>(r) * C;
        int x = 0;
        if constexpr (C == 3) {
            // One 4-byte move per pixel instead of a 2-byte and a 1-byte one. The extra byte
            // lands in row r+1's slot, which is written after this row; row 7 and the last pixel
            // (whose extra byte would be past the row) take the exact copy below.
            if (r + 1 < kStripRows) {
                for (; x + 1 < width; ++x, row += C, dst += kLanes) {
                    std::memcpy(dst, row, 4);
                }
            }
        }
        for (; x < width; ++x, row += C, dst += kLanes) {
            std::memcpy(dst, row, C);
        }
    }

} // namespace

void putStripRow(const std::uint8_t* row, int width, int channels, int r, std::uint8_t* strip)
{
    switch (channels) {
    case 1:
        return putStripRowC<1>(row, width, r, strip);
    case 2:
        return putStripRowC<2>(row, width, r, strip);
    case 4:
        return putStripRowC<4>(row, width, r, strip);
    default:
        return putStripRowC<3>(row, width, r, strip);
    }
}

void horizontalStrip(const std::uint8_t* strip, int channels, const ResampleCoefficients& k,
    std::uint8_t* const* outRows, int rowCount, bool portable)
{
    switch (channels) {
    case 1:
        return stripKernelBest<1>(strip, k, outRows, rowCount, portable);
    case 2:
        return stripKernelBest<2>(strip, k, outRows, rowCount, portable);
    case 4:
        return stripKernelBest<4>(strip, k, outRows, rowCount, portable);
    default:
        return stripKernelBest<3>(strip, k, outRows, rowCount, portable);
    }
}

void reduceRow(const std::uint8_t* const* rows, int rowCount, int channels, int x0, int width,
    int fx, std::uint8_t* out)
{
    const int c = channels;
    const int full = width / fx;
    const int last = width % fx;
    // The multiplier depends on the block's pixel count only: a full block and the last one.
    const auto nFull = static_cast<std::uint32_t>(rowCount * fx);
    const auto nLast = static_cast<std::uint32_t>(rowCount * last);
    const std::uint32_t mFull = reduceMultiplier(nFull);
    const std::uint32_t mLast = last != 0 ? reduceMultiplier(nLast) : 0;
    const int blocks = full + (last != 0 ? 1 : 0);
    for (int x = 0; x < blocks; ++x) {
        const int cols = x < full ? fx : last;
        const std::uint32_t n = x < full ? nFull : nLast;
        const std::uint32_t m = x < full ? mFull : mLast;
        std::uint32_t sums[4] = { 0, 0, 0, 0 };
        const std::ptrdiff_t from = static_cast<std::ptrdiff_t>(x0 + x * fx) * c;
        for (int r = 0; r < rowCount; ++r) {
            const std::uint8_t* src = rows[r] + from;
            for (int xx = 0; xx < cols * c; xx += c) {
                for (int ch = 0; ch < c; ++ch) {
                    sums[ch] += src[xx + ch];
                }
            }
        }
        for (int ch = 0; ch < c; ++ch) {
            out[x * c + ch] = pixel::blockAverage(sums[ch], n, m);
        }
    }
}

void horizontalRow(
    const std::uint8_t* in, std::uint8_t* out, int channels, const ResampleCoefficients& k)
{
    switch (channels) {
    case 1:
        return horizontalRowC<1>(in, out, k);
    case 2:
        return horizontalRowC<2>(in, out, k);
    case 4:
        return horizontalRowC<4>(in, out, k);
    default:
        return horizontalRowC<3>(in, out, k);
    }
}

void verticalRow(const std::uint8_t* const* rows, const std::int32_t* weights, int count,
    int rowBytes, std::int32_t* acc, std::uint8_t* out, bool portable)
{
    int done = 0;
#if DROPSIZE_HAVE_AVX2_KERNELS
    if (!portable && hasAvx2()) {
        done = verticalRowAvx2(rows, weights, count, rowBytes, out);
    }
#else
    (void)portable;
#endif
    // Accumulate along the row, which the compiler vectorises, instead of down columns.
    std::fill(acc + done, acc + rowBytes, pixel::kRoundingHalf);
    for (int y = 0; y < count; ++y) {
        const std::uint8_t* src = rows[y];
        const std::int32_t w = weights[y];
        for (int i = done; i < rowBytes; ++i) {
            acc[i] += static_cast<std::int32_t>(src[i]) * w;
        }
    }
    for (int i = done; i < rowBytes; ++i) {
        out[i] = pixel::clip8(acc[i]);
    }
}

bool usesAvx2Kernels() noexcept
{
#if DROPSIZE_HAVE_AVX2_KERNELS
    return hasAvx2();
#else
    return false;
#endif
}

ResampleCoefficients identityCoefficients(int size)
{
    ResampleCoefficients k;
    k.outSize = size;
    k.kernelSize = 1;
    k.bounds.resize(static_cast<std::size_t>(size) * 2);
    k.weights.assign(static_cast<std::size_t>(size), std::int32_t { 1 } << pixel::kPrecisionBits);
    for (int i = 0; i < size; ++i) {
        k.bounds[2 * static_cast<std::size_t>(i)] = i;
        k.bounds[2 * static_cast<std::size_t>(i) + 1] = 1;
    }
    return k;
}

} // namespace dropsize::detail
