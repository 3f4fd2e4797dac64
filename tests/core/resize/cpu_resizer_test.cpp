// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/image_processor.h"
#include "dropsize/pixel/pixel_math.h"
#include "resize/cpu_resizer.h"
#include "resize/resample_coefficients.h"
#include "support/test_support.h"

#include <cstring>
#include <gtest/gtest.h>
#include <vector>

namespace dropsize {
namespace {

    constexpr Filter kFilters[] = { Filter::Nearest, Filter::Box, Filter::Bilinear, Filter::Hamming,
        Filter::Bicubic, Filter::Lanczos };

    bool samePixels(ConstImageView a, ConstImageView b)
    {
        if (a.width != b.width || a.height != b.height || a.channels != b.channels) {
            return false;
        }
        for (int y = 0; y < a.height; ++y) {
            if (std::memcmp(a.row(y), b.row(y), static_cast<std::size_t>(a.width * a.channels))
                != 0) {
                return false;
            }
        }
        return true;
    }

    TEST(Resampler, KeepsAConstantImageConstant)
    {
        const CpuResizer resizer;
        for (Filter f : kFilters) {
            Image flat = std::move(Image::allocate(97, 61, 3)).value();
            std::memset(flat.data(), 173, static_cast<std::size_t>(97 * 61 * 3));
            const float box[4] = { 0, 0, 97, 61 };
            for (Size out : { Size { 13, 7 }, Size { 1, 1 }, Size { 96, 60 }, Size { 200, 3 } }) {
                auto r = resizer.resample(flat.view(), out, f, box);
                ASSERT_TRUE(r.ok());
                const std::uint8_t* p = r->data();
                for (std::size_t i = 0; i < static_cast<std::size_t>(out.width * out.height * 3);
                     ++i) {
                    ASSERT_EQ(p[i], 173) << nameOf(f);
                }
            }
        }
    }

    TEST(Resampler, SameSizeIsTheIdentity)
    {
        const CpuResizer resizer;
        const Image image = test::makeTestImage(33, 21, 4);
        const float box[4] = { 0, 0, 33, 21 };
        for (Filter f : kFilters) {
            auto r = resizer.resample(image.view(), { 33, 21 }, f, box);
            ASSERT_TRUE(r.ok());
            EXPECT_TRUE(samePixels(r->view(), image.view())) << nameOf(f);
        }
    }

    TEST(Resampler, ManyThreadsGiveTheSameBytesAsOne)
    {
        const Image image = test::makeTestImage(301, 203, 3);
        const float box[4] = { 0, 0, 301, 203 };
        for (Filter f : kFilters) {
            auto one = CpuResizer(1).resample(image.view(), { 77, 51 }, f, box);
            auto four = CpuResizer(4).resample(image.view(), { 77, 51 }, f, box);
            ASSERT_TRUE(one.ok() && four.ok());
            EXPECT_TRUE(samePixels(one->view(), four->view())) << nameOf(f);
        }
    }

    TEST(Resampler, OrientationsAreThePermutationsOfExif)
    {
        const Image image = test::makeTestImage(5, 3, 1);
        const std::uint8_t* in = image.data();
        auto at = [&](int x, int y) { return in[y * 5 + x]; };
        // Where the top-left output pixel comes from, for each orientation.
        const std::uint8_t expectedTopLeft[9]
            = { 0, at(0, 0), at(4, 0), at(4, 2), at(0, 2), at(0, 0), at(0, 2), at(4, 2), at(4, 0) };
        for (int o = 1; o <= 8; ++o) {
            auto r = CpuResizer::orient(image.view(), o);
            ASSERT_TRUE(r.ok());
            EXPECT_EQ(r->width(), o >= 5 ? 3 : 5);
            EXPECT_EQ(r->data()[0], expectedTopLeft[o]) << "orientation " << o;
        }
        auto right = CpuResizer::orient(image.view(), 6);
        auto back = CpuResizer::orient(right->view(), 8);
        EXPECT_TRUE(samePixels(back->view(), image.view()));
    }

