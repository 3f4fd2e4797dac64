// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/broken_files.h"

#include "codecs/image_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_encoder.h"
#include "support/test_support.h"

#include <algorithm>
#include <cstring>
#include <zlib.h>

namespace dropsize::test {

namespace {

    using Bytes = std::vector<std::uint8_t>;

    std::uint32_t be32(const Bytes& b, std::size_t at)
    {
        return (std::uint32_t { b[at] } << 24) | (std::uint32_t { b[at + 1] } << 16)
            | (std::uint32_t { b[at + 2] } << 8) | std::uint32_t { b[at + 3] };
    }

    void putBe32(Bytes& b, std::size_t at, std::uint32_t v)
    {
        for (int i = 0; i < 4; ++i) {
            b[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
        }
    }

    // A PNG chunk: where it starts (its length field) and its length.
    struct Chunk {
        std::size_t at;
        std::uint32_t length;
        std::string type;
    };

    std::vector<Chunk> chunks(const Bytes& png)
    {
        std::vector<Chunk> out;
        std::size_t at = 8;
        while (at + 12 <= png.size()) {
            const std::uint32_t length = be32(png, at);
            out.push_back({ at, length,
                std::string(png.begin() + static_cast<std::ptrdiff_t>(at + 4),
                    png.begin() + static_cast<std::ptrdiff_t>(at + 8)) });
            at += 12 + std::size_t { length };
        }
        return out;
    }

    std::size_t chunkAt(const Bytes& png, const std::string& type)
    {
        for (const Chunk& c : chunks(png)) {
            if (c.type == type) {
                return c.at;
            }
        }
        return png.size();
    }

    // Rewrites the checksum of the chunk at `at`, after its data was changed.
    void fixCrc(Bytes& png, std::size_t at)
    {
        const std::uint32_t length = be32(png, at);
        const auto crc = static_cast<std::uint32_t>(
            crc32(0, png.data() + at + 4, static_cast<uInt>(length + 4)));
        putBe32(png, at + 8 + length, crc);
    }

    // `png` with IHDR's byte `offset` (0: width's first) set to `value`, its checksum fixed.
    Bytes withIhdr(Bytes png, std::size_t offset, std::uint8_t value)
    {
        png[16 + offset] = value;
        fixCrc(png, 8);
        return png;
    }

    Bytes chunk(const std::string& type, const Bytes& data)
    {
        Bytes out(12 + data.size());
        putBe32(out, 0, static_cast<std::uint32_t>(data.size()));
        std::memcpy(out.data() + 4, type.data(), 4);
        std::copy(data.begin(), data.end(), out.begin() + 8);
        fixCrc(out, 0);
        return out;
    }

    // `png` with its IDAT chunks replaced by one holding `zdata`.
    Bytes withIdat(const Bytes& png, const Bytes& zdata)
    {
        Bytes out(png.begin(), png.begin() + 8);
        bool placed = false;
        for (const Chunk& c : chunks(png)) {
            if (c.type == "IDAT") {
                if (!placed) {
                    const Bytes idat = chunk("IDAT", zdata);
                    out.insert(out.end(), idat.begin(), idat.end());
                    placed = true;
                }
                continue;
            }
            out.insert(out.end(), png.begin() + static_cast<std::ptrdiff_t>(c.at),
                png.begin() + static_cast<std::ptrdiff_t>(c.at + 12 + c.length));
        }
        return out;
    }

    // `png` without its chunks of `type`.
    Bytes without(const Bytes& png, const std::string& type)
    {
        Bytes out(png.begin(), png.begin() + 8);
        for (const Chunk& c : chunks(png)) {
            if (c.type != type) {
                out.insert(out.end(), png.begin() + static_cast<std::ptrdiff_t>(c.at),
                    png.begin() + static_cast<std::ptrdiff_t>(c.at + 12 + c.length));
            }
        }
        return out;
    }

    // `png` with `extra` inserted before its first IDAT.
    Bytes beforeIdat(const Bytes& png, const Bytes& extra)
    {
        Bytes out = png;
        const std::size_t at = chunkAt(png, "IDAT");
        out.insert(out.begin() + static_cast<std::ptrdiff_t>(at), extra.begin(), extra.end());
        return out;
    }

    Bytes compressed(const Bytes& raw)
    {
        uLongf size = compressBound(static_cast<uLong>(raw.size()));
        Bytes out(size);
        compress(out.data(), &size, raw.data(), static_cast<uLong>(raw.size()));
        out.resize(size);
        return out;
    }

    // `raw` deflated against a preset dictionary, with the header saying there is none: the
    // stream's first matches reach back before its start.
    Bytes tooFarBack(const Bytes& raw)
    {
        z_stream z {};
        deflateInit(&z, 9);
        deflateSetDictionary(&z, raw.data(), static_cast<uInt>(raw.size()));
        Bytes out(compressBound(static_cast<uLong>(raw.size())) + 16);
        Bytes in = raw;
        z.next_in = in.data();
        z.avail_in = static_cast<uInt>(in.size());
        z.next_out = out.data();
        z.avail_out = static_cast<uInt>(out.size());
        deflate(&z, Z_FINISH);
        out.resize(z.total_out);
        deflateEnd(&z);
        // Header (2 bytes) + DICTID (4): drop DICTID, clear FDICT, fix FCHECK.
        if (out.size() < 6) {
            return out;
        }
        Bytes fixed(out.size() - 4);
        std::copy(out.begin() + 6, out.end(), fixed.begin() + 2);
        fixed[0] = out[0];
        fixed[1] = static_cast<std::uint8_t>(out[1] & 0xc0u); // level bits kept, FDICT cleared
        const unsigned check = (unsigned { fixed[0] } * 256u + fixed[1]) % 31u;
        fixed[1] = static_cast<std::uint8_t>(fixed[1] + (check == 0 ? 0 : 31 - check));
        return fixed;
    }

    Bytes truncated(const Bytes& file, std::size_t size)
    {
        return Bytes(
            file.begin(), file.begin() + static_cast<std::ptrdiff_t>(std::min(size, file.size())));
    }

    // Where `tag` first occurs in `file` from `from`, or its size.
    std::size_t find(const Bytes& file, std::string_view tag, std::size_t from = 0)
    {
        const auto at = std::search(file.begin() + static_cast<std::ptrdiff_t>(from), file.end(),
            tag.begin(), tag.end(),
            [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); });
        return static_cast<std::size_t>(at - file.begin());
    }

