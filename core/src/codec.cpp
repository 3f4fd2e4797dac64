// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/codec.h"

#include "codec_registry.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace dropsize {

ImageFormat sniffFormat(std::span<const std::uint8_t> head) noexcept
{
    const CodecEntry* codec = sniffCodec(head);
    return codec != nullptr ? codec->format : ImageFormat::Unknown;
}

const char* formatTitle(ImageFormat format) noexcept
{
    switch (format) {
    case ImageFormat::Jpeg:
        return "JPEG";
    case ImageFormat::Png:
        return "PNG";
#if DROPSIZE_WITH_WEBP
    case ImageFormat::Webp:
        return "WebP";
#endif
#if DROPSIZE_WITH_HEIF
    case ImageFormat::Heif:
        return "HEIC";
    case ImageFormat::Avif:
        return "AVIF";
#endif
    case ImageFormat::Unknown:
        break;
    }
    return "unknown";
}

std::string readableFormats(std::string_view lastSeparator)
{
    // In the order people know them, not the registry's order of signatures.
    static constexpr ImageFormat kOrder[]
        = { ImageFormat::Jpeg,
              ImageFormat::Png,
#if DROPSIZE_WITH_WEBP
              ImageFormat::Webp,
#endif
#if DROPSIZE_WITH_HEIF
              ImageFormat::Heif,
              ImageFormat::Avif,
#endif
          };
    std::string list;
    for (std::size_t i = 0; i < std::size(kOrder); ++i) {
        if (i > 0) {
            list += i + 1 == std::size(kOrder) ? lastSeparator : std::string_view(", ");
        }
        list += formatTitle(kOrder[i]);
    }
    return list;
}

std::string describeContent(std::span<const std::uint8_t> head, std::uint64_t fileSize)
{
    if (fileSize == 0) {
        return "the file is empty";
    }
    // "not a JPEG, PNG, WebP, HEIC or AVIF image: ...", with the formats of this build.
    std::string notOurs = "not a " + readableFormats() + " image";
    auto startsWith = [&](std::string_view magic, std::size_t at = 0) {
        return head.size() >= at + magic.size()
            && std::memcmp(head.data() + at, magic.data(), magic.size()) == 0;
    };
    if (startsWith("GIF87a") || startsWith("GIF89a")) {
        return notOurs + ": it is a GIF image";
    }
    if (startsWith("RIFF") && startsWith("WEBP", 8)) {
        return notOurs + ": it is a WebP image";
    }
#if DROPSIZE_WITH_HEIF
    if (startsWith("ftyp", 4)) {
        return "not an image Dropsize reads: an ISO media file (MP4, QuickTime) that is neither "
               "HEIC/HEIF nor AVIF";
    }
#else
    if (startsWith("ftyp", 4)) {
        return notOurs + ": it is a HEIF/AVIF or MP4 file";
    }
#endif
    using namespace std::string_view_literals;
    if (startsWith("II*\0"sv) || startsWith("MM\0*"sv)) {
        return notOurs + ": it is a TIFF image";
    }
    if (startsWith("BM")) {
        return notOurs + ": it looks like a BMP image";
    }
    if (startsWith("%PDF")) {
        return notOurs + ": it is a PDF document";
    }
    if (startsWith("PK\3\4")) {
        return notOurs + ": it is a ZIP archive";
    }
    if (head.size() >= 2 && head[0] == 0xff && head[1] == 0xd8) {
        return notOurs + ": a JPEG start marker with no segment after it";
    }
    // Text: no control bytes but tab, CR and LF (UTF-8 bytes above 0x7f are fine).
    std::size_t at = startsWith("\xef\xbb\xbf") ? 3 : 0;
    bool text = true;
    for (std::size_t i = at; i < head.size(); ++i) {
        const std::uint8_t c = head[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
            text = false;
            break;
        }
    }
    if (text) {
        while (at < head.size()
            && (head[at] == ' ' || head[at] == '\t' || head[at] == '\n' || head[at] == '\r')) {
            ++at;
        }
        std::string start;
        for (std::size_t i = at; i < head.size() && start.size() < 9; ++i) {
            start += static_cast<char>(std::tolower(head[i]));
        }
        if (start.starts_with("<!doctype") || start.starts_with("<html")
            || start.starts_with("<head")) {
            return notOurs + ": it looks like HTML (a web page saved under an image name?)";
        }
        if (start.starts_with("<?xml") || start.starts_with("<svg")) {
            return notOurs + ": it looks like XML or SVG";
        }
        return notOurs + ": it looks like text";
    }
    return notOurs;
}

const char* formatName(ImageFormat format) noexcept
{
    const CodecEntry* codec = findCodec(format);
    return codec != nullptr ? codec->name : "unknown";
}

std::vector<std::string> imageExtensions()
{
    std::vector<std::string> extensions;
    for (const CodecEntry& codec : codecs()) {
        for (const std::string_view extension : codec.extensions) {
            extensions.emplace_back(extension.substr(1));
        }
    }
    return extensions;
}

} // namespace dropsize