    TEST(Resampler, PremultiplyRoundTripsOpaqueAndClearPixels)
    {
        Image image = test::makeTestImage(64, 8, 4);
        ImageView v = image.view();
        for (int y = 0; y < 8; ++y) {
            for (int x = 0; x < 64; ++x) {
                v.row(y)[x * 4 + 3] = (x % 2 == 0) ? 255 : 0;
            }
        }
        const Image copy = test::makeTestImage(64, 8, 4);
        CpuResizer::premultiply(v);
        CpuResizer::unpremultiply(v);
        for (int x = 0; x < 64; x += 2) {
            EXPECT_EQ(v.row(0)[x * 4], copy.view().row(0)[x * 4]);
        }
        EXPECT_EQ(pixel::premultiply(200, 128), 100);
        EXPECT_EQ(pixel::unpremultiply(100, 128), 199);
    }

    TEST(Resampler, ReduceAveragesWithPillowsRounding)
    {
        EXPECT_EQ(reduceMultiplier(1), 1u << 24);
        EXPECT_EQ(reduceMultiplier(4), 1u << 22);
        EXPECT_EQ(pixel::blockAverage(2 + 3, 2, reduceMultiplier(2)), 3); // 2.5 rounds up
        Image image = std::move(Image::allocate(5, 3, 1)).value();
        for (int i = 0; i < 15; ++i) {
            image.data()[i] = static_cast<std::uint8_t>(i * 10);
        }
        const int box[4] = { 0, 0, 5, 3 };
        auto r = CpuResizer().reduce(image.view(), 2, 2, box);
        ASSERT_TRUE(r.ok());
        ASSERT_EQ(r->width(), 3);
        ASSERT_EQ(r->height(), 2);
        EXPECT_EQ(r->data()[0], (0 + 10 + 50 + 60 + 2) / 4);
        EXPECT_EQ(r->data()[2], (40 + 90 + 1) / 2); // last column: the pixels that exist
        EXPECT_EQ(r->data()[5], 140); // corner: one pixel
    }

    TEST(Resampler, CoefficientsSumToOneInFixedPoint)
    {
        for (Filter f :
            { Filter::Box, Filter::Bilinear, Filter::Hamming, Filter::Bicubic, Filter::Lanczos }) {
            const ResampleCoefficients c = computeCoefficients(1000, 0.0f, 1000.0f, 137, f);
            for (int i = 0; i < c.outSize; ++i) {
                std::int64_t sum = 0;
                for (int k = 0; k < c.count(i); ++k) {
                    sum += c.weightsAt(i)[k];
                }
                EXPECT_NEAR(static_cast<double>(sum), 1 << pixel::kPrecisionBits, 8) << nameOf(f);
            }
        }
    }

    TEST(Resampler, StopsWhenCancelled)
    {
        const Image image = test::makeTestImage(400, 300, 3);
        CancelToken cancel;
        cancel.requestStop();
        const float box[4] = { 0, 0, 400, 300 };
        auto r = CpuResizer().resample(image.view(), { 100, 75 }, Filter::Lanczos, box, &cancel);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::Cancelled);
    }

    ResizeSpec fillSpec(int w, int h, Filter filter)
    {
        ResizeSpec spec;
        spec.mode = SizeMode::Fill;
        spec.width = w;
        spec.height = h;
        spec.filter = filter;
        return spec;
    }

    Image resized(const Image& image, int orientation, const ResizeSpec& spec)
    {
        const ImageInfo info { image.width(), image.height(), image.channels(), false,
            orientation };
        auto r = CpuResizer().resize(test::copyOf(image), makeResizePlan(info, spec));
        EXPECT_TRUE(r.ok()) << r.error().message;
        return r.ok() ? std::move(r).value() : Image {};
    }

