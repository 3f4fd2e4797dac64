// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// HEIC/HEIF and AVIF through libheif: sniffing, the header and its limits, the eight
// orientations (libheif applies the transforms; EXIF must not rotate again), partial and broken
// files, and the AVIF encoder's round trip. The fixtures are tests/golden/fixtures/heif/, made by
// make_heif_golden.py.

#include "codecs/codec_registry.h"
#include "codecs/exif.h"
#include "codecs/heif/avif_encoder.h"
#include "codecs/heif/heif_decoder.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/limits.h"
#include "support/test_support.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <gtest/gtest.h>
#include <thread>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    fs::path fixture(const std::string& name)
    {
        return test::goldenPath("fixtures") / "heif" / name;
    }

    std::vector<std::uint8_t> readFixture(const std::string& name)
    {
        return test::readFile(fixture(name));
    }

    std::vector<std::uint8_t> ftyp(const char* major, std::vector<const char*> compatible)
    {
        std::vector<std::uint8_t> box(16 + 4 * compatible.size());
        box[3] = static_cast<std::uint8_t>(box.size());
        std::memcpy(box.data() + 4, "ftyp", 4);
        std::memcpy(box.data() + 8, major, 4);
        for (std::size_t i = 0; i < compatible.size(); ++i) {
            std::memcpy(box.data() + 16 + 4 * i, compatible[i], 4);
        }
        return box;
    }

    // Where the top-level 'meta' box ends.
    std::size_t metaEnd(const std::vector<std::uint8_t>& file)
    {
        std::size_t at = 0;
        while (at + 8 <= file.size()) {
            const std::size_t size = (std::size_t { file[at] } << 24)
                | (std::size_t { file[at + 1] } << 16) | (std::size_t { file[at + 2] } << 8)
                | file[at + 3];
            if (std::memcmp(file.data() + at + 4, "meta", 4) == 0) {
                return at + size;
            }
            at += size;
        }
        return 0;
    }

    double meanDifference(ConstImageView a, ConstImageView b)
    {
        EXPECT_EQ(a.width, b.width);
        EXPECT_EQ(a.height, b.height);
        EXPECT_EQ(a.channels, b.channels);
        if (a.width != b.width || a.height != b.height || a.channels != b.channels) {
            return 255;
        }
        double sum = 0;
        for (int y = 0; y < a.height; ++y) {
            for (int x = 0; x < a.width * a.channels; ++x) {
                sum += std::abs(int { a.row(y)[x] } - int { b.row(y)[x] });
            }
        }
        return sum / (double { 1 } * a.width * a.height * a.channels);
    }

    Image mirrored(ConstImageView image)
    {
        Image out = std::move(Image::allocate(image.width, image.height, image.channels)).value();
        for (int y = 0; y < image.height; ++y) {
            for (int x = 0; x < image.width; ++x) {
                std::memcpy(out.view().row(y) + x * image.channels,
                    image.row(y) + (image.width - 1 - x) * image.channels,
                    static_cast<std::size_t>(image.channels));
            }
        }
        return out;
    }

    Image render(const std::vector<std::uint8_t>& bytes, const ResizeSpec& spec)
    {
        ProcessOptions options;
        options.spec = spec;
        auto opened = ImageProcessor(options).open(bytes);
        EXPECT_TRUE(opened.ok()) << opened.error().message;
        if (!opened) {
            return {};
        }
        auto pixels = opened->render();
        EXPECT_TRUE(pixels.ok()) << pixels.error().message;
        return pixels ? std::move(pixels).value() : Image();
    }

    ResizeSpec percent(double p)
    {
        ResizeSpec spec;
        spec.mode = SizeMode::Percent;
        spec.percent = p;
        return spec;
    }

    TEST(HeifDecoder, TellsHeicFromAvifByTheFtypBrands)
    {
        EXPECT_EQ(sniffFormat(readFixture("photo.heic")), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(readFixture("photo.avif")), ImageFormat::Avif);
        EXPECT_EQ(sniffFormat(readFixture("deep12.avif")), ImageFormat::Avif);
        EXPECT_EQ(sniffFormat(ftyp("heic", { "mif1", "heic" })), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(ftyp("heix", {})), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(ftyp("msf1", { "hevc" })), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(ftyp("mif1", { "heic" })), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(ftyp("mif1", {})), ImageFormat::Heif) << "generic HEIF";
        EXPECT_EQ(sniffFormat(ftyp("mif1", { "miaf", "avif" })), ImageFormat::Avif);
        EXPECT_EQ(sniffFormat(ftyp("avis", { "msf1" })), ImageFormat::Avif);
        EXPECT_EQ(sniffFormat(ftyp("isom", { "mp41", "mp42" })), ImageFormat::Unknown);
        EXPECT_EQ(sniffFormat(ftyp("qt  ", {})), ImageFormat::Unknown);
        auto cut = ftyp("heic", {});
        cut.resize(12);
        EXPECT_EQ(sniffFormat(cut), ImageFormat::Unknown) << "no whole ftyp header";
        auto huge = ftyp("heic", {});
        huge[1] = 1; // a 64 KiB ftyp box
        EXPECT_EQ(sniffFormat(huge), ImageFormat::Unknown);
        // Brands past the first 64 bytes (what the planner reads) are not looked at, so any
        // first part of a file is sniffed as the whole file is.
        auto late = ftyp("mif1",
            { "miaf", "MA1B", "miaf", "MA1B", "miaf", "MA1B", "miaf", "MA1B", "miaf", "MA1B",
                "miaf", "MA1B", "avif" });
        ASSERT_GT(late.size(), 64u);
        EXPECT_EQ(sniffFormat(late), ImageFormat::Heif);
        EXPECT_EQ(sniffFormat(std::span(late).first(64)), ImageFormat::Heif);
        const auto mp4 = ftyp("isom", { "mp42" });
        EXPECT_NE(describeContent(mp4, mp4.size()).find("MP4"), std::string::npos);
        EXPECT_STREQ(formatName(ImageFormat::Heif), "heif");
        EXPECT_STREQ(formatName(ImageFormat::Avif), "avif");
        for (const char* ext : { ".heic", ".HEIF", "hif" }) {
            ASSERT_NE(codecForExtension(ext), nullptr) << ext;
            EXPECT_EQ(codecForExtension(ext)->format, ImageFormat::Heif);
        }
        EXPECT_EQ(codecForExtension(".avif")->format, ImageFormat::Avif);
    }

    TEST(HeifDecoder, ReadsSizeAlphaDepthAndMetadataFromTheHeader)
    {
        auto photo = readWholeHeader<HeifDecoder>(readFixture("photo.heic"), {});
        ASSERT_TRUE(photo.ok()) << photo.error().message;
        EXPECT_EQ(photo->format, ImageFormat::Heif);
        EXPECT_EQ(photo->info.width, 227);
        EXPECT_EQ(photo->info.height, 149);
        EXPECT_EQ(photo->info.channels, 3);
        EXPECT_EQ(photo->bitDepth, 8);
        ASSERT_GT(photo->metadata.icc.size(), 128u) << "the sRGB profile heif-enc kept";
        EXPECT_EQ(std::memcmp(photo->metadata.icc.data() + 36, "acsp", 4), 0);

        auto avif = readWholeHeader<HeifDecoder>(readFixture("photo.avif"), {});
        ASSERT_TRUE(avif.ok()) << avif.error().message;
        EXPECT_EQ(avif->format, ImageFormat::Avif);
        EXPECT_TRUE(avif->metadata.icc.empty()) << "nclx only";

        auto alpha = readWholeHeader<HeifDecoder>(readFixture("alpha.avif"), {});
        ASSERT_TRUE(alpha.ok()) << alpha.error().message;
        EXPECT_EQ(alpha->info.channels, 4);
        auto deep10 = readWholeHeader<HeifDecoder>(readFixture("deep10.heic"), {});
        ASSERT_TRUE(deep10.ok()) << deep10.error().message;
        EXPECT_EQ(deep10->bitDepth, 10);
        EXPECT_EQ(deep10->info.channels, 3);
        auto deep12 = readWholeHeader<HeifDecoder>(readFixture("deep12.avif"), {});
        ASSERT_TRUE(deep12.ok()) << deep12.error().message;
        EXPECT_EQ(deep12->bitDepth, 12);

        // The EXIF block's 4-byte offset (6 here: the writer kept "Exif\0\0") is skipped.
        auto six = readWholeHeader<HeifDecoder>(readFixture("orient-6.heic"), {});
        ASSERT_TRUE(six.ok()) << six.error().message;
        ASSERT_GE(six->metadata.exif.size(), 8u);
        EXPECT_TRUE(six->metadata.exif[0] == 'M' || six->metadata.exif[0] == 'I');
        EXPECT_EQ(exifOrientation(six->metadata.exif), 6);
        EXPECT_EQ(six->info.orientation, 1) << "libheif applies the transforms";
        EXPECT_EQ(six->info.width, 72) << "the size after the transforms";
        EXPECT_EQ(six->info.height, 48);
    }

    // The eight HEIC files hold Landscape_N.jpg's stored pixels with irot/imir boxes for EXIF
    // orientation N, and that EXIF: each must come out upright, once, as Landscape_N.jpg does.
    TEST(HeifDecoder, AppliesTheTransformsOnceInAllEightOrientations)
    {
        const Image upright = render(readFixture("orient-1.heic"), percent(50));
        ASSERT_EQ(upright.width(), 36);
        ASSERT_EQ(upright.height(), 24);
        const Image wrong = mirrored(upright.view());
        std::vector<std::string> files;
        for (int n = 1; n <= 8; ++n) {
            files.push_back("orient-" + std::to_string(n) + ".heic");
        }
        files.emplace_back("orient-5.avif");
        files.emplace_back("orient-6.avif");
        for (const std::string& file : files) {
            SCOPED_TRACE(file);
            const auto bytes = readFixture(file);
            auto inspected = ImageProcessor({}).inspect(bytes);
            ASSERT_TRUE(inspected.ok()) << inspected.error().message;
            EXPECT_EQ(inspected->plan.orientation, 1);
            const Image image = render(bytes, percent(50));
            ASSERT_EQ(image.width(), 36) << "rotated twice, or not at all";
            ASSERT_EQ(image.height(), 24);
            const double near = meanDifference(image.view(), upright.view());
            EXPECT_LT(near, 6.0);
            EXPECT_GT(meanDifference(image.view(), wrong.view()), 4 * near + 10) << "mirrored";
        }
    }

    TEST(HeifDecoder, LooksAsTheMatchingExifOrientationJpegsLook)
    {
        DROPSIZE_REQUIRE_TESTDATA(dir);
        ResizeSpec box;
        box.mode = SizeMode::Fit;
        box.width = 36;
        box.height = 24;
        for (int n = 1; n <= 8; ++n) {
            SCOPED_TRACE(n);
            const Image heic = render(readFixture("orient-" + std::to_string(n) + ".heic"), box);
            const Image jpeg = render(test::readFile(dir / "exif-orientation"
                                          / ("Landscape_" + std::to_string(n) + ".jpg")),
                box);
            ASSERT_EQ(heic.width(), 36);
            ASSERT_EQ(jpeg.width(), 36);
            EXPECT_LT(meanDifference(heic.view(), jpeg.view()), 8.0);
            EXPECT_GT(meanDifference(heic.view(), mirrored(jpeg.view()).view()), 20.0);
        }
    }

    // heif-enc keeps a JPEG's EXIF orientation 6 and writes no transform: libheif shows the
    // stored pixels, sideways, and the EXIF tag must not turn them.
    TEST(HeifDecoder, AnExifOrientationWithoutTransformsDoesNotRotate)
    {
        const auto bytes = readFixture("exif6-no-transform.heic");
        auto header = readWholeHeader<HeifDecoder>(bytes, {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        EXPECT_EQ(exifOrientation(header->metadata.exif), 6);
        EXPECT_EQ(header->info.orientation, 1);
        const Image image = render(bytes, percent(50));
        EXPECT_EQ(image.width(), 24);
        EXPECT_EQ(image.height(), 36);

        // The output keeps the EXIF, its orientation written as 1.
        ProcessOptions whole;
        whole.spec = percent(100);
        auto processed = ImageProcessor(whole).process(bytes);
        ASSERT_TRUE(processed.ok()) << processed.error().message;
        EXPECT_EQ(processed->format, ImageFormat::Jpeg) << "keep writes a HEIC as JPEG";
        auto out = readWholeHeader<JpegDecoder>(processed->encoded, {});
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_FALSE(out->metadata.exif.empty());
        EXPECT_EQ(exifOrientation(out->metadata.exif), 1);
        EXPECT_EQ(out->info.width, 48);
        EXPECT_EQ(out->info.height, 72);

        // The same with a file this project writes: EXIF 6 on pixels without a transform.
        const Image pixels = test::makeTestImage(40, 20, 3);
        auto avif = AvifEncoder::encode(pixels.view(), {}, { {}, test::exifWithOrientation(6) });
        ASSERT_TRUE(avif.ok()) << avif.error().message;
        auto back = readWholeHeader<HeifDecoder>(*avif, {});
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_EQ(exifOrientation(back->metadata.exif), 6);
        EXPECT_EQ(back->info.orientation, 1);
        EXPECT_EQ(back->info.width, 40);
        EXPECT_EQ(back->info.height, 20);
    }

    // libheif 1.15 reads every item's data as it parses: no part of a file has a header, not
    // even one that holds the whole 'meta' box.
    TEST(HeifDecoder, HasAHeaderFromTheWholeFileOnly)
    {
        const auto bytes = readFixture("orient-6.heic");
        const std::size_t meta = metaEnd(bytes);
        ASSERT_GT(meta, 100u);
        ASSERT_LT(meta + 100, bytes.size());
        std::vector<std::uint8_t> copy(bytes);
        for (std::size_t cut :
            { std::size_t { 0 }, std::size_t { 8 }, std::size_t { 40 }, meta, bytes.size() - 1 }) {
            SCOPED_TRACE(cut);
            auto part = HeifDecoder::open(std::span(copy).first(cut), {}, false);
            ASSERT_TRUE(part.ok()) << part.error().message;
            EXPECT_FALSE((*part)->hasHeader());
            EXPECT_FALSE((*part)->headerFinal());
            EXPECT_FALSE((*part)->decode(1).ok());
        }
        auto decoder = HeifDecoder::open(std::span(copy).first(meta), {}, false);
        ASSERT_TRUE(decoder.ok());
        ASSERT_TRUE((*decoder)->extend(std::span(copy).first(meta + 50), false).ok());
        EXPECT_FALSE((*decoder)->hasHeader());
        // The whole file, in another buffer: the first one is gone before the pixels are read.
        ASSERT_TRUE((*decoder)->extend(bytes, true).ok());
        std::fill(copy.begin(), copy.end(), std::uint8_t { 0 });
        ASSERT_TRUE((*decoder)->hasHeader());
        EXPECT_TRUE((*decoder)->headerFinal());
        EXPECT_EQ((*decoder)->header().info.width, 72);
        EXPECT_EQ(exifOrientation((*decoder)->header().metadata.exif), 6);
        auto pixels = (*decoder)->decode(1);
        ASSERT_TRUE(pixels.ok()) << pixels.error().message;
        auto whole = decodeWhole<HeifDecoder>(bytes, {});
        ASSERT_TRUE(whole.ok());
        EXPECT_EQ(test::pixelCrc(pixels->view()), test::pixelCrc(whole->view()));

        // Through the processor: a first part, then the whole file.
        auto opened = ImageProcessor({}).open(std::span(bytes).first(meta), bytes.size());
        ASSERT_TRUE(opened.ok()) << opened.error().message;
        EXPECT_FALSE(opened->hasHeader());
        ASSERT_TRUE(opened->extend(bytes).ok());
        ASSERT_TRUE(opened->hasHeader());
        EXPECT_EQ(exifOrientation(opened->inspected().header.metadata.exif), 6);
        EXPECT_EQ(opened->inspected().plan.orientation, 1);
        EXPECT_EQ(opened->inspected().plan.output.width, 36);
        // Told that a part is all there is, it says the file is cut.
        auto cut = ImageProcessor({}).open(std::span(bytes).first(meta + 50), bytes.size());
        ASSERT_TRUE(cut.ok());
        auto finished = cut->finishHeader();
        ASSERT_FALSE(finished.ok());
        EXPECT_EQ(finished.error().code, ErrorCode::CorruptData);
        EXPECT_NE(finished.error().message.find("truncated"), std::string::npos)
            << finished.error().message;
    }

    // The file with `padding` zero bytes in a 'free' box before its 'mdat' box, and the item
    // locations in the file (iloc's construction method 0: absolute offsets) moved by as much, so
    // that it holds the same image with its coded data that much further into the file.
    std::vector<std::uint8_t> paddedBeforeMdat(
        std::vector<std::uint8_t> file, std::uint32_t padding)
    {
        const auto read = [&](std::size_t at, int bytes) {
            std::uint64_t v = 0;
            for (int i = 0; i < bytes; ++i) {
                v = (v << 8) | file.at(at + static_cast<std::size_t>(i));
            }
            return v;
        };
        const auto add = [&](std::size_t at, int bytes, std::uint64_t delta) {
            std::uint64_t v = read(at, bytes) + delta;
            for (int i = bytes - 1; i >= 0; --i, v >>= 8) {
                file.at(at + static_cast<std::size_t>(i)) = static_cast<std::uint8_t>(v);
            }
        };
        const std::string_view text(reinterpret_cast<const char*>(file.data()), file.size());
        const std::size_t iloc = text.find("iloc") - 4;
        const std::size_t mdat = text.find("mdat") - 4;
        const int version = file.at(iloc + 8);
        const int offsetSize = file.at(iloc + 12) >> 4;
        const int lengthSize = file.at(iloc + 12) & 15;
        const int baseSize = file.at(iloc + 13) >> 4;
        const int indexSize = version > 0 ? file.at(iloc + 13) & 15 : 0;
        std::size_t at = iloc + 14;
        const int idSize = version < 2 ? 2 : 4;
        const auto items = read(at, idSize);
        at += static_cast<std::size_t>(idSize);
        for (std::uint64_t item = 0; item < items; ++item) {
            // Method 0: in the file; 1 (idat, a grid's layout) and 2 stay where they are.
            const bool inFile
                = version == 0 || (read(at + static_cast<std::size_t>(idSize), 2) & 15) == 0;
            at += static_cast<std::size_t>(idSize) + (version > 0 ? 2 : 0) + 2; // id, method, ref
            if (baseSize > 0 && inFile) {
                add(at, baseSize, padding);
            }
            at += static_cast<std::size_t>(baseSize);
            const auto extents = read(at, 2);
            at += 2;
            for (std::uint64_t e = 0; e < extents; ++e) {
                at += static_cast<std::size_t>(indexSize);
                if (baseSize == 0 && inFile) {
                    add(at, offsetSize, padding);
                }
                at += static_cast<std::size_t>(offsetSize + lengthSize);
            }
        }
        std::vector<std::uint8_t> box = { static_cast<std::uint8_t>((padding + 8) >> 24),
            static_cast<std::uint8_t>((padding + 8) >> 16),
            static_cast<std::uint8_t>((padding + 8) >> 8), static_cast<std::uint8_t>(padding + 8),
            'f', 'r', 'e', 'e' };
        box.resize(box.size() + padding - 8, 0);
        file.insert(file.begin() + static_cast<std::ptrdiff_t>(mdat), box.begin(), box.end());
        return file;
    }

    // A HEIF's header is its whole file (libheif parses every item as it opens one): a HEIC
    // whose coded image lies past the 16 MiB a header is otherwise looked for in is read whole,
    // and resized as the same image near the file's start.
    TEST(HeifFormats, AHeicLargerThanTheHeaderPrefixesIsResizedAsTheSameImage)
    {
        const std::vector<std::uint8_t> plain = readFixture("photo.heic");
        const std::vector<std::uint8_t> padded = paddedBeforeMdat(plain, 17u << 20);
        ASSERT_GT(padded.size(), std::size_t { 17u << 20 });
        // The padding is sound: libheif itself reads the same pixels from both.
        auto a = HeifDecoder::open(plain, DecodeLimits {}, true);
        auto b = HeifDecoder::open(padded, DecodeLimits {}, true);
        ASSERT_TRUE(a.ok() && b.ok());
        auto pa = (*a)->decode(1);
        auto pb = (*b)->decode(1);
        ASSERT_TRUE(pa.ok() && pb.ok()) << (pb.ok() ? "" : pb.error().message);
        ASSERT_EQ(pa->width(), pb->width());
        EXPECT_EQ(std::memcmp(pa->data(), pb->data(),
                      Image::byteSize(pa->width(), pa->height(), pa->channels())),
            0);

        test::TempDir tmp;
        test::writeFile(tmp.path() / "plain.heic", plain);
        test::writeFile(tmp.path() / "padded.heic", padded);
        auto plan = BatchPlanner(PlanOptions {}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        BatchOptions options;
        options.threads = 2;
        const BatchSummary summary = BatchScheduler(options).run(*plan);
        EXPECT_EQ(summary.ok, 2u);
        EXPECT_EQ(summary.failed, 0u);
        const fs::path out = tmp.path() / "ResizeImage";
        ASSERT_TRUE(fs::exists(out / "padded.jpg"));
        EXPECT_EQ(test::readFile(out / "padded.jpg"), test::readFile(out / "plain.jpg"));
    }

    TEST(HeifDecoder, FailsTruncatedAndCorruptFilesWithAReason)
    {
        for (const char* name : { "photo.heic", "alpha.avif", "deep10.heic" }) {
            const auto bytes = readFixture(name);
            const std::size_t meta = metaEnd(bytes);
            for (std::size_t cut :
                { std::size_t { 20 }, meta / 2, meta + 10, bytes.size() / 2, bytes.size() - 1 }) {
                SCOPED_TRACE(std::string(name) + " cut at " + std::to_string(cut));
                auto decoded = decodeWhole<HeifDecoder>(std::span(bytes).first(cut), {});
                ASSERT_FALSE(decoded.ok());
                EXPECT_EQ(decoded.error().code, ErrorCode::CorruptData);
                EXPECT_TRUE(decoded.error().message.starts_with(
                    std::string(name).ends_with(".avif") ? "AVIF: " : "HEIF: "))
                    << decoded.error().message;
                EXPECT_GT(decoded.error().message.size(), 10u);
            }
        }
        // The primary item's id in 'pitm' pointed at nothing.
        auto bytes = readFixture("photo.heic");
        const auto pitm = std::search(bytes.begin(), bytes.end(), "pitm", "pitm" + 4);
        ASSERT_NE(pitm, bytes.end());
        pitm[9] = 0x7f;
        auto refused = HeifDecoder::open(bytes, {});
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::CorruptData);
        EXPECT_TRUE(refused.error().message.starts_with("HEIF: ")) << refused.error().message;
        // A header and nothing else.
        const auto brands = ftyp("heic", { "mif1" });
        auto empty = openDecoder(brands, {});
        ASSERT_FALSE(empty.ok());
        EXPECT_TRUE(empty.error().message.starts_with("HEIF: ")) << empty.error().message;
    }

    TEST(HeifDecoder, ChecksThePixelAndMemoryLimitsFromTheHeader)
    {
        const auto bytes = readFixture("alpha.heic");
        DecodeLimits limits;
        limits.maxPixels = 227 * 149 - 1;
        auto refused = HeifDecoder::open(bytes, limits);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::LimitExceeded);
        EXPECT_EQ(refused.error().message, limitMessage(227, 149, limits.maxPixels));
        limits.maxPixels = 227 * 149;
        EXPECT_TRUE(HeifDecoder::open(bytes, limits).ok());
        // libheif's side limit follows the pixel limit, and refuses before Dropsize looks.
        limits.maxPixels = 100;
        auto tiny = HeifDecoder::open(bytes, limits);
        ASSERT_FALSE(tiny.ok());
        EXPECT_EQ(tiny.error().code, ErrorCode::LimitExceeded);
        limits = {};
        limits.maxMemoryBytes = 227 * 149 * 4 - 1;
        auto memory = HeifDecoder::open(bytes, limits);
        ASSERT_FALSE(memory.ok());
        EXPECT_EQ(memory.error().code, ErrorCode::LimitExceeded);
        EXPECT_EQ(memory.error().message, kDecodeMemoryMessage);
        // The processor's estimate counts libheif's planes beside the image.
        auto opened = ImageProcessor({}).open(bytes);
        ASSERT_TRUE(opened.ok());
        EXPECT_GT(opened->inspected().memoryEstimate, 3u * 227 * 149 * 4);
    }

    TEST(HeifDecoder, DecodesRowsAsItDecodesTheImage)
    {
        for (const char* name : { "alpha.heic", "deep12.avif", "orient-7.heic" }) {
            SCOPED_TRACE(name);
            const auto bytes = readFixture(name);
            auto whole = decodeWhole<HeifDecoder>(bytes, {});
            ASSERT_TRUE(whole.ok()) << whole.error().message;
            auto decoder = HeifDecoder::open(bytes, {});
            ASSERT_TRUE(decoder.ok());
            const ImageInfo& info = (*decoder)->header().info;
            std::vector<std::uint8_t> rows;
            int calls = 0;
            const Status status = (*decoder)->decodeRows(
                1, { info.width, info.height },
                [&](std::uint8_t* at, std::ptrdiff_t stride, int count) {
                    ++calls;
                    for (int y = 0; y < count; ++y) {
                        rows.insert(rows.end(), at + y * stride,
                            at + y * stride + info.width * info.channels);
                    }
                    return Status {};
                },
                nullptr);
            ASSERT_TRUE(status.ok()) << status.error().message;
            EXPECT_EQ(
                calls, (info.height + HeifDecoder::kRowsPerCall - 1) / HeifDecoder::kRowsPerCall);
            const ConstImageView got { rows.data(), info.width, info.height, info.channels,
                static_cast<std::ptrdiff_t>(info.width) * info.channels };
            EXPECT_EQ(test::pixelCrc(got), test::pixelCrc(whole->view()));
        }
        CancelToken cancel;
        cancel.requestStop();
        auto stopped = decodeWhole<HeifDecoder>(readFixture("photo.heic"), {}, &cancel);
        ASSERT_FALSE(stopped.ok());
        EXPECT_EQ(stopped.error().code, ErrorCode::Cancelled);
    }

    TEST(HeifFormats, KeepWritesAHeicAsJpegAndAnAvifAsAvif)
    {
        EXPECT_EQ(outputFormatFor(OutputFormat::Keep, ImageFormat::Heif), ImageFormat::Jpeg);
        EXPECT_EQ(outputFormatFor(OutputFormat::Keep, ImageFormat::Avif), ImageFormat::Avif);
        EXPECT_EQ(outputFormatFor(OutputFormat::Avif, ImageFormat::Heif), ImageFormat::Avif);
        EXPECT_EQ(outputFormatFor(OutputFormat::Avif, ImageFormat::Jpeg), ImageFormat::Avif);
        EXPECT_EQ(outputFormatFor(OutputFormat::Png, ImageFormat::Avif), ImageFormat::Png);
        EXPECT_EQ(findCodec(ImageFormat::Heif)->encode, nullptr) << "HEIF is read only";
        const Image pixels = test::makeTestImage(8, 8, 3);
        auto refused = ImageProcessor({}).encode(pixels.view(), ImageFormat::Heif, {});
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::InvalidArgument);

        auto avif = ImageProcessor({}).process(readFixture("photo.avif"));
        ASSERT_TRUE(avif.ok()) << avif.error().message;
        EXPECT_EQ(avif->format, ImageFormat::Avif);
        EXPECT_EQ(sniffFormat(avif->encoded), ImageFormat::Avif);
        auto heic = ImageProcessor({}).process(readFixture("photo.heic"));
        ASSERT_TRUE(heic.ok()) << heic.error().message;
        EXPECT_EQ(heic->format, ImageFormat::Jpeg);
        EXPECT_EQ(sniffFormat(heic->encoded), ImageFormat::Jpeg);
    }

    // Gradients, which a lossy coder at a high quality keeps close (the sharp coloured edges of
    // makeTestImage() lose to 4:2:0 chroma).
    Image smoothImage(int width, int height, int channels)
    {
        Image image = std::move(Image::allocate(width, height, channels)).value();
        for (int y = 0; y < height; ++y) {
            for (int x = 0; x < width; ++x) {
                std::uint8_t* p = image.view().row(y) + x * channels;
                const int values[4] = { 255 * x / width, 255 * y / height,
                    255 * (x + y) / (width + height), 64 + 191 * x / width };
                for (int c = 0; c < channels; ++c) {
                    p[c] = static_cast<std::uint8_t>(values[channels <= 2 && c == 1 ? 3 : c]);
                }
            }
        }
        return image;
    }

    TEST(AvifEncoder, RoundTripsSizeAlphaAndPixelsForEveryChannelCount)
    {
        for (int channels = 1; channels <= 4; ++channels) {
            SCOPED_TRACE(channels);
            const Image image = smoothImage(67, 45, channels);
            EncodeOptions options;
            options.avifQuality = 90;
            auto bytes = AvifEncoder::encode(image.view(), options, {});
            ASSERT_TRUE(bytes.ok()) << bytes.error().message;
            auto decoded = decodeWhole<HeifDecoder>(*bytes, {});
            ASSERT_TRUE(decoded.ok()) << decoded.error().message;
            ASSERT_EQ(decoded->width(), 67);
            ASSERT_EQ(decoded->height(), 45);
            const bool alpha = channels % 2 == 0;
            ASSERT_EQ(decoded->channels(), alpha ? 4 : 3);
            // Grey comes back as R = G = B; compare sample by sample with the input's.
            double sum = 0;
            for (int y = 0; y < 45; ++y) {
                for (int x = 0; x < 67; ++x) {
                    const std::uint8_t* in = image.view().row(y) + x * channels;
                    const std::uint8_t* out = decoded->view().row(y) + x * decoded->channels();
                    for (int c = 0; c < decoded->channels(); ++c) {
                        const int from = channels <= 2 ? (c == 3 ? 1 : 0) : c;
                        sum += std::abs(int { in[from] } - int { out[c] });
                    }
                }
            }
            EXPECT_LT(sum / (67.0 * 45 * decoded->channels()), 6.0);
        }
    }

    TEST(AvifEncoder, KeepsTheIccProfileAndExifAndFollowsQualityAndSpeed)
    {
        const Image image = test::makeTestImage(96, 64, 3);
        auto photo = readWholeHeader<HeifDecoder>(readFixture("photo.heic"), {});
        ASSERT_TRUE(photo.ok());
        const Metadata metadata { photo->metadata.icc, test::exifWithOrientation(1, 300) };
        auto bytes = AvifEncoder::encode(image.view(), {}, metadata);
        ASSERT_TRUE(bytes.ok()) << bytes.error().message;
        auto back = readWholeHeader<HeifDecoder>(*bytes, {});
        ASSERT_TRUE(back.ok()) << back.error().message;
        EXPECT_EQ(back->metadata.icc, metadata.icc);
        EXPECT_EQ(back->metadata.exif, metadata.exif);

        EncodeOptions low;
        low.avifQuality = 10;
        EncodeOptions high;
        high.avifQuality = 95;
        auto small = AvifEncoder::encode(image.view(), low, {});
        auto large = AvifEncoder::encode(image.view(), high, {});
        ASSERT_TRUE(small.ok() && large.ok());
        EXPECT_LT(small->size() * 2, large->size());
        for (int speed : { kMinAvifSpeed + 3, kMaxAvifSpeed }) {
            EncodeOptions options;
            options.avifSpeed = speed;
            auto encoded = AvifEncoder::encode(image.view(), options, {});
            ASSERT_TRUE(encoded.ok()) << speed << ": " << encoded.error().message;
            EXPECT_TRUE(decodeWhole<HeifDecoder>(*encoded, {}).ok());
        }
        CancelToken cancel;
        cancel.requestStop();
        auto stopped = AvifEncoder::encode(image.view(), {}, {}, &cancel);
        ASSERT_FALSE(stopped.ok());
        EXPECT_EQ(stopped.error().code, ErrorCode::Cancelled);
    }

    // aom cannot stop an encode half way (at speed 0 a large image takes minutes): a cancel
    // answers at once and leaves the encode to finish alone, which then frees what it used.
    // With a cancel that never comes, the encode on its own thread makes the same bytes.
    TEST(AvifEncoder, ACancelMidEncodeAnswersAtOnceAndTheEncodeEndsAlone)
    {
        const Image image = test::makeTestImage(256, 192, 3);
        EncodeOptions slowest;
        slowest.avifSpeed = kMinAvifSpeed;
        CancelToken cancel;
        std::atomic<bool> started { false };
        Result<std::vector<std::uint8_t>> stopped = Error::of(ErrorCode::Internal, Text {});
        std::thread encoding([&] {
            started = true;
            stopped = AvifEncoder::encode(image.view(), slowest, {}, &cancel);
        });
        while (!started) {
            std::this_thread::yield();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(150));
        cancel.requestStop();
        encoding.join();
        ASSERT_FALSE(stopped.ok()) << "the encode ended within 150 ms: the image is too small "
                                      "to show a cancel mid-encode";
        EXPECT_EQ(stopped.error().code, ErrorCode::Cancelled);
        EXPECT_EQ(AvifEncoder::abandonedEncodes(), 1) << "the cancel waited for aom";
        // The encode goes on alone and ends (in about 3 s at this size).
        for (int i = 0; i < 6000 && AvifEncoder::abandonedEncodes() > 0; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        EXPECT_EQ(AvifEncoder::abandonedEncodes(), 0);

        const Image small = test::makeTestImage(96, 64, 3);
        CancelToken never;
        auto threaded = AvifEncoder::encode(small.view(), {}, {}, &never);
        auto inline_ = AvifEncoder::encode(small.view(), {}, {});
        ASSERT_TRUE(threaded.ok() && inline_.ok());
        EXPECT_EQ(*threaded, *inline_);
    }

    // An oriented HEIC made AVIF: upright pixels, EXIF orientation 1, no transform to apply.
    TEST(AvifEncoder, AnOrientedHeicBecomesAnUprightAvif)
    {
        ProcessOptions options;
        options.spec = percent(50);
        auto processed
            = ImageProcessor(options).process(readFixture("orient-8.heic"), OutputFormat::Avif);
        ASSERT_TRUE(processed.ok()) << processed.error().message;
        EXPECT_EQ(processed->format, ImageFormat::Avif);
        auto header = readWholeHeader<HeifDecoder>(processed->encoded, {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        EXPECT_EQ(header->info.width, 36);
        EXPECT_EQ(header->info.height, 24);
        EXPECT_EQ(exifOrientation(header->metadata.exif), 1);
        // What the processor wrote is what it rendered.
        const Image rendered = render(readFixture("orient-8.heic"), percent(50));
        auto decoded = decodeWhole<HeifDecoder>(processed->encoded, {});
        ASSERT_TRUE(decoded.ok());
        EXPECT_LT(meanDifference(decoded->view(), rendered.view()), 6.0);

        options.stripMetadata = true;
        auto stripped
            = ImageProcessor(options).process(readFixture("photo.heic"), OutputFormat::Avif);
        ASSERT_TRUE(stripped.ok()) << stripped.error().message;
        auto bare = readWholeHeader<HeifDecoder>(stripped->encoded, {});
        ASSERT_TRUE(bare.ok());
        EXPECT_TRUE(bare->metadata.icc.empty());
        EXPECT_TRUE(bare->metadata.exif.empty());
    }

} // namespace
} // namespace dropsize