    Bytes fromTestdata(const char* path, const Bytes& otherwise)
    {
        const auto dir = testdataDir();
        if (dir && std::filesystem::exists(*dir / path)) {
            return readFile(*dir / path);
        }
        return otherwise;
    }

} // namespace

Error decodeFailure(const Bytes& file)
{
    auto decoder = openDecoder(file, {});
    if (!decoder) {
        return std::move(decoder).error();
    }
    auto decoded = (*decoder)->decode(1);
    if (!decoded) {
        return std::move(decoded).error();
    }
    return Error { ErrorCode::Internal, "" };
}

// NOLINTNEXTLINE(readability-function-size): a table of cases, one damage a row
std::vector<BrokenFile> brokenPngs()
{
    std::vector<BrokenFile> out;
    const Image image = makeTestImage(32, 24, 3);
    const Bytes png = [&] {
        auto made = PngEncoder::encode(image.view(), {}, {});
        return made ? std::move(made).value() : Bytes {};
    }();
    if (png.size() < 60) {
        return out;
    }
    // The raw scanlines of the image: filter byte 0, then RGB.
    Bytes raw;
    for (int y = 0; y < 24; ++y) {
        raw.push_back(0);
        const std::uint8_t* row = image.view().data + static_cast<std::size_t>(y) * image.stride();
        raw.insert(raw.end(), row, row + 32 * 3);
    }

    Bytes ihdrCrc = png;
    ihdrCrc[29] ^= 0x01;
    out.push_back({ "IHDR: bad CRC", ihdrCrc });
    Bytes idatCrc = png;
    const std::size_t idat = chunkAt(png, "IDAT");
    idatCrc[idat + 8 + be32(png, idat)] ^= 0x01;
    out.push_back({ "IDAT: bad CRC", idatCrc });
    out.push_back({ "IHDR: width 0", withIhdr(withIhdr(png, 2, 0), 3, 0) });
    out.push_back({ "IHDR: width over 2^31", withIhdr(png, 0, 0x80) });
    out.push_back({ "IHDR: width 2^30", withIhdr(png, 0, 0x40) });
    out.push_back({ "IHDR: bit depth 3", withIhdr(png, 8, 3) });
    out.push_back({ "IHDR: colour type 5", withIhdr(png, 9, 5) });
    out.push_back({ "IHDR: compression method 1", withIhdr(png, 10, 1) });
    out.push_back({ "IHDR: filter method 1", withIhdr(png, 11, 1) });
    out.push_back({ "IHDR: interlace method 2", withIhdr(png, 12, 2) });
    out.push_back({ "IHDR: palette without PLTE", withIhdr(png, 9, 3) });
    out.push_back({ "IHDR: length 12", [&] {
                       Bytes b = png;
                       b[11] = 12;
                       return b;
                   }() });
    out.push_back({ "no IHDR", without(png, "IHDR") });
    out.push_back({ "no IDAT", without(png, "IDAT") });
    out.push_back({ "unknown critical chunk", beforeIdat(png, chunk("ABCD", Bytes { 1, 2, 3 })) });
    out.push_back({ "invalid chunk type", beforeIdat(png, chunk("12#4", Bytes { 1 })) });
    out.push_back({ "chunk length over 2^31", [&] {
                       Bytes b = png;
                       putBe32(b, idat, 0x90000000u);
                       return b;
                   }() });
    out.push_back(
        { "PLTE in a grey image", withIhdr(beforeIdat(png, chunk("PLTE", Bytes { 1, 2 })), 9, 0) });
    Bytes badFilter = raw;
    badFilter[0] = 7;
    out.push_back({ "bad filter type", withIdat(png, compressed(badFilter)) });
    out.push_back({ "too little image data",
        withIdat(png,
            compressed(
                Bytes(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(raw.size() / 2)))) });
    Bytes badHeader = compressed(raw);
    badHeader[1] ^= 0x01;
    out.push_back({ "bad zlib header", withIdat(png, badHeader) });
    Bytes badMethod = compressed(raw);
    badMethod[0] = 0x79;
    out.push_back({ "unknown zlib method", withIdat(png, badMethod) });
    Bytes badAdler = compressed(raw);
    badAdler.back() ^= 0x01;
    out.push_back({ "bad zlib checksum", withIdat(png, badAdler) });
    out.push_back({ "distance too far back", withIdat(png, tooFarBack(raw)) });
    Bytes badBlock = compressed(raw);
    badBlock[2] = 0xff; // block type 3, reserved
    out.push_back({ "bad deflate block", withIdat(png, badBlock) });
    for (const std::size_t size : { std::size_t { 20 }, std::size_t { 33 }, idat + 6, idat + 30 }) {
        out.push_back({ "truncated at " + std::to_string(size), truncated(png, size) });
    }
    for (const char* name :
        { "testpngs/badcrc.png", "testpngs/badadler.png", "testpngs/bad_iCCP.png" }) {
        const Bytes file = fromTestdata(name, {});
        if (!file.empty()) {
            out.push_back({ name, file });
        }
    }
    return out;
}

// NOLINTNEXTLINE(readability-function-size): a table of cases, one damage a row
std::vector<BrokenFile> brokenJpegs()
{
    std::vector<BrokenFile> out;
    const Image image = makeTestImage(64, 48, 3);
    const Bytes own = [&] {
        auto made = JpegEncoder::encode(image.view(), {}, {});
        return made ? std::move(made).value() : Bytes {};
    }();
    const Bytes jpeg = fromTestdata("libjpeg-turbo/testorig.jpg", own);
    const Bytes restarts
        = fromTestdata("libjpeg-turbo/testimgint.jpg", {}); // when it has RST markers
    const Bytes arith = fromTestdata("libjpeg-turbo/testimgari.jpg", {});
    const Bytes twelve = fromTestdata("libjpeg-turbo/monkey12.jpg", {});
    if (jpeg.size() < 200) {
        return out;
    }
    const std::size_t sof = find(jpeg, "\xff\xc0");
    const std::size_t dqt = find(jpeg, "\xff\xdb");
    const std::size_t dht = find(jpeg, "\xff\xc4");
    const std::size_t sos = find(jpeg, "\xff\xda");
    const auto changed = [&](std::size_t at, std::uint8_t value) {
        Bytes b = jpeg;
        if (at < b.size()) {
            b[at] = value;
        }
        return b;
    };
    for (const int percent : { 5, 50, 90 }) {
        out.push_back({ "truncated at " + std::to_string(percent) + "%",
            truncated(jpeg, jpeg.size() * static_cast<std::size_t>(percent) / 100) });
    }
    out.push_back({ "truncated after SOS", truncated(jpeg, sos + 20) });
    out.push_back({ "SOF precision 12", changed(sof + 4, 12) });
    out.push_back({ "SOF height 0", [&] {
                       Bytes b = changed(sof + 5, 0);
                       b[sof + 6] = 0;
                       return b;
                   }() });
    out.push_back({ "SOF lossless", changed(sof + 1, 0xc3) });
    out.push_back({ "SOF hierarchical", changed(sof + 1, 0xc5) });
    out.push_back({ "SOF sampling 0", changed(sof + 11, 0x00) });
    out.push_back({ "SOF 9 components", changed(sof + 9, 9) });
    out.push_back({ "SOF 0 components", changed(sof + 9, 0) });
    out.push_back({ "SOF table 5", changed(sof + 12, 5) });
    out.push_back({ "DQT index 9", changed(dqt + 4, 9) });
    out.push_back({ "DQT length 1", changed(dqt + 3, 1) });
    out.push_back({ "DHT index 9", changed(dht + 4, 0x09) });
    out.push_back({ "DHT counts too large", [&] {
                       Bytes b = jpeg;
                       for (std::size_t i = dht + 5; i < dht + 21 && i < b.size(); ++i) {
                           b[i] = 0xff;
                       }
                       return b;
                   }() });
    out.push_back({ "SOS component 99", changed(sos + 5, 99) });
    out.push_back({ "SOS table 3", changed(sos + 6, 0x33) });
    out.push_back({ "SOS progression", changed(sos + 4 + 2 * jpeg[sos + 4] + 1, 5) });
    out.push_back({ "SOS before SOF", [&] {
                       Bytes b = jpeg;
                       b[sof + 1] = 0xe5; // an APP5 marker: no frame header left
                       return b;
                   }() });
    out.push_back({ "two SOI", [&] {
                       Bytes b = jpeg;
                       b[dqt + 1] = 0xd8;
                       return b;
                   }() });
    out.push_back({ "unknown marker", changed(dqt + 1, 0x01) });
    // All one bits (0xff, stuffed with 0x00) after the scan header: no Huffman code is all ones.
    Bytes entropy = jpeg;
    for (std::size_t i = sos + 20; i + 1 < sos + 120 && i + 3 < entropy.size(); i += 2) {
        entropy[i] = 0xff;
        entropy[i + 1] = 0x00;
    }
    out.push_back({ "damaged entropy data", entropy });
    Bytes marker = jpeg;
    marker[sos + 60] = 0xff;
    marker[sos + 61] = 0xd9;
    out.push_back({ "EOI inside the scan", marker });
    if (const std::size_t rst = find(restarts, "\xff\xd0"); rst < restarts.size()) {
        Bytes b = restarts;
        b[rst + 1] = 0xd3;
        out.push_back({ "wrong restart marker", b });
    }
    EncodeOptions progressive;
    progressive.progressive = true;
    if (auto made = JpegEncoder::encode(image.view(), progressive, {}); made) {
        out.push_back({ "progressive truncated", truncated(made.value(), made->size() / 2) });
    }
    if (!arith.empty()) {
        out.push_back({ "arithmetic truncated", truncated(arith, arith.size() / 2) });
    }
    if (!twelve.empty()) {
        out.push_back({ "12-bit", twelve });
    }
    return out;
}

} // namespace dropsize::test
