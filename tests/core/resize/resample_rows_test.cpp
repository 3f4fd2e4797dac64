// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// White-box test of core's private row kernels: the strip form of the horizontal pass, in its
// portable and its AVX2 build, gives the per-row kernel's bytes.

#include "resize/resample_rows.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <random>

namespace dropsize {
namespace {

    TEST(ResampleRows, StripKernelsMatchThePerRowKernel)
    {
        std::mt19937 rng(3);
        for (int round = 0; round < 200; ++round) {
            const int channels = std::uniform_int_distribution<int>(1, 4)(rng);
            const int inWidth = std::uniform_int_distribution<int>(1, 300)(rng);
            const int outWidth = std::uniform_int_distribution<int>(1, 300)(rng);
            const int rows = std::uniform_int_distribution<int>(1, detail::kStripRows)(rng);
            const auto filter = static_cast<Filter>(std::uniform_int_distribution<int>(1, 5)(rng));
            const float x0
                = std::uniform_real_distribution<float>(0, 0.3f)(rng) * static_cast<float>(inWidth);
            const ResampleCoefficients k
                = computeCoefficients(inWidth, x0, static_cast<float>(inWidth), outWidth, filter);
            const Image input
                = test::makeTestImage(inWidth, rows, channels, static_cast<unsigned>(round));

            std::vector<std::uint8_t> strip(
                static_cast<std::size_t>(inWidth * detail::kStripRows * channels), 0);
            for (int r = 0; r < rows; ++r) {
                detail::putStripRow(input.view().row(r), inWidth, channels, r, strip.data());
            }
            for (const bool portable : { true, false }) {
                Image out = std::move(Image::allocate(outWidth, rows, channels)).value();
                std::uint8_t* outRows[detail::kStripRows];
                for (int r = 0; r < rows; ++r) {
                    outRows[r] = out.view().row(r);
                }
                detail::horizontalStrip(strip.data(), channels, k, outRows, rows, portable);
                std::vector<std::uint8_t> expected(static_cast<std::size_t>(outWidth * channels));
                for (int r = 0; r < rows; ++r) {
                    detail::horizontalRow(input.view().row(r), expected.data(), channels, k);
                    ASSERT_EQ(
                        std::vector<std::uint8_t>(outRows[r], outRows[r] + outWidth * channels),
                        expected)
                        << (portable ? "portable" : "fastest") << " kernel, row " << r;
                }
            }
        }
    }

    // Otherwise the tests above would compare the portable kernel with itself.
    TEST(ResampleRows, UsesTheAvx2KernelsWhereTheCpuHasAvx2)
    {
#if defined(__GNUC__) && defined(__x86_64__)
        __builtin_cpu_init();
        EXPECT_EQ(detail::usesAvx2Kernels(), __builtin_cpu_supports("avx2") != 0);
#else
        GTEST_SKIP() << "AVX2 kernels are built for x86-64 with GCC or Clang only";
#endif
    }

    TEST(ResampleRows, VerticalKernelsAgree)
    {
        std::mt19937 rng(5);
        for (int round = 0; round < 200; ++round) {
            const int rowBytes = std::uniform_int_distribution<int>(1, 200)(rng);
            // The weights of one output row of a real filter (some negative, summing to one).
            const auto filter = static_cast<Filter>(std::uniform_int_distribution<int>(1, 5)(rng));
            const int outSize = std::uniform_int_distribution<int>(1, 150)(rng);
            const ResampleCoefficients k = computeCoefficients(160, 0.0f, 160.0f, outSize, filter);
            const int index = std::uniform_int_distribution<int>(0, outSize - 1)(rng);
            const int count = k.count(index);
            const std::vector<std::int32_t> weights(k.weightsAt(index), k.weightsAt(index) + count);
            const Image input
                = test::makeTestImage(rowBytes, count, 1, static_cast<unsigned>(round));
            std::vector<const std::uint8_t*> rows;
            rows.reserve(static_cast<std::size_t>(count));
            for (int y = 0; y < count; ++y) {
                rows.push_back(input.view().row(y));
            }
            std::vector<std::int32_t> acc(static_cast<std::size_t>(rowBytes));
            std::vector<std::uint8_t> portable(static_cast<std::size_t>(rowBytes));
            std::vector<std::uint8_t> fastest(static_cast<std::size_t>(rowBytes));
            detail::verticalRow(
                rows.data(), weights.data(), count, rowBytes, acc.data(), portable.data(), true);
            detail::verticalRow(
                rows.data(), weights.data(), count, rowBytes, acc.data(), fastest.data(), false);
            ASSERT_EQ(portable, fastest) << rowBytes << " samples, " << count << " taps";
        }
    }

} // namespace
} // namespace dropsize
