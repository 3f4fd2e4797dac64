// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The promise "the pixels are exactly what Pillow's thumbnail makes": every row of
// tests/golden/pillow_golden.tsv (made by make_golden.py with Debian's Pillow) must come out of
// ImageProcessor::render() with the same size and the same CRC-32 — max difference 0. So must
// every row of heif_golden.tsv, for HEIC and AVIF, and of sizing_golden.tsv
// (make_sizing_golden.py): the short-edge and fill sizes against Pillow's thumbnail() and
// ImageOps.fit(); of reducing_gap_golden.tsv (make_reducing_gap_golden.py): thumbnail() with the
// reducing gaps 1, 1.5, 3 and none; and of webp_golden.tsv (make_webp_golden.py), Pillow's
// thumbnail() of the WebP fixtures it makes.

#include "dropsize/core/build_config.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/options.h"
#include "support/test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>

namespace dropsize {
namespace {

    struct GoldenCase {
        ResizeSpec spec; ///< its filter is `filter`'s
        std::string filter;
        int width = 0;
        int height = 0;
        int channels = 0;
        std::uint32_t crc = 0;
        std::string label; ///< for the trace: "at 50% with lanczos"
    };

    using GoldenTable = std::map<std::string, std::vector<GoldenCase>>;

    // How a table's rows say the size: pillow_golden.tsv and heif_golden.tsv by a percentage,
    // sizing_golden.tsv by a sizing spec ("fill:64x48") and an enlarge column (0 or 1),
    // reducing_gap_golden.tsv by a sizing spec and a reducing gap ("1.5", "none").
    enum class SizeColumns { Percent, SpecAndEnlarge, SpecAndGap };

