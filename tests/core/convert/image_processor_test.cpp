// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// One image through the processor and through a whole job: the header is read once, however
// the file arrives (all at once, its first 256 KiB then the rest, the first 256 KiB then 16 MiB
// then the rest), and what later bytes say (a PNG's eXIf after its pixels) still counts.

#include "codecs/image_decoder.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    // A JPEG turned by EXIF orientation 6, 400×300 or with `large` 1600×1200 (its scans past the
    // first 256 KiB), with an ICC profile of `iccBytes` (a large one puts the header past them).
    std::vector<std::uint8_t> turnedJpeg(std::size_t iccBytes, bool large)
    {
        const Image image = test::makeTestImage(large ? 1600 : 400, large ? 1200 : 300, 3);
        Metadata metadata;
        metadata.exif = test::exifWithOrientation(6);
        metadata.icc.assign(iccBytes, 0x5a);
        EncodeOptions options;
        if (large) {
            options.jpegQuality = 100;
            options.subsampling = ChromaSubsampling::S444;
        }
        auto jpeg = JpegEncoder::encode(image.view(), options, metadata);
        EXPECT_TRUE(jpeg.ok());
        return *jpeg;
    }

    // A 400×300 PNG stored without compression (more than 256 KiB) with its eXIf (orientation
    // 6) after the image data and, before it, a text chunk of `textBytes`.
    std::vector<std::uint8_t> turnedPng(std::size_t textBytes)
    {
        const Image image = test::makeTestImage(400, 300, 3);
        EncodeOptions stored;
        stored.pngCompression = 0;
        auto png = PngEncoder::encode(image.view(), stored, {});
        EXPECT_TRUE(png.ok());
        std::vector<std::uint8_t> bytes = *png;
        if (textBytes > 0) {
            std::vector<std::uint8_t> text = { 'C', 'o', 'm', 'm', 'e', 'n', 't', 0 };
            text.resize(textBytes, 't');
            const auto tEXt = test::pngChunk("tEXt", text);
            bytes.insert(bytes.begin() + 8 + 25, tEXt.begin(), tEXt.end()); // after IHDR
        }
        const auto eXIf = test::pngChunk("eXIf", test::exifWithOrientation(6));
        bytes.insert(bytes.end() - 12, eXIf.begin(), eXIf.end()); // before IEND
        return bytes;
    }

    ProcessOptions halfSize()
    {
        ProcessOptions options;
        options.spec.percent = 50;
        return options;
    }

    TEST(ImageProcessor, ProcessReadsTheHeaderOnce)
    {
        const ImageProcessor processor(halfSize());
        for (const auto& file : { turnedJpeg(1000, false), turnedPng(0) }) {
            const std::uint64_t before = headerReadsStarted();
            auto processed = processor.process(file);
            ASSERT_TRUE(processed.ok()) << processed.error().message;
            EXPECT_EQ(headerReadsStarted() - before, 1u);
            EXPECT_EQ(processed->inspected.plan.output, (Size { 150, 200 }));
        }
    }

    TEST(ImageProcessor, AnOpenedImageReadsOnAndPlansAgainWhenTheHeaderGrows)
    {
        const ImageProcessor processor(halfSize());
        const std::vector<std::uint8_t> png = turnedPng(0);
        const std::span<const std::uint8_t> all(png);
        const std::uint64_t before = headerReadsStarted();
        auto image = processor.open(all.first(1000), png.size());
        ASSERT_TRUE(image.ok()) << image.error().message;
        ASSERT_TRUE(image->hasHeader());
        EXPECT_FALSE(image->headerFinal()) << "the eXIf may follow";
        EXPECT_EQ(image->inspected().plan.output, (Size { 200, 150 }));
        ASSERT_TRUE(image->extend(all).ok());
        EXPECT_TRUE(image->headerFinal());
        EXPECT_EQ(image->inspected().header.info.orientation, 6);
        EXPECT_EQ(image->inspected().plan.output, (Size { 150, 200 }));
        auto pixels = image->render();
        ASSERT_TRUE(pixels.ok()) << pixels.error().message;
        EXPECT_EQ(pixels->width(), 150);
        EXPECT_EQ(pixels->height(), 200);
        EXPECT_EQ(headerReadsStarted() - before, 1u);

        // The same pixels as a one-shot decode and resize.
        auto whole = processor.process(png);
        ASSERT_TRUE(whole.ok());
        auto again = decodeWhole<PngDecoder>(whole->encoded, {});
        auto ours = processor.encode(pixels->view(), ImageFormat::Png, {});
        ASSERT_TRUE(again.ok() && ours.ok());
        auto oursDecoded = decodeWhole<PngDecoder>(*ours, {});
        ASSERT_TRUE(oursDecoded.ok());
        EXPECT_EQ(test::pixelCrc(oursDecoded->view()), test::pixelCrc(again->view()));
    }

    TEST(ImageProcessor, AHeaderPastTheBytesGivenWaitsForMoreOrFailsAsACutFile)
    {
        const ImageProcessor processor(halfSize());
        const std::vector<std::uint8_t> jpeg = turnedJpeg(300'000, false);
        const std::span<const std::uint8_t> head = std::span(jpeg).first(256u << 10);
        auto image = processor.open(head, jpeg.size());
        ASSERT_TRUE(image.ok()) << image.error().message;
        EXPECT_FALSE(image->hasHeader());
        EXPECT_FALSE(image->render().ok());
        const Status finished = image->finishHeader();
        ASSERT_FALSE(finished.ok());
        auto inspected = processor.inspect(head, jpeg.size());
        ASSERT_FALSE(inspected.ok());
        EXPECT_EQ(finished.error().message, inspected.error().message);
        EXPECT_EQ(inspected.error().message, "JPEG: Premature end of JPEG file");
    }

    // Every way a job's file arrives, for each format: each header is read once, the outputs
    // are turned upright, and the dry run sees what the run does.
    TEST(ImageProcessor, AJobReadsEachHeaderOnceHoweverItsFileArrives)
    {
        test::TempDir tmp;
        struct Case {
            const char* name;
            std::vector<std::uint8_t> bytes;
        };
        const std::vector<Case> cases = {
            { "small.jpg", turnedJpeg(1000, false) }, // all in the first read
            { "large.jpg", turnedJpeg(1000, true) }, // first 256 KiB, then the whole
            { "tall-header.jpg", turnedJpeg(300'000, false) }, // 256 KiB, 16 MiB, the whole
            { "exif-after.png", turnedPng(0) }, // its eXIf past the first 256 KiB
            { "tall-header.png", turnedPng(300'000) }, // 256 KiB, 16 MiB, the whole
        };
        ASSERT_LT(cases[0].bytes.size(), 256u << 10);
        for (std::size_t i = 1; i < cases.size(); ++i) {
            ASSERT_GT(cases[i].bytes.size(), 256u << 10) << cases[i].name;
        }
        for (const Case& c : cases) {
            test::writeFile(tmp.path() / c.name, c.bytes);
        }
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), cases.size());

        BatchOptions batch;
        batch.process = halfSize();
        batch.device = DeviceChoice::Cpu;
        for (const Job& job : plan->jobs) {
            SCOPED_TRACE(job.input().string());
            const std::uint64_t before = headerReadsStarted();
            auto preview = inspectFile(job.input(), batch.process);
            ASSERT_TRUE(preview.ok()) << preview.error().message;
            EXPECT_EQ(headerReadsStarted() - before, 1u) << "in the dry run";
            EXPECT_EQ(preview->inspected.header.info.orientation, 6);
        }

        const std::uint64_t before = headerReadsStarted();
        const BatchSummary summary = BatchScheduler(batch).run(*plan);
        EXPECT_EQ(headerReadsStarted() - before, cases.size());
        EXPECT_EQ(summary.ok, cases.size());
        for (const Case& c : cases) {
            SCOPED_TRACE(c.name);
            const auto out = test::readFile(tmp.path() / "ResizeImage" / c.name);
            const bool jpeg = fs::path(c.name).extension() == ".jpg";
            auto header = jpeg ? readWholeHeader<JpegDecoder>(out, {})
                               : readWholeHeader<PngDecoder>(out, {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            const bool large = std::string(c.name) == "large.jpg";
            EXPECT_EQ(header->info.width, large ? 600 : 150);
            EXPECT_EQ(header->info.height, large ? 800 : 200);
            EXPECT_EQ(header->info.orientation, 1);
        }
    }

} // namespace
} // namespace dropsize
