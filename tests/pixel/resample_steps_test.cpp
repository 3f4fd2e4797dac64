// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/pixel/resample_steps.h"

#include <gtest/gtest.h>

namespace dropsize {
namespace {

    TEST(ResampleCoefficients, EachOutputHasItsBoundsAndARowOfWeights)
    {
        ResampleCoefficients k;
        k.outSize = 2;
        k.kernelSize = 3;
        k.bounds = { 0, 2, 5, 3 };
        k.weights = { 1, 2, 0, 4, 5, 6 };
        EXPECT_EQ(k.first(0), 0);
        EXPECT_EQ(k.count(0), 2);
        EXPECT_EQ(k.first(1), 5);
        EXPECT_EQ(k.count(1), 3);
        EXPECT_EQ(k.weightsAt(0), k.weights.data());
        EXPECT_EQ(k.weightsAt(1)[0], 4);
        EXPECT_EQ(k.weightsAt(1)[2], 6);
    }

    TEST(ResampleSteps, ReduceOnlyWithAFactorAboveOne)
    {
        ResampleSteps steps;
        EXPECT_FALSE(steps.reduces());
        EXPECT_EQ(steps.kind, ResampleSteps::Kind::Copy);
        steps.reduceY = 2;
        EXPECT_TRUE(steps.reduces());
        steps.reduceY = 1;
        steps.reduceX = 3;
        EXPECT_TRUE(steps.reduces());
    }

} // namespace
} // namespace dropsize
