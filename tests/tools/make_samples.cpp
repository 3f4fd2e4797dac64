// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Writes a small sample folder for the README's first command: photo-like JPEGs in a folder and
// a sub-folder, a PNG with alpha, and a text file that is not an image.
//     dropsize-make-samples DIR
// With --tree, a tree of COUNT small images for the scale-out tests and benchmark
// (tests/cluster, tests/bench/shards.sh): JPEGs and some PNGs of varied sizes in four folders
// (two levels deep), pairs that collide under one output format (same name, .jpg and .png), a
// damaged JPEG (bad.jpg) and a file that is not an image (notes.txt). The same bytes each time.
//     dropsize-make-samples --tree DIR COUNT

#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_encoder.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace fs = std::filesystem;
using namespace dropsize;

namespace {

// A landscape: sky, hills and a rippled ground. The sines are taken once per column and row,
// and the ripple's sin(a + b) from them, so that a tree of hundreds is quick to make.
Image scene(int width, int height, int variant)
{
    Image image = std::move(Image::allocate(width, height, 3)).value();
    ImageView v = image.view();
    std::vector<double> hill(static_cast<std::size_t>(width));
    std::vector<double> sinX(hill.size());
    std::vector<double> cosX(hill.size());
    for (int x = 0; x < width; ++x) {
        const double fx = static_cast<double>(x) / width;
        const auto i = static_cast<std::size_t>(x);
        hill[i] = 0.55 + 0.1 * std::sin(fx * 9.0 + variant) + 0.05 * std::sin(fx * 31.0);
        sinX[i] = std::sin(fx * 80.0 + variant);
        cosX[i] = std::cos(fx * 80.0 + variant);
    }
    for (int y = 0; y < height; ++y) {
        std::uint8_t* p = v.row(y);
        const double fy = static_cast<double>(y) / height;
        const double sinY = std::sin(fy * 40.0);
        const double cosY = std::cos(fy * 40.0);
        for (int x = 0; x < width; ++x) {
            const auto i = static_cast<std::size_t>(x);
            const bool ground = fy > hill[i];
            const double ripple = 0.5 + 0.5 * (sinX[i] * cosY + cosX[i] * sinY);
            const double r = ground ? 60 + 50 * ripple : 120 + 100 * fy;
            const double g = ground ? 110 + 60 * ripple : 160 + 70 * fy;
            const double b = ground ? 50 + 20 * ripple : 230 - 40 * fy;
            p[x * 3 + 0] = static_cast<std::uint8_t>(r);
            p[x * 3 + 1] = static_cast<std::uint8_t>(g);
            p[x * 3 + 2] = static_cast<std::uint8_t>(b);
        }
    }
    return image;
}

bool save(const fs::path& path, const std::vector<std::uint8_t>& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(
        reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

bool fail(const fs::path& path)
{
    const std::u8string name = path.u8string(); // UTF-8 on every system
    std::fprintf(stderr, "cannot write %.*s\n", static_cast<int>(name.size()),
        reinterpret_cast<const char*>(name.data()));
    return false;
}

bool writeImage(const fs::path& path, const Image& image, bool png)
{
    EncodeOptions options;
    options.jpegQuality = 90;
    const auto bytes = png ? PngEncoder::encode(image.view(), options, {})
                           : JpegEncoder::encode(image.view(), options, {});
    return (bytes && save(path, *bytes)) || fail(path);
}

int writeTree(const fs::path& dir, int count)
{
    const fs::path folders[] = { dir, dir / "a", dir / "a" / "b", dir / "c" };
    for (const fs::path& folder : folders) {
        fs::create_directories(folder);
    }
    for (int i = 0; i < count; ++i) {
        // Sizes from 320x240 to 799x599, so that images differ in cost.
        const int w = 320 + (i * 37) % 480;
        const int h = 240 + (i * 53) % 360;
        const bool png = i % 10 == 7;
        const fs::path& folder = folders[static_cast<std::size_t>(i) % std::size(folders)];
        const std::string name = "img_" + std::to_string(1000 + i) + (png ? ".png" : ".jpg");
        if (!writeImage(folder / name, scene(w, h, i), png)) {
            return 1;
        }
    }
    // x.jpg and x.png write the same output name with --format png: one of them gets another
    // name, which every shard must choose as one whole run would.
    for (int k = 0; k < 4; ++k) {
        const fs::path& folder = folders[static_cast<std::size_t>(k)];
        const std::string stem = "same_" + std::to_string(k);
        if (!writeImage(folder / (stem + ".jpg"), scene(600, 400, 100 + k), false)
            || !writeImage(folder / (stem + ".png"), scene(400, 600, 200 + k), true)) {
            return 1;
        }
    }
    // A JPEG's first bytes (so it is taken as an image and planned), then no decodable data.
    std::string bad("\xFF\xD8\xFF\xE0", 4);
    bad.append(2000, '\x5A');
    if (!save(folders[2] / "bad.jpg", std::vector<std::uint8_t>(bad.begin(), bad.end()))) {
        fail(folders[2] / "bad.jpg");
        return 1;
    }
    std::ofstream(folders[1] / "notes.txt") << "Not an image: Dropsize counts it as ignored.\n";
    std::printf("tree of %d images written: %s\n", count + 9, dir.string().c_str());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc == 4 && std::string(argv[1]) == "--tree") {
        const std::string_view text(argv[3]);
        int count = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), count);
        if (ec != std::errc() || end != text.data() + text.size() || count < 1 || count > 100000) {
            std::fprintf(stderr, "dropsize-make-samples: COUNT must be 1 to 100000\n");
            return 2;
        }
        return writeTree(argv[2], count);
    }
    // A flag is never a folder: "--help" once wrote the samples into a folder of that name.
    if (argc != 2 || argv[1][0] == '-') {
        std::fprintf(stderr,
            "usage: dropsize-make-samples DIR\n"
            "       dropsize-make-samples --tree DIR COUNT\n");
        return 2;
    }
    const fs::path dir = argv[1];
    fs::create_directories(dir / "holiday");
    EncodeOptions options;
    options.jpegQuality = 92;
    for (int i = 0; i < 8; ++i) {
        const int w = 1600 + 160 * (i % 3);
        const int h = 1200 - 100 * (i % 2);
        const Image image = scene(w, h, i);
        const auto bytes = JpegEncoder::encode(image.view(), options, {});
        const fs::path path
            = (i < 5 ? dir : dir / "holiday") / ("photo_" + std::to_string(i + 1) + ".jpg");
        if (!bytes || !save(path, *bytes)) {
            const std::u8string name = path.u8string(); // UTF-8 on every system
            std::fprintf(stderr, "cannot write %.*s\n", static_cast<int>(name.size()),
                reinterpret_cast<const char*>(name.data()));
            return 1;
        }
    }
    Image logo = std::move(Image::allocate(640, 480, 4)).value();
    ImageView v = logo.view();
    for (int y = 0; y < 480; ++y) {
        for (int x = 0; x < 640; ++x) {
            std::uint8_t* p = v.row(y) + x * 4;
            const double d = std::hypot(x - 320.0, y - 240.0);
            p[0] = 230;
            p[1] = static_cast<std::uint8_t>(80 + y / 4);
            p[2] = 40;
            p[3] = d < 200 ? 255 : (d < 220 ? static_cast<std::uint8_t>(255 - (d - 200) * 12) : 0);
        }
    }
    const auto png = PngEncoder::encode(logo.view(), {}, {});
    if (!png || !save(dir / "logo.png", *png)) {
        return 1;
    }
    std::ofstream(dir / "notes.txt") << "Not an image: Dropsize counts it as ignored.\n";
    std::printf("sample folder written: %s\n", dir.string().c_str());
    return 0;
}
