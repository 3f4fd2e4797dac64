// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/png/png_error.h"

#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize::png {

void resetErrors(ErrorState* state) noexcept
{
    state->message[0] = '\0';
    state->warning[0] = '\0';
    state->limitHit = false;
}

void onError(png_structp png, png_const_charp message)
{
    auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
    std::snprintf(state->message, kMessageSize, "%s", message);
    png_longjmp(png, 1);
}

void onWarning(png_structp png, png_const_charp message)
{
    auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
    std::snprintf(state->warning, kMessageSize, "%s", message);
}

namespace {

    // libpng's own sentences (and zlib's, which libpng passes on) that a damaged, truncated or
    // unusual file can cause, as templates with the same English. Chunk errors come as
    // "CHUNK: sentence", with the sentence among these.
    // NOLINTNEXTLINE(readability-function-size): a table, one row a sentence of libpng's
    const std::vector<Text>& knownMessages()
    {
        static const std::vector<Text> kMessages {
            Text::tr("Not a PNG file"),
            Text::tr("PNG file corrupted by ASCII conversion"),
            Text::tr("Read Error"),
            Text::tr("Invalid IHDR data"),
            Text::tr("Invalid IHDR length"),
            Text::tr("Missing IHDR before IDAT"),
            Text::tr("Missing PLTE before IDAT"),
            Text::tr("PNG unsigned integer out of range"),
            Text::tr("bad adaptive filter value"),
            Text::tr("Image width is zero in IHDR"),
            Text::tr("Image height is zero in IHDR"),
            Text::tr("Invalid image width in IHDR"),
            Text::tr("Invalid image height in IHDR"),
            Text::tr("Image width exceeds user limit in IHDR"),
            Text::tr("Image height exceeds user limit in IHDR"),
            Text::tr("Invalid bit depth in IHDR"),
            Text::tr("Invalid color type in IHDR"),
            Text::tr("Invalid color type/bit depth combination in IHDR"),
            Text::tr("Unknown interlace method in IHDR"),
            Text::tr("Unknown compression method in IHDR"),
            Text::tr("Unknown filter method in IHDR"),
            Text::tr("Invalid filter method in IHDR"),
            Text::tr("MNG features are not allowed in a PNG datastream"),
            Text::tr("Not enough image data"),
            Text::tr("Too much image data"),
            Text::tr("Extra compressed data"),
            Text::tr("Not enough compressed data"),
            Text::tr("Truncated compressed data in IDAT"),
            Text::tr("Extra compression data in IDAT"),
            Text::tr("Extra compressed data in IDAT"),
            Text::tr("Decompression error in IDAT"),
            Text::tr("ADLER32 checksum mismatch"),
            Text::tr("Row has too many bytes to allocate in memory"),
            Text::tr("Read palette index exceeding num_palette"),
            Text::tr("CRC error"),
            Text::tr("out of place"),
            Text::tr("missing IHDR"),
            Text::tr("duplicate"),
            Text::tr("invalid"),
            Text::tr("invalid length"),
            Text::tr("invalid values"),
            Text::tr("invalid index"),
            Text::tr("invalid data"),
            Text::tr("invalid chunk type"),
            Text::tr("unhandled critical chunk"),
            Text::tr("chunk data is too large"),
            Text::tr("insufficient memory to read chunk"),
            Text::tr("unknown chunk exceeds memory limits"),
            Text::tr("too many profiles"),
            Text::tr("bad compression method"),
            Text::tr("bad keyword"),
            Text::tr("Invalid palette length"),
            Text::tr("Invalid palette"),
            Text::tr("Invalid number of colors in palette"),
            Text::tr("tRNS chunk has out-of-range samples for bit_depth"),
            Text::tr("known incorrect sRGB profile"),
            Text::tr("out-of-date sRGB profile with no signature"),
            Text::tr("Not recognizing known sRGB profile that has been edited"),
            Text::tr("gamma value does not match sRGB"),
            Text::tr("cHRM chunk does not match sRGB"),
            Text::tr("invalid chromaticities"),
            Text::tr("gamma value out of range"),
            Text::tr("invalid sRGB rendering intent"),
            Text::tr("ignored in grayscale PNG"),
            Text::tr("invalid with alpha channel"),
            Text::tr("invalid gray level"),
            Text::tr("invalid color"),
            Text::tr("Ignoring invalid time value"),
            Text::tr("length does not match profile"),
            Text::tr("exceeds application limits"),
            Text::tr("tag count too large"),
            Text::tr("invalid rendering intent"),
            Text::tr("invalid signature"),
            Text::tr("invalid ICC profile color space"),
            Text::tr("RGB color space not permitted on grayscale PNG"),
            Text::tr("Gray color space not permitted on RGB PNG"),
            Text::tr("ICC profile tag outside profile"),
            Text::tr("unexpected zlib return code"),
            Text::tr("unexpected end of LZ stream"),
            Text::tr("missing LZ dictionary"),
            Text::tr("zlib IO error"),
            Text::tr("damaged LZ stream"),
            Text::tr("insufficient memory"),
            Text::tr("Out of memory"),
            Text::tr("Out of Memory"),
            Text::tr("incorrect header check"),
            Text::tr("unknown compression method"),
            Text::tr("invalid window size"),
            Text::tr("incorrect data check"),
            Text::tr("invalid block type"),
            Text::tr("invalid stored block lengths"),
            Text::tr("invalid code lengths set"),
            Text::tr("invalid bit length repeat"),
            Text::tr("invalid literal/lengths set"),
            Text::tr("invalid distances set"),
            Text::tr("invalid literal/length code"),
            Text::tr("invalid distance code"),
            Text::tr("invalid distance too far back"),
            Text::tr("too many length or distance symbols"),
            Text::tr("invalid code -- missing end-of-block"),
            Text::tr("unknown header flags set"),
            Text::tr("Write Error"),
            Text::tr("Invalid image color type specified"),
            Text::tr("memory image too large"),
            Text::tr("image row stride too large"),
        };
        return kMessages;
    }

    // The length of the chunk name libpng puts before a chunk's message ("IDAT: ", or "AB[23]D: "
    // for a byte that is no letter), or 0 when `message` does not start with one.
    std::size_t chunkPrefix(std::string_view message)
    {
        std::size_t at = 0;
        for (int i = 0; i < 4; ++i) {
            if (at < message.size() && std::isalpha(static_cast<unsigned char>(message[at]))) {
                ++at;
            } else if (at + 3 < message.size() && message[at] == '['
                && std::isxdigit(static_cast<unsigned char>(message[at + 1]))
                && std::isxdigit(static_cast<unsigned char>(message[at + 2]))
                && message[at + 3] == ']') {
                at += 4;
            } else {
                return 0;
            }
        }
        return message.substr(at).starts_with(": ") ? at : 0;
    }

} // namespace

Text describe(std::string_view message)
{
    for (const Text& known : knownMessages()) {
        if (message == known.format()) {
            return known;
        }
    }
    if (const std::size_t name = chunkPrefix(message); name != 0) {
        return Text::tr("%1: %2")
            .arg(std::string(message.substr(0, name)))
            .arg(describe(message.substr(name + 2)));
    }
    return Text::verbatim(std::string(message));
}

} // namespace dropsize::png