    GoldenTable readGoldenTable(
        const std::filesystem::path& tsv, SizeColumns columns = SizeColumns::Percent)
    {
        GoldenTable t;
        std::ifstream in(tsv);
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#') {
                continue;
            }
            std::istringstream fields(line);
            std::string file;
            GoldenCase c;
            fields >> file;
            if (columns == SizeColumns::Percent) {
                fields >> c.spec.percent;
                c.label = "at " + numberText(c.spec.percent) + "%";
            } else if (columns == SizeColumns::SpecAndEnlarge) {
                std::string text;
                int enlarge = 0;
                fields >> text >> enlarge;
                auto spec = parseSizeSpec(text);
                // A row the engine cannot read fails the coverage test, by its zero sizes.
                c.spec = spec ? *spec : ResizeSpec {};
                c.spec.enlarge = enlarge != 0;
                c.label = text + (enlarge != 0 ? " (enlarge)" : "");
            } else {
                std::string text;
                std::string gap;
                fields >> text >> gap;
                auto spec = parseSizeSpec(text);
                auto reducingGap = parseReducingGap(gap);
                // A row the engine cannot read fails the coverage test, by its zero gap.
                c.spec = spec ? *spec : ResizeSpec {};
                c.spec.reducingGap = reducingGap ? *reducingGap : std::optional<double> { 0.0 };
                c.label = text;
                c.label += " with reducing gap ";
                c.label += gap;
            }
            std::string crc;
            fields >> c.filter >> c.width >> c.height >> c.channels >> crc;
            c.spec.filter = parseName<Filter>(c.filter).value_or(Filter::Bicubic);
            c.label += " with " + c.filter;
            c.crc = static_cast<std::uint32_t>(std::stoul(crc, nullptr, 16));
            t[file].push_back(c);
        }
        return t;
    }

    const GoldenTable& goldenTable()
    {
        static const GoldenTable table = readGoldenTable(test::goldenPath("pillow_golden.tsv"));
        return table;
    }

    std::vector<std::string> goldenFiles(const GoldenTable& table)
    {
        std::vector<std::string> files;
        for (const auto& [file, cases] : table) {
            files.push_back(file);
        }
        return files;
    }

    // Every case of one file: ImageProcessor::render() gives the table's size, channels and CRC.
    void expectGoldenPixels(const std::filesystem::path& path, const std::vector<GoldenCase>& cases)
    {
        const std::vector<std::uint8_t> bytes = test::readFile(path);
        for (const GoldenCase& c : cases) {
            ProcessOptions options;
            options.spec = c.spec;
            const ImageProcessor processor(options);
            SCOPED_TRACE(path.filename().string() + " " + c.label);
            auto inspected = processor.inspect(bytes);
            ASSERT_TRUE(inspected.ok()) << inspected.error().message;
            auto pixels = processor.render(bytes, *inspected);
            ASSERT_TRUE(pixels.ok()) << pixels.error().message;
            EXPECT_EQ(pixels->width(), c.width);
            EXPECT_EQ(pixels->height(), c.height);
            EXPECT_EQ(pixels->channels(), c.channels);
            EXPECT_EQ(test::pixelCrc(pixels->view()), c.crc) << "pixels differ from Pillow's";
        }
    }

    // One file's cases of `table`: a fixture committed beside the tables ("fixtures/...", made by
    // their scripts), or a shared test image (the test is skipped where they are not).
    void expectGoldenFile(const std::string& file, const GoldenTable& table)
    {
        if (file.starts_with("fixtures/")) {
            expectGoldenPixels(test::goldenPath(file), table.at(file));
            return;
        }
        DROPSIZE_REQUIRE_TESTDATA(dir);
        expectGoldenPixels(dir / file, table.at(file));
    }

    // What kinds of cases a table holds, for the checks that it covers what it must.
    struct TableCoverage {
        std::size_t channelCounts = 0; ///< distinct channel counts
        std::size_t filters = 0; ///< distinct filters
        int onePixel = 0; ///< outputs one pixel in a side
    };

    TableCoverage coverageOf(const GoldenTable& t)
    {
        std::map<int, int> byChannels;
        std::map<std::string, int> byFilter;
        TableCoverage coverage;
        for (const auto& [file, cases] : t) {
            for (const GoldenCase& c : cases) {
                ++byChannels[c.channels];
                ++byFilter[c.filter];
                coverage.onePixel += (c.width == 1 || c.height == 1) ? 1 : 0;
            }
        }
        coverage.channelCounts = byChannels.size();
        coverage.filters = byFilter.size();
        return coverage;
    }

    class PillowGolden : public ::testing::TestWithParam<std::string> { };

    TEST(PillowGoldenTable, HasCasesForEveryKindOfInput)
    {
        const GoldenTable& t = goldenTable();
        ASSERT_GT(t.size(), 150u) << "golden table missing or short: "
                                  << test::goldenPath("pillow_golden.tsv");
        const TableCoverage coverage = coverageOf(t);
        EXPECT_EQ(coverage.channelCounts, 4u) << "grey, grey+alpha, RGB and RGBA";
        EXPECT_EQ(coverage.filters, 6u) << "every filter";
        EXPECT_GT(coverage.onePixel, 0) << "outputs of one pixel in a side";
    }

    // The old tool called im.thumbnail(size) with no filter: Pillow 9.4's default is BICUBIC, so
    // options that name no filter must give the table's bicubic pixels.
    TEST(PillowGoldenTable, OptionsWithoutAFilterGiveThumbnailsDefaultPixels)
    {
        int checked = 0;
        for (const auto& [file, cases] : goldenTable()) {
            if (!file.starts_with("fixtures/")) {
                continue; // the committed fixtures are enough, and need no shared data
            }
            const std::filesystem::path path = test::goldenPath(file);
            const std::vector<std::uint8_t> bytes = test::readFile(path);
            for (const GoldenCase& c : cases) {
                if (c.filter != "bicubic") {
                    continue;
                }
                ProcessOptions options;
                options.spec.percent = c.spec.percent;
                const ImageProcessor processor(options);
                SCOPED_TRACE(file + " " + c.label);
                auto inspected = processor.inspect(bytes);
                ASSERT_TRUE(inspected.ok()) << inspected.error().message;
                auto pixels = processor.render(bytes, *inspected);
                ASSERT_TRUE(pixels.ok()) << pixels.error().message;
                EXPECT_EQ(test::pixelCrc(pixels->view()), c.crc) << "not Pillow's default filter";
                ++checked;
            }
        }
        EXPECT_GT(checked, 10);
    }

    TEST_P(PillowGolden, MatchesPillowThumbnailExactly)
    {
        expectGoldenFile(GetParam(), goldenTable());
    }

    const GoldenTable& sizingGoldenTable()
    {
        static const GoldenTable table
            = readGoldenTable(test::goldenPath("sizing_golden.tsv"), SizeColumns::SpecAndEnlarge);
        return table;
    }

    TEST(SizingGoldenTable, HasCasesForEveryModeOrientationAndKindOfInput)
    {
        const GoldenTable& t = sizingGoldenTable();
        ASSERT_GT(t.size(), 100u) << "golden table missing or short: "
                                  << test::goldenPath("sizing_golden.tsv");
        std::map<SizeMode, int> byMode;
        std::map<int, int> byChannels;
        std::map<std::string, int> byFilter;
        std::map<char, int> byOrientation; // the digit of exif-orientation/Landscape_N.jpg
        int enlarged = 0;
        int onePixel = 0;
        int cropsOnly = 0;
        int wider = 0;
        int taller = 0;
        for (const auto& [file, cases] : t) {
            for (const GoldenCase& c : cases) {
                ASSERT_GT(c.spec.width + c.spec.shortEdge, 0) << file << " " << c.label;
                ++byMode[c.spec.mode];
                ++byChannels[c.channels];
                ++byFilter[c.filter];
                if (file.starts_with("exif-orientation/Landscape_")) {
                    ++byOrientation[file[file.size() - 5]];
                }
                enlarged += c.spec.enlarge ? 1 : 0;
                onePixel += (c.width == 1 && c.height == 1) ? 1 : 0;
                if (c.spec.mode == SizeMode::Fill) {
                    // An output smaller than the box is a crop that keeps the box's shape.
                    cropsOnly += (c.width < c.spec.width && c.height < c.spec.height) ? 1 : 0;
                    wider += c.spec.width * 2 > c.spec.height * 3 ? 1 : 0;
                    taller += c.spec.width * 2 < c.spec.height * 3 ? 1 : 0;
                }
            }
        }
        EXPECT_EQ(byMode.size(), 2u) << "short edge and fill";
        EXPECT_EQ(byChannels.size(), 4u) << "grey, grey+alpha, RGB and RGBA";
        EXPECT_EQ(byFilter.size(), 6u) << "every filter";
        EXPECT_EQ(byOrientation.size(), 9u) << "no orientation tag, and 1 to 8";
        EXPECT_GT(enlarged, 0);
        EXPECT_GT(onePixel, 0);
        EXPECT_GT(cropsOnly, 0) << "fills that only crop, enlarging off";
        EXPECT_GT(wider, 0) << "boxes wider than the photos' 3:2";
        EXPECT_GT(taller, 0) << "boxes taller than the photos' 3:2";
    }

    // Pillow's thumbnail() with reducing gaps other than its default (--reducing-gap), made by
    // make_reducing_gap_golden.py.
    const GoldenTable& reducingGapGoldenTable()
    {
        static const GoldenTable table
            = readGoldenTable(test::goldenPath("reducing_gap_golden.tsv"), SizeColumns::SpecAndGap);
        return table;
    }

    TEST(ReducingGapGoldenTable, HasEveryGapAndEachChangesThePixels)
    {
        const GoldenTable& t = reducingGapGoldenTable();
        ASSERT_GE(t.size(), 15u) << "golden table missing or short: "
                                 << test::goldenPath("reducing_gap_golden.tsv");
        std::map<std::string, int> byGap;
        std::map<std::string, int> differing; // by gap: cases whose pixels the default's are not
        for (const auto& [file, cases] : t) {
            if (file.starts_with("fixtures/")) {
                continue;
            }
            const auto dir = test::testdataDir();
            if (!dir) {
                GTEST_SKIP() << "the shared test images are not here";
            }
            const std::vector<std::uint8_t> bytes = test::readFile(*dir / file);
            for (const GoldenCase& c : cases) {
                ASSERT_TRUE(c.spec.reducingGap != std::optional<double> { 0.0 }) << c.label;
                const std::string gap = reducingGapText(c.spec.reducingGap);
                ++byGap[gap];
                ProcessOptions options;
                options.spec = c.spec;
                options.spec.reducingGap = ResizeSpec {}.reducingGap;
                const ImageProcessor processor(options);
                auto inspected = processor.inspect(bytes);
                ASSERT_TRUE(inspected.ok()) << inspected.error().message;
                auto pixels = processor.render(bytes, *inspected);
                ASSERT_TRUE(pixels.ok()) << pixels.error().message;
                differing[gap] += test::pixelCrc(pixels->view()) != c.crc ? 1 : 0;
            }
        }
        EXPECT_EQ(byGap.size(), 4u) << "1, 1.5, 3 and none";
        for (const char* gap : { "1", "1.5", "3", "none" }) {
            EXPECT_GT(differing[gap], 10) << "gap " << gap << " must differ from the default's";
        }
        EXPECT_EQ(coverageOf(t).filters, 6u) << "every filter";
    }

    class ReducingGapGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(ReducingGapGolden, MatchesPillowThumbnailWithThatGapExactly)
    {
        expectGoldenFile(GetParam(), reducingGapGoldenTable());
    }

    class SizingGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(SizingGolden, MatchesPillowThumbnailAndFitExactly)
    {
        expectGoldenFile(GetParam(), sizingGoldenTable());
    }

    std::string caseName(const ::testing::TestParamInfo<std::string>& info)
    {
        std::string name;
        for (char ch : info.param) {
            name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
        }
        return name;
    }

    INSTANTIATE_TEST_SUITE_P(
        SharedTestdata, PillowGolden, ::testing::ValuesIn(goldenFiles(goldenTable())), caseName);
    INSTANTIATE_TEST_SUITE_P(SharedTestdata, SizingGolden,
        ::testing::ValuesIn(goldenFiles(sizingGoldenTable())), caseName);
    INSTANTIATE_TEST_SUITE_P(SharedTestdata, ReducingGapGolden,
        ::testing::ValuesIn(goldenFiles(reducingGapGoldenTable())), caseName);

    // WebP: Pillow reads it (through libwebp), so the table holds Pillow's thumbnail() and
    // exif_transpose() of the files themselves. The fixtures cover what a WebP can be: lossy and
    // lossless, with and without alpha, grey-looking, every orientation, an ICC profile, EXIF with
    // and without its JPEG prefix, animations (their first frame), and outputs one pixel high.
    const GoldenTable& webpGoldenTable()
    {
        static const GoldenTable table = readGoldenTable(test::goldenPath("webp_golden.tsv"));
        return table;
    }

    std::filesystem::path webpFixture(const std::string& file) { return test::goldenPath(file); }

    TEST(WebpGoldenTable, HasCasesForEveryKindOfWebpInput)
    {
        const GoldenTable& t = webpGoldenTable();
        ASSERT_GE(t.size(), 19u) << "golden table missing or short: "
                                 << test::goldenPath("webp_golden.tsv");
        const TableCoverage coverage = coverageOf(t);
        EXPECT_EQ(coverage.channelCounts, 2u) << "RGB and RGBA";
        EXPECT_EQ(coverage.filters, 6u) << "every filter";
        EXPECT_GT(coverage.onePixel, 0) << "outputs of one pixel in a side";
        for (int orientation = 1; orientation <= 8; ++orientation) {
            const std::string name
                = "fixtures/webp/orientation-" + std::to_string(orientation) + ".webp";
            EXPECT_TRUE(t.contains(name)) << name;
        }
        for (const char* name :
            { "lossy", "lossless", "lossy-alpha", "lossless-alpha", "grey-lossy", "grey-lossless",
                "icc", "exif-prefixed", "animated", "animated-alpha", "strip" }) {
            EXPECT_TRUE(t.contains("fixtures/webp/" + std::string(name) + ".webp")) << name;
        }
    }

