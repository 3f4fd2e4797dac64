// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/gpu_device_checks.h"

#include "resize/cpu_resizer.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <string>

namespace dropsize::test {

void expectResultsKeptOnTheDeviceAreTheCpus(
    GpuDevice& gpu, int slot, int width, int height, std::initializer_list<double> percents)
{
    for (int channels = 1; channels <= 4; ++channels) {
        const Image source = makeTestImage(width, height, channels, 11);
        for (const int orientation : { 1, 6, 3 }) {
            for (const double percent : percents) {
                SCOPED_TRACE("c" + std::to_string(channels) + " o" + std::to_string(orientation)
                    + " " + std::to_string(percent) + "%");
                ResizeSpec spec;
                spec.percent = percent;
                spec.filter = Filter::Lanczos;
                const ResizePlan plan
                    = makeResizePlan({ width, height, channels, false, orientation }, spec);
                EXPECT_EQ(plan.resample, percent < 100);
                auto cpu = CpuResizer(1).resize(copyOf(source), plan);
                ASSERT_TRUE(cpu);
                auto kept = gpu.resizeOnDevice(slot, plan, source.view());
                ASSERT_TRUE(kept) << kept.error().message;
                ASSERT_NE((*kept)->data(), nullptr);
                ASSERT_EQ((*kept)->size(), (Size { cpu->width(), cpu->height() }));
                ASSERT_EQ((*kept)->channels(), channels);
                Image back
                    = std::move(Image::allocate(cpu->width(), cpu->height(), channels)).value();
                ASSERT_TRUE((*kept)->copyTo(back.view()));
                EXPECT_EQ(firstDifferentRow(back.view(), cpu->view()), -1);
            }
        }
    }
}

} // namespace dropsize::test
