// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// CMYK and YCCK JPEGs (tests/golden/fixtures/cmyk/, made by make_cmyk_golden.py): with lcms2,
// their pixels must be lcms2's own transform of libjpeg's CMYK samples with the file's profile
// or the standard one (cmyk_reference.cpp), max difference 0, and their resized outputs must be
// Pillow's resize of those pixels (cmyk_golden.tsv). Without lcms2, the plain formula stays.

#include "codecs/jpeg/jpeg_decoder.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/build_config.h"
#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#if DROPSIZE_WITH_LCMS2
#include "codecs/cmyk_transform.h"
#include "core/codecs/cmyk_reference.h"
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    fs::path fixture(const std::string& name)
    {
        return test::goldenPath("fixtures") / "cmyk" / name;
    }

    TEST(CmykJpeg, EveryFixtureDecodesToRgbWithoutItsCmykProfile)
    {
        for (const char* name : { "adobe-icc.jpg", "adobe.jpg", "plain-icc.jpg", "ycck-icc.jpg",
                 "ycck.jpg", "progressive-icc.jpg", "rgb-profile.jpg", "broken-profile.jpg",
                 "cut-profile.jpg", "no-a2b-profile.jpg" }) {
            SCOPED_TRACE(name);
            const auto bytes = test::readFile(fixture(name));
            auto header = readWholeHeader<JpegDecoder>(bytes, {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            EXPECT_TRUE(header->cmyk);
            EXPECT_EQ(header->info.channels, 3);
            EXPECT_TRUE(header->metadata.icc.empty()) << "a CMYK profile does not describe RGB";
            auto image = decodeWhole<JpegDecoder>(bytes, {});
            ASSERT_TRUE(image.ok()) << image.error().message;
            EXPECT_EQ(image->width(), 80);
            EXPECT_EQ(image->height(), 60);
        }
    }

#if DROPSIZE_WITH_LCMS2

    // The pixels of an RGB image, rows end to end.
    std::vector<std::uint8_t> packed(ConstImageView view)
    {
        std::vector<std::uint8_t> out;
        for (int y = 0; y < view.height; ++y) {
            const std::uint8_t* row = view.row(y);
            out.insert(
                out.end(), row, row + static_cast<std::ptrdiff_t>(view.width) * view.channels);
        }
        return out;
    }

    int maxDifference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b)
    {
        EXPECT_EQ(a.size(), b.size());
        int most = 0;
        for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
            most = std::max(most, std::abs(int { a[i] } - int { b[i] }));
        }
        return most;
    }

    std::vector<std::uint8_t> standardProfileFile()
    {
        return test::readFile(DROPSIZE_CMYK_PROFILE_PATH);
    }

    // A JPEG with an APP14 Adobe marker (transform 0: CMYK as it is) put in after its SOI, or
    // with the one it has taken out.
    std::vector<std::uint8_t> withAdobeMarker(const std::vector<std::uint8_t>& jpeg)
    {
        const std::uint8_t app14[] = { 0xff, 0xee, 0x00, 0x0e, 'A', 'd', 'o', 'b', 'e', 0x00, 0x64,
            0x00, 0x00, 0x00, 0x00, 0x00 };
        std::vector<std::uint8_t> out(jpeg.begin(), jpeg.begin() + 2);
        out.insert(out.end(), std::begin(app14), std::end(app14));
        out.insert(out.end(), jpeg.begin() + 2, jpeg.end());
        return out;
    }

    std::vector<std::uint8_t> withoutAdobeMarker(const std::vector<std::uint8_t>& jpeg)
    {
        std::size_t at = 2;
        while (at + 4 <= jpeg.size() && jpeg[at] == 0xff && jpeg[at + 1] != 0xda) {
            const std::size_t length = (std::size_t { jpeg[at + 2] } << 8) | jpeg[at + 3];
            if (jpeg[at + 1] == 0xee) {
                std::vector<std::uint8_t> out(
                    jpeg.begin(), jpeg.begin() + static_cast<std::ptrdiff_t>(at));
                out.insert(out.end(), jpeg.begin() + static_cast<std::ptrdiff_t>(at + 2 + length),
                    jpeg.end());
                return out;
            }
            at += 2 + length;
        }
        ADD_FAILURE() << "no APP14 marker";
        return jpeg;
    }

    // What the decoder must give: lcms2's own transform with `profile`, inverted as the file's
    // marker says.
    std::vector<std::uint8_t> expected(
        const std::vector<std::uint8_t>& jpeg, int scale, std::span<const std::uint8_t> profile)
    {
        const test::RawCmyk raw = test::decodeRawCmyk(jpeg, scale);
        return test::lcmsToRgb(raw, profile, raw.adobe);
    }

    // The plain formula the decoder used before lcms2, and still uses without it.
    std::vector<std::uint8_t> formula(const test::RawCmyk& raw)
    {
        std::vector<std::uint8_t> rgb;
        for (std::size_t i = 0; i < raw.samples.size(); i += 4) {
            const auto ink = [&](std::size_t c) {
                return raw.adobe ? raw.samples[i + c] : 255u - raw.samples[i + c];
            };
            for (std::size_t c = 0; c < 3; ++c) {
                rgb.push_back(static_cast<std::uint8_t>((ink(c) * ink(3) + 127u) / 255u));
            }
        }
        return rgb;
    }

    Result<Image> decodeAt(const std::vector<std::uint8_t>& jpeg, int scale)
    {
        return decodeWhole<JpegDecoder>(jpeg, {}, nullptr, scale);
    }

    TEST(CmykJpeg, TheStandardProfileIsBuiltInUnchanged)
    {
        const std::vector<std::uint8_t> file = standardProfileFile();
        const auto built = standardCmykProfile();
        ASSERT_EQ(built.size(), file.size());
        EXPECT_TRUE(std::equal(built.begin(), built.end(), file.begin()));
    }

    TEST(CmykJpeg, EmbeddedProfileGivesLcms2sOwnTransformAtEveryScale)
    {
        for (const char* name :
            { "adobe-icc.jpg", "plain-icc.jpg", "ycck-icc.jpg", "progressive-icc.jpg" }) {
            const auto bytes = test::readFile(fixture(name));
            const test::RawCmyk raw = test::decodeRawCmyk(bytes, 1);
            ASSERT_FALSE(raw.icc.empty()) << name;
            EXPECT_EQ(raw.adobe, std::string(name) != "plain-icc.jpg") << name;
            auto header = readWholeHeader<JpegDecoder>(bytes, {});
            ASSERT_TRUE(header.ok());
            EXPECT_EQ(header->warning.english(), "") << name;
            for (const int scale : { 1, 2, 4, 8 }) {
                SCOPED_TRACE(std::string(name) + " at 1/" + std::to_string(scale));
                const auto want = expected(bytes, scale, raw.icc);
                ASSERT_FALSE(want.empty()) << "lcms2 refuses the test profile";
                auto image = decodeAt(bytes, scale);
                ASSERT_TRUE(image.ok()) << image.error().message;
                EXPECT_EQ(maxDifference(packed(image->view()), want), 0);
            }
        }
    }

    TEST(CmykJpeg, AFileWithoutAProfileGetsTheStandardOne)
    {
        const std::vector<std::uint8_t> standard = standardProfileFile();
        for (const char* name : { "adobe.jpg", "ycck.jpg" }) {
            const auto bytes = test::readFile(fixture(name));
            auto header = readWholeHeader<JpegDecoder>(bytes, {});
            ASSERT_TRUE(header.ok());
            const std::string warning = header->warning.english();
            EXPECT_NE(
                warning.find("it has no ICC profile; the standard CMYK profile"), std::string::npos)
                << warning;
            for (const int scale : { 1, 2, 4, 8 }) {
                SCOPED_TRACE(std::string(name) + " at 1/" + std::to_string(scale));
                auto image = decodeAt(bytes, scale);
                ASSERT_TRUE(image.ok()) << image.error().message;
                const auto pixels = packed(image->view());
                EXPECT_EQ(maxDifference(pixels, expected(bytes, scale, standard)), 0);
                EXPECT_GT(maxDifference(pixels, formula(test::decodeRawCmyk(bytes, scale))), 20)
                    << "the plain formula, not the profile";
            }
        }
    }

    // Adobe's marker says the samples are inverted: the same data read with and without it are
    // different colours, each lcms2's own.
    TEST(CmykJpeg, InversionFollowsAdobesMarker)
    {
        for (const char* name : { "adobe-icc.jpg", "plain-icc.jpg" }) {
            SCOPED_TRACE(name);
            const auto bytes = test::readFile(fixture(name));
            const bool adobe = std::string(name) == "adobe-icc.jpg";
            const auto flipped = adobe ? withoutAdobeMarker(bytes) : withAdobeMarker(bytes);
            const test::RawCmyk raw = test::decodeRawCmyk(bytes, 1);
            const test::RawCmyk rawFlipped = test::decodeRawCmyk(flipped, 1);
            ASSERT_EQ(raw.adobe, adobe);
            ASSERT_EQ(rawFlipped.adobe, !adobe);
            ASSERT_EQ(rawFlipped.samples, raw.samples) << "the marker changes no sample";
            auto image = decodeAt(bytes, 1);
            auto imageFlipped = decodeAt(flipped, 1);
            ASSERT_TRUE(image.ok() && imageFlipped.ok());
            const auto pixels = packed(image->view());
            const auto pixelsFlipped = packed(imageFlipped->view());
            EXPECT_EQ(maxDifference(pixels, test::lcmsToRgb(raw, raw.icc, adobe)), 0);
            EXPECT_EQ(maxDifference(pixelsFlipped, test::lcmsToRgb(raw, raw.icc, !adobe)), 0);
            EXPECT_GT(maxDifference(pixels, pixelsFlipped), 100);
        }
    }

    TEST(CmykJpeg, RowsLeaveAFewAtATimeAsTheWholeImageHasThem)
    {
        const auto bytes = test::readFile(fixture("adobe-icc.jpg"));
        auto whole = decodeAt(bytes, 1);
        ASSERT_TRUE(whole.ok());
        auto decoder = JpegDecoder::open(bytes, {});
        ASSERT_TRUE(decoder.ok());
        std::vector<std::uint8_t> rows;
        int calls = 0;
        const Status status = (*decoder)->decodeRows(
            1, { 80, 60 }, [&](std::uint8_t* data, std::ptrdiff_t stride, int count) {
                EXPECT_LE(count, JpegDecoder::kRowsPerCall);
                for (int y = 0; y < count; ++y) {
                    rows.insert(rows.end(), data + y * stride, data + y * stride + 80 * 3);
                }
                ++calls;
                return Status {};
            });
        ASSERT_TRUE(status.ok()) << status.error().message;
        EXPECT_GE(calls, 60 / JpegDecoder::kRowsPerCall);
        EXPECT_EQ(rows, packed(whole->view()));
    }

    // A profile lcms2 cannot read CMYK with (lcms2's own transform refuses each too) gives way to
    // the standard one, and the header says so for the job.
    TEST(CmykJpeg, AnUnusableProfileGivesWayToTheStandardOneWithAWarning)
    {
        const std::vector<std::uint8_t> standard = standardProfileFile();
        const std::pair<const char*, const char*> cases[] = {
            { "rgb-profile.jpg", "it is for RGB, not CMYK" },
            { "broken-profile.jpg", "it cannot be read" },
            { "cut-profile.jpg", "lcms2 cannot read CMYK with it" },
            { "no-a2b-profile.jpg", "lcms2 cannot read CMYK with it" },
        };
        for (const auto& [name, why] : cases) {
            SCOPED_TRACE(name);
            const auto bytes = test::readFile(fixture(name));
            const test::RawCmyk raw = test::decodeRawCmyk(bytes, 1);
            ASSERT_FALSE(raw.icc.empty());
            EXPECT_TRUE(test::lcmsToRgb(raw, raw.icc, raw.adobe).empty());
            auto header = readWholeHeader<JpegDecoder>(bytes, {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            const std::string warning = header->warning.english();
            EXPECT_NE(warning.find(why), std::string::npos) << warning;
            EXPECT_NE(warning.find("the standard CMYK profile"), std::string::npos) << warning;
            auto image = decodeAt(bytes, 2);
            ASSERT_TRUE(image.ok()) << image.error().message;
            EXPECT_EQ(maxDifference(packed(image->view()), expected(bytes, 2, standard)), 0);
        }
    }

    // Pillow puts a profile together from its segments sorted by sequence number when the first
    // says as many parts as there are (tests/golden has the Python that checked it): so do
    // Dropsize's CMYK colours. A chain Pillow refuses gives the standard profile, with a note.
    TEST(CmykJpeg, PutsTheProfileTogetherAsPillowDoesOrSaysWhyNot)
    {
        const auto bytes = test::readFile(fixture("adobe-icc.jpg"));
        const test::RawCmyk raw = test::decodeRawCmyk(bytes, 1);
        ASSERT_GT(raw.icc.size(), 100u);
        const auto own = expected(bytes, 2, raw.icc);
        const auto standard = expected(bytes, 2, standardProfileFile());
        ASSERT_GT(maxDifference(own, standard), 20) << "the two profiles must tell apart";
        const std::vector<std::pair<const char*, std::vector<test::IccSegment>>> taken = {
            { "numbered from 0", { { 0, 2, 0 }, { 1, 2, 1 } } },
            { "numbers skipped", { { 1, 2, 0 }, { 3, 2, 1 } } },
            { "in reverse order", { { 2, 2, 1 }, { 1, 2, 0 } } },
            { "counts that differ after the first", { { 1, 2, 0 }, { 2, 5, 1 } } },
        };
        for (const auto& [what, segments] : taken) {
            SCOPED_TRACE(what);
            const auto file = test::jpegWithIccSegments(bytes, raw.icc, 2, segments);
            auto header = readWholeHeader<JpegDecoder>(file, {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            EXPECT_EQ(header->warning.english(), "");
            auto image = decodeAt(file, 2);
            ASSERT_TRUE(image.ok()) << image.error().message;
            EXPECT_EQ(maxDifference(packed(image->view()), own), 0);
        }
        const std::vector<std::tuple<const char*, std::vector<test::IccSegment>, const char*>>
            refused = {
                { "a part twice", { { 1, 2, 0 }, { 1, 2, 0 }, { 2, 2, 1 } },
                    "it says 2, the file holds 3" },
                { "a part missing", { { 1, 3, 0 }, { 2, 3, 1 } }, "it says 3, the file holds 2" },
                { "a count of 0", { { 1, 0, 0 } }, "it says 0, the file holds 1" },
            };
        for (const auto& [what, segments, why] : refused) {
            SCOPED_TRACE(what);
            const auto file = test::jpegWithIccSegments(bytes, raw.icc, 2, segments);
            auto header = readWholeHeader<JpegDecoder>(file, {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            const std::string warning = header->warning.english();
            EXPECT_NE(warning.find(std::string("CMYK: its ICC profile was not used (its parts do "
                                               "not add up: ")
                          + why + "); the standard CMYK profile"),
                std::string::npos)
                << warning;
            auto image = decodeAt(file, 2);
            ASSERT_TRUE(image.ok()) << image.error().message;
            EXPECT_EQ(maxDifference(packed(image->view()), standard), 0);
        }
    }

    struct NoteObserver : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> reports;
        void onJobFinished(const JobReport& r) override
        {
            const std::lock_guard lock(mutex);
            reports.push_back(r);
        }
    };

    TEST(CmykJpeg, TheJobSaysWhichProfileWasNotUsedAndSucceeds)
    {
        test::TempDir tmp;
        const std::map<std::string, std::string> notes = {
            { "broken-profile.jpg", "CMYK: its ICC profile was not used (it cannot be read" },
            { "adobe.jpg", "CMYK: it has no ICC profile; the standard CMYK profile" },
            { "adobe-icc.jpg", "" },
        };
        for (const auto& [name, note] : notes) {
            fs::copy_file(fixture(name), tmp.path() / name);
        }
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        NoteObserver observer;
        const BatchSummary summary = BatchScheduler({}, &observer).run(*plan);
        EXPECT_EQ(summary.ok, 3u);
        ASSERT_EQ(observer.reports.size(), 3u);
        for (const JobReport& r : observer.reports) {
            SCOPED_TRACE(r.input.filename().string());
            EXPECT_EQ(r.status, JobStatus::Ok);
            const std::string& note = notes.at(r.input.filename().string());
            if (note.empty()) {
                EXPECT_EQ(r.note.english().find("CMYK"), std::string::npos) << r.note.english();
            } else {
                EXPECT_NE(r.note.english().find(note), std::string::npos) << r.note.english();
            }
        }
    }

    TEST(CmykJpeg, TheTransformsMemoryIsCountedAndCapped)
    {
        const auto bytes = test::readFile(fixture("adobe-icc.jpg"));
        auto decoder = JpegDecoder::open(bytes, {});
        ASSERT_TRUE(decoder.ok());
        Text warning;
        auto transform = CmykTransform::create({}, true, 1ull << 30, warning);
        ASSERT_TRUE(transform.ok()) << transform.error().message;
        EXPECT_TRUE(transform->usesStandardProfile());
        // lcms2's precomputed table alone: 17^4 points of 3 16-bit values.
        EXPECT_GT(transform->memoryBytes(), 83521u * 6);
        EXPECT_LT(transform->memoryBytes(), 4u << 20);
        const std::uint64_t held = (*decoder)->workingMemory({ 80, 60 }, true);
        EXPECT_GT(held, 83521u * 6 + 80 * 4) << "the transform and the CMYK row";
        // A baseline RGB JPEG holds nothing beyond the rows it hands on.
        auto rgb = JpegDecoder::open(test::readFile(test::goldenPath("fixtures/s444.jpg")), {});
        ASSERT_TRUE(rgb.ok());
        EXPECT_EQ((*rgb)->workingMemory({ 80, 60 }, true), 0u);

        // Within too small a limit even the standard profile's transform cannot be made: the
        // file fails over the limit, as any decode over its memory does.
        DecodeLimits limits;
        limits.maxMemoryBytes = 256u << 10;
        auto refused = JpegDecoder::open(bytes, limits);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::LimitExceeded);
        EXPECT_NE(refused.error().message.find("standard CMYK profile"), std::string::npos)
            << refused.error().message;
    }

    struct GoldenRow {
        std::string file;
        double percent = 0;
        std::string filter;
        int width = 0;
        int height = 0;
        std::string profile;
        std::uint32_t crc = 0;
    };

    std::vector<GoldenRow> goldenRows()
    {
        std::vector<GoldenRow> rows;
        std::ifstream in(test::goldenPath("cmyk_golden.tsv"));
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') {
                continue;
            }
            std::istringstream fields(line);
            GoldenRow r;
            std::string crc;
            fields >> r.file >> r.percent >> r.filter >> r.width >> r.height >> r.profile >> crc;
            r.crc = static_cast<std::uint32_t>(std::stoul(crc, nullptr, 16));
            rows.push_back(r);
        }
        return rows;
    }

    TEST(CmykGolden, ResizedOutputsArePillowsResizeOfTheConvertedPixels)
    {
        const std::vector<GoldenRow> rows = goldenRows();
        ASSERT_GE(rows.size(), 100u)
            << "golden table missing or short: " << test::goldenPath("cmyk_golden.tsv");
        for (const GoldenRow& r : rows) {
            SCOPED_TRACE(r.file + " at " + std::to_string(r.percent) + "% with " + r.filter);
            const auto bytes = test::readFile(test::goldenPath(r.file));
            ProcessOptions options;
            options.spec.mode = SizeMode::Percent;
            options.spec.percent = r.percent;
            options.spec.filter = *parseName<Filter>(r.filter);
            const ImageProcessor processor(options);
            auto inspected = processor.inspect(bytes);
            ASSERT_TRUE(inspected.ok()) << inspected.error().message;
            // Only a file's own profile is used without a word; the note is a sentence the
            // window translates, with the reason inside it.
            EXPECT_EQ(inspected->header.warning.empty(), r.profile == "embedded");
            EXPECT_EQ(inspected->header.warning.isTemplate(), r.profile != "embedded");
            auto pixels = processor.render(bytes, *inspected);
            ASSERT_TRUE(pixels.ok()) << pixels.error().message;
            EXPECT_EQ(pixels->width(), r.width);
            EXPECT_EQ(pixels->height(), r.height);
            EXPECT_EQ(test::pixelCrc(pixels->view()), r.crc) << "pixels differ from Pillow's";
        }
    }

#else

    TEST(CmykJpeg, WithoutLcms2NoProfileIsReadAndNothingIsSaid)
    {
        // The plain formula (tests/core/codecs/codec_test.cpp checks its colours) knows no profile:
        // an unusable one is not worth a word either.
        for (const char* name : { "adobe-icc.jpg", "broken-profile.jpg" }) {
            auto header = readWholeHeader<JpegDecoder>(test::readFile(fixture(name)), {});
            ASSERT_TRUE(header.ok()) << name;
            EXPECT_EQ(header->warning.english(), "") << name;
        }
    }

#endif

} // namespace
} // namespace dropsize