#if DROPSIZE_WITH_WEBP
    class WebpGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(WebpGolden, MatchesPillowThumbnailOfTheWebpExactly)
    {
        const std::string& file = GetParam();
        expectGoldenPixels(webpFixture(file), webpGoldenTable().at(file));
    }

    INSTANTIATE_TEST_SUITE_P(
        Fixtures, WebpGolden, ::testing::ValuesIn(goldenFiles(webpGoldenTable())), caseName);
#else
    // A build without WebP neither reads nor guesses at a WebP: each fails as a file of no
    // known format.
    TEST(WebpGoldenTable, FixturesAreRefusedByABuildWithoutWebp)
    {
        const ImageProcessor processor(ProcessOptions {});
        for (const std::string& file : goldenFiles(webpGoldenTable())) {
            SCOPED_TRACE(file);
            auto inspected = processor.inspect(test::readFile(webpFixture(file)));
            ASSERT_FALSE(inspected.ok());
            EXPECT_EQ(inspected.error().code, ErrorCode::UnsupportedFormat);
        }
    }
#endif

    // Orientation: every place Pillow 9.4 finds one, alone and against each other
    // (make_orientation_golden.py): a PNG's eXIf chunk, "exif" text chunk, ImageMagick raw
    // profile and XMP packet, before or after the image data, the last of a kind winning and XMP
    // only where the EXIF has no orientation tag; a JPEG's orientation entry of every numeric
    // type, or twice; and the XMP that Pillow 9.4 does not read (JPEG, WebP). A fixture's name
    // ends in -N when Pillow turns it by orientation N.
    const GoldenTable& orientationGoldenTable()
    {
        static const GoldenTable table
            = readGoldenTable(test::goldenPath("orientation_golden.tsv"));
        return table;
    }

    TEST(OrientationGoldenTable, HasEverySourceOfOrientationPillowReads)
    {
        const GoldenTable& t = orientationGoldenTable();
        ASSERT_GE(t.size(), 33u) << "golden table missing or short: "
                                 << test::goldenPath("orientation_golden.tsv");
        for (const char* name :
            { "xmp-itxt-6.png", "xmp-itxt-compressed-after-8.png", "xmp-ztxt-5.png",
                "xmp-text-3.png", "raw-profile-ztxt-6.png", "raw-profile-itxt-after-4.png",
                "exif-over-xmp-3.png", "exif-saying-1-over-xmp.png",
                "exif-without-tag-over-raw-profile.png", "exif-twice-last-3.png",
                "exif-text-chunk-5.png", "exif-float-6.jpg", "exif-rational-6.jpg",
                "exif-two-tags-last-3.jpg", "xmp-only-not-read.jpg", "xmp-only-not-read.webp" }) {
            EXPECT_TRUE(t.contains("fixtures/orientation/" + std::string(name))) << name;
        }
    }

    class OrientationGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(OrientationGolden, MatchesPillowExifTransposeExactly)
    {
        const std::string& file = GetParam();
        if (!DROPSIZE_WITH_WEBP && file.ends_with(".webp")) {
            GTEST_SKIP() << "this build reads no WebP";
        }
        expectGoldenPixels(test::goldenPath(file), orientationGoldenTable().at(file));
    }

    INSTANTIATE_TEST_SUITE_P(Fixtures, OrientationGolden,
        ::testing::ValuesIn(goldenFiles(orientationGoldenTable())), caseName);

