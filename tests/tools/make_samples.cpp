// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Writes a small sample folder for the README's first command: photo-like JPEGs in a folder and
// a sub-folder, a PNG with alpha, and a text file that is not an image.
//     dropsize-make-samples DIR

#include "jpeg_encoder.h"
#include "png_encoder.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;
using namespace dropsize;

namespace {

Image landscape(int width, int height, int variant)
{
    Image image = std::move(Image::allocate(width, height, 3)).value();
    ImageView v = image.view();
    for (int y = 0; y < height; ++y) {
        std::uint8_t* p = v.row(y);
        const double fy = static_cast<double>(y) / height;
        for (int x = 0; x < width; ++x) {
            const double fx = static_cast<double>(x) / width;
            const double hill
                = 0.55 + 0.1 * std::sin(fx * 9.0 + variant) + 0.05 * std::sin(fx * 31.0);
            const bool ground = fy > hill;
            const double ripple = 0.5 + 0.5 * std::sin((fx * 80.0 + fy * 40.0) + variant);
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

} // namespace

int main(int argc, char** argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: dropsize-make-samples DIR\n");
        return 2;
    }
    const fs::path dir = argv[1];
    fs::create_directories(dir / "holiday");
    EncodeOptions options;
    options.jpegQuality = 92;
    for (int i = 0; i < 8; ++i) {
        const int w = 1600 + 160 * (i % 3);
        const int h = 1200 - 100 * (i % 2);
        const Image image = landscape(w, h, i);
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