    // A fill's crop is centred exactly (ImageOps.fit's fractional box), so a mirrored image
    // gives the mirrored result, as in Pillow. Nearest and box are left out: nearest truncates
    // its source position and box's kernel is 1 on (-0.5, 0.5], so a sample exactly half-way
    // goes one way; Pillow breaks the symmetry there in the same way (97x61 to 96x60 with box).
    TEST(Resampler, FillGivesTheMirroredPixelsOfAMirroredImage)
    {
        const Image image = test::makeTestImage(97, 61, 4, 5);
        auto mirrored = CpuResizer::orient(image.view(), 2);
        auto flipped = CpuResizer::orient(image.view(), 4);
        ASSERT_TRUE(mirrored.ok() && flipped.ok());
        const Size boxes[] = { { 20, 20 }, { 40, 9 }, { 9, 40 }, { 96, 60 }, { 33, 33 } };
        for (const Filter f : kFilters) {
            if (f == Filter::Nearest || f == Filter::Box) {
                continue;
            }
            for (const Size box : boxes) {
                SCOPED_TRACE(std::string(nameOf(f)) + " " + std::to_string(box.width) + "x"
                    + std::to_string(box.height));
                const ResizeSpec spec = fillSpec(box.width, box.height, f);
                const Image upright = resized(image, 1, spec);
                auto expected = CpuResizer::orient(upright.view(), 2);
                ASSERT_TRUE(expected.ok());
                EXPECT_TRUE(samePixels(resized(*mirrored, 1, spec).view(), expected->view()));
                expected = CpuResizer::orient(upright.view(), 4);
                ASSERT_TRUE(expected.ok());
                EXPECT_TRUE(samePixels(resized(*flipped, 1, spec).view(), expected->view()));
            }
        }
    }

    // Without enlarging, a fill smaller than the box is a crop taken as the image is shown: a
    // file stored in any orientation gives the same pixels as the upright file, for every filter.
    TEST(Resampler, FillsThatOnlyCropGiveTheUprightFilesPixelsInEveryOrientation)
    {
        const Image stored = test::makeTestImage(45, 30, 3, 9);
        for (int o = 1; o <= 8; ++o) {
            auto shown = CpuResizer::orient(stored.view(), o);
            ASSERT_TRUE(shown.ok());
            for (const Filter f : kFilters) {
                for (const Size box : { Size { 100, 41 }, Size { 41, 100 }, Size { 60, 60 } }) {
                    SCOPED_TRACE("orientation " + std::to_string(o) + " " + nameOf(f) + " "
                        + std::to_string(box.width) + "x" + std::to_string(box.height));
                    const ResizeSpec spec = fillSpec(box.width, box.height, f);
                    const Image fromStored = resized(stored, o, spec);
                    const Image fromShown = resized(*shown, 1, spec);
                    EXPECT_TRUE(samePixels(fromStored.view(), fromShown.view()));
                    EXPECT_LT(fromShown.width(), box.width);
                    EXPECT_LT(fromShown.height(), box.height);
                }
            }
        }
    }

    // resizePixels() (the Python module's resize()): the caller's pixels, read where they are
    // (rows further apart than packed too) and left unchanged, resized as CpuResizer resizes a
    // copy, with and without alpha.
    TEST(ResizePixels, ReadsTheCallersPixelsInPlaceAndLeavesThemAlone)
    {
        for (int channels : { 1, 2, 3, 4 }) {
            const Image source = test::makeTestImage(97, 61, channels, 5);
            // The same pixels in rows 16 bytes apart more than packed.
            const std::ptrdiff_t stride = source.stride() + 16;
            std::vector<std::uint8_t> padded(static_cast<std::size_t>(stride * source.height()));
            for (int y = 0; y < source.height(); ++y) {
                std::memcpy(padded.data() + y * stride, source.view().row(y),
                    static_cast<std::size_t>(source.stride()));
            }
            const std::vector<std::uint8_t> before = padded;
            const ConstImageView view(
                padded.data(), source.width(), source.height(), channels, stride);
            const double box[4] = { 3.5, 0, 90.25, 61 };
            for (Filter f : kFilters) {
                const ResizePlan plan
                    = makeBoxResizePlan({ 97, 61 }, channels, { 23, 40 }, f, box, 2.0);
                auto got = resizePixels(view, plan);
                ASSERT_TRUE(got.ok()) << got.error().message;
                auto want = CpuResizer().resize(test::copyOf(source), plan);
                ASSERT_TRUE(want.ok());
                EXPECT_TRUE(samePixels(got->view(), want->view())) << channels;
                EXPECT_EQ(padded, before) << "the input was written to";
            }
            const ResizePlan other = makeBoxResizePlan(
                { 96, 61 }, channels, { 23, 40 }, Filter::Box, box, std::nullopt);
            EXPECT_FALSE(resizePixels(view, other).ok()) << "a plan of another size";
        }
    }

} // namespace
} // namespace dropsize