#if DROPSIZE_WITH_HEIF
    // HEIC and AVIF: Pillow reads neither, so tests/golden/heif_golden.tsv (make_heif_golden.py)
    // holds Pillow's thumbnail of the pixels libheif decodes from the committed fixtures, with no
    // EXIF rotation (libheif has applied the files' transforms).
    const GoldenTable& heifGoldenTable()
    {
        static const GoldenTable table = readGoldenTable(test::goldenPath("heif_golden.tsv"));
        return table;
    }

    TEST(HeifGoldenTable, HasHeicAndAvifWithAlphaDeepAndOrientedFiles)
    {
        const GoldenTable& t = heifGoldenTable();
        ASSERT_GE(t.size(), 15u) << "golden table missing or short: "
                                 << test::goldenPath("heif_golden.tsv");
        std::map<std::string, int> byExtension;
        for (const auto& [file, cases] : t) {
            ++byExtension[std::filesystem::path(file).extension().string()];
        }
        EXPECT_GE(byExtension[".heic"], 10);
        EXPECT_GE(byExtension[".avif"], 4);
        const TableCoverage coverage = coverageOf(t);
        EXPECT_EQ(coverage.channelCounts, 2u) << "RGB and RGBA";
        EXPECT_EQ(coverage.filters, 6u) << "every filter";
        EXPECT_TRUE(t.contains("fixtures/heif/deep10.heic"));
        EXPECT_TRUE(t.contains("fixtures/heif/orient-8.heic"));
    }

    class HeifGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(HeifGolden, MatchesPillowOnTheDecodedPixelsExactly)
    {
        const std::string& file = GetParam();
        expectGoldenPixels(test::goldenPath(file), heifGoldenTable().at(file));
    }

    INSTANTIATE_TEST_SUITE_P(
        Fixtures, HeifGolden, ::testing::ValuesIn(goldenFiles(heifGoldenTable())), caseName);
#endif

} // namespace
} // namespace dropsize
