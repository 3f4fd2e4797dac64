// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/pixel/image_view.h"

#include <gtest/gtest.h>
#include <vector>

namespace dropsize {
namespace {

    TEST(ImageView, RowsAreStrideBytesApart)
    {
        // 3 RGBA pixels per row, padded to 16 bytes.
        std::vector<std::uint8_t> buffer(16 * 3);
        const ImageView view { buffer.data(), 3, 3, 4, 16 };
        EXPECT_EQ(view.row(0), buffer.data());
        EXPECT_EQ(view.row(2), buffer.data() + 32);
        view.row(1)[11] = 7;
        EXPECT_EQ(buffer[16 + 11], 7);
    }

    TEST(ImageView, AConstViewSeesTheSamePixels)
    {
        std::vector<std::uint8_t> buffer(10 * 5);
        const ImageView view { buffer.data(), 4, 5, 2, 10 };
        const ConstImageView constView = view;
        EXPECT_EQ(constView.data, buffer.data());
        EXPECT_EQ(constView.width, 4);
        EXPECT_EQ(constView.height, 5);
        EXPECT_EQ(constView.channels, 2);
        EXPECT_EQ(constView.stride, 10);
        EXPECT_EQ(constView.row(4), view.row(4));
    }

    TEST(Size, IsEqualOnlyWhenBothSidesAre)
    {
        constexpr Size a { 640, 480 };
        static_assert(a == Size { 640, 480 });
        EXPECT_TRUE(a == (Size { 640, 480 }));
        EXPECT_FALSE(a != (Size { 640, 480 }));
        EXPECT_TRUE(a != (Size { 480, 640 }));
        EXPECT_TRUE(a != (Size { 640, 481 }));
        EXPECT_FALSE(a == (Size { 641, 480 }));
    }

} // namespace
} // namespace dropsize
