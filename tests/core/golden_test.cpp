// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The promise "the pixels are exactly what Pillow's thumbnail makes": every row of
// tests/golden/pillow_golden.tsv (made by make_golden.py with Debian's Pillow) must come out of
// ImageProcessor::render() with the same size and the same CRC-32 — max difference 0. So must
// every row of heif_golden.tsv, for HEIC and AVIF.

#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>

namespace dropsize {
namespace {

    struct GoldenCase {
        double percent = 0;
        std::string filter;
        int width = 0;
        int height = 0;
        int channels = 0;
        std::uint32_t crc = 0;
    };

    using GoldenTable = std::map<std::string, std::vector<GoldenCase>>;

    GoldenTable readGoldenTable(const char* tsv)
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
            std::string crc;
            fields >> file >> c.percent >> c.filter >> c.width >> c.height >> c.channels >> crc;
            c.crc = static_cast<std::uint32_t>(std::stoul(crc, nullptr, 16));
            t[file].push_back(c);
        }
        return t;
    }

    const GoldenTable& goldenTable()
    {
        static const GoldenTable table = readGoldenTable(DROPSIZE_GOLDEN_TSV);
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
            options.spec.mode = SizeMode::Percent;
            options.spec.percent = c.percent;
            options.spec.filter = *parseFilter(c.filter);
            const ImageProcessor processor(options);
            SCOPED_TRACE(path.filename().string() + " at " + std::to_string(c.percent) + "% with "
                + c.filter);
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

    class PillowGolden : public ::testing::TestWithParam<std::string> { };

    TEST(PillowGoldenTable, HasCasesForEveryKindOfInput)
    {
        const GoldenTable& t = goldenTable();
        ASSERT_GT(t.size(), 150u) << "golden table missing or short: " << DROPSIZE_GOLDEN_TSV;
        std::map<int, int> byChannels;
        std::map<std::string, int> byFilter;
        int onePixel = 0;
        for (const auto& [file, cases] : t) {
            for (const GoldenCase& c : cases) {
                ++byChannels[c.channels];
                ++byFilter[c.filter];
                onePixel += (c.width == 1 || c.height == 1) ? 1 : 0;
            }
        }
        EXPECT_EQ(byChannels.size(), 4u) << "grey, grey+alpha, RGB and RGBA";
        EXPECT_EQ(byFilter.size(), 6u) << "every filter";
        EXPECT_GT(onePixel, 0) << "outputs of one pixel in a side";
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
            const std::filesystem::path path
                = std::filesystem::path(DROPSIZE_GOLDEN_TSV).parent_path() / file;
            const std::vector<std::uint8_t> bytes = test::readFile(path);
            for (const GoldenCase& c : cases) {
                if (c.filter != "bicubic") {
                    continue;
                }
                ProcessOptions options;
                options.spec.percent = c.percent;
                const ImageProcessor processor(options);
                SCOPED_TRACE(file + " at " + std::to_string(c.percent) + "%");
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
        const std::string& file = GetParam();
        std::filesystem::path path;
        if (file.starts_with("fixtures/")) {
            // JPEG variants made by make_golden.py and committed beside the table.
            path = std::filesystem::path(DROPSIZE_GOLDEN_TSV).parent_path() / file;
        } else {
            DROPSIZE_REQUIRE_TESTDATA(dir);
            path = dir / file;
        }
        expectGoldenPixels(path, goldenTable().at(file));
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

#if DROPSIZE_WITH_HEIF
    // HEIC and AVIF: Pillow reads neither, so tests/golden/heif_golden.tsv (make_heif_golden.py)
    // holds Pillow's thumbnail of the pixels libheif decodes from the committed fixtures, with no
    // EXIF rotation (libheif has applied the files' transforms).
    const GoldenTable& heifGoldenTable()
    {
        static const GoldenTable table = readGoldenTable(DROPSIZE_HEIF_GOLDEN_TSV);
        return table;
    }

    TEST(HeifGoldenTable, HasHeicAndAvifWithAlphaDeepAndOrientedFiles)
    {
        const GoldenTable& t = heifGoldenTable();
        ASSERT_GE(t.size(), 15u) << "golden table missing or short: " << DROPSIZE_HEIF_GOLDEN_TSV;
        std::map<std::string, int> byExtension;
        std::map<int, int> byChannels;
        std::map<std::string, int> byFilter;
        for (const auto& [file, cases] : t) {
            ++byExtension[std::filesystem::path(file).extension().string()];
            for (const GoldenCase& c : cases) {
                ++byChannels[c.channels];
                ++byFilter[c.filter];
            }
        }
        EXPECT_GE(byExtension[".heic"], 10);
        EXPECT_GE(byExtension[".avif"], 4);
        EXPECT_EQ(byChannels.size(), 2u) << "RGB and RGBA";
        EXPECT_EQ(byFilter.size(), 6u) << "every filter";
        EXPECT_TRUE(t.contains("fixtures/heif/deep10.heic"));
        EXPECT_TRUE(t.contains("fixtures/heif/orient-8.heic"));
    }

    class HeifGolden : public ::testing::TestWithParam<std::string> { };

    TEST_P(HeifGolden, MatchesPillowOnTheDecodedPixelsExactly)
    {
        const std::string& file = GetParam();
        expectGoldenPixels(std::filesystem::path(DROPSIZE_HEIF_GOLDEN_TSV).parent_path() / file,
            heifGoldenTable().at(file));
    }

    INSTANTIATE_TEST_SUITE_P(
        Fixtures, HeifGolden, ::testing::ValuesIn(goldenFiles(heifGoldenTable())), caseName);
#endif

} // namespace
} // namespace dropsize
