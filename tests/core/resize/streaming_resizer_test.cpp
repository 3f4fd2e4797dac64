// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/cpu_resizer.h"
#include "resize/streaming_resizer.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <random>

namespace dropsize {
namespace {

    // The streaming path must give CpuResizer's bytes for every plan it takes, whatever the
    // sizes, channels, filters, reduce steps and the way rows are handed in.
    TEST(StreamingResizer, GivesTheWholeImageResizersBytes)
    {
        std::mt19937 rng(7);
        int streamed = 0;
        for (int round = 0; round < 300; ++round) {
            const int w = std::uniform_int_distribution<int>(1, 180)(rng);
            const int h = std::uniform_int_distribution<int>(1, 180)(rng);
            const int channels = std::uniform_int_distribution<int>(1, 4)(rng);
            ImageInfo info { w, h, channels, false, std::uniform_int_distribution<int>(1, 8)(rng) };
            ResizeSpec spec;
            spec.percent = std::uniform_real_distribution<double>(0.5, 99.5)(rng);
            spec.filter = static_cast<Filter>(std::uniform_int_distribution<int>(1, 5)(rng));
            const ResizePlan plan = makeResizePlan(info, spec);
            if (!StreamingResizer::canStream(plan)) {
                continue;
            }
            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + "x"
                + std::to_string(channels) + " at " + std::to_string(spec.percent) + "% "
                + nameOf(spec.filter));
            const Image input = test::makeTestImage(w, h, channels, static_cast<unsigned>(round));
            auto whole = CpuResizer().resize(test::copyOf(input), plan);
            ASSERT_TRUE(whole.ok());

            auto streaming = StreamingResizer::create(plan, channels);
            ASSERT_TRUE(streaming.ok());
            Image rows = test::copyOf(input);
            for (int y = 0; y < h;) {
                const int n = std::min(h - y, std::uniform_int_distribution<int>(1, 17)(rng));
                ASSERT_TRUE(streaming->pushRows(rows.view().row(y), rows.stride(), n).ok());
                y += n;
            }
            auto resampled = streaming->finish();
            ASSERT_TRUE(resampled.ok());
            auto done = CpuResizer::finish(std::move(resampled).value(), plan);
            ASSERT_TRUE(done.ok());
            ASSERT_EQ(done->width(), whole->width());
            ASSERT_EQ(done->height(), whole->height());
            EXPECT_EQ(test::pixelCrc(done->view()), test::pixelCrc(whole->view()));
            ++streamed;
        }
        EXPECT_GT(streamed, 200);
    }

    TEST(StreamingResizer, ReportsAnImageThatEndsEarly)
    {
        ImageInfo info { 64, 64, 3, false, 1 };
        const ResizePlan plan = makeResizePlan(info, ResizeSpec {});
        auto streaming = StreamingResizer::create(plan, 3);
        ASSERT_TRUE(streaming.ok());
        Image input = test::makeTestImage(64, 64, 3);
        ASSERT_TRUE(streaming->pushRows(input.data(), input.stride(), 30).ok());
        auto result = streaming->finish();
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.error().code, ErrorCode::CorruptData);
    }

} // namespace
} // namespace dropsize
