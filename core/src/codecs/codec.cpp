// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/codec.h"

#include "codecs/codec_registry.h"

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

namespace {

    // In the order people know them, not the registry's order of signatures.
    constexpr ImageFormat kReadable[] = {
        ImageFormat::Jpeg,
        ImageFormat::Png,
#if DROPSIZE_WITH_WEBP
        ImageFormat::Webp,
#endif
#if DROPSIZE_WITH_HEIF
        ImageFormat::Heif,
        ImageFormat::Avif,
#endif
    };

    // The titles of kReadable's first `count` formats, with ", " between them.
    std::string titles(std::size_t count)
    {
        std::string list;
        for (std::size_t i = 0; i < count; ++i) {
            list += i > 0 ? ", " : "";
            list += formatTitle(kReadable[i]);
        }
        return list;
    }

} // namespace

std::string readableFormats(std::string_view lastSeparator)
{
    std::string list = titles(std::size(kReadable) - 1);
    list += lastSeparator;
    list += formatTitle(kReadable[std::size(kReadable) - 1]);
    return list;
}

Text readableFormatsText()
{
    return Text::tr("%1 or %2")
        .arg(titles(std::size(kReadable) - 1))
        .arg(formatTitle(kReadable[std::size(kReadable) - 1]));
}

Text describeContentText(std::span<const std::uint8_t> head, std::uint64_t fileSize)
{
    if (fileSize == 0) {
        return Text::tr("the file is empty");
    }
    // "not a JPEG, PNG, WebP, HEIC or AVIF image: ...", with the formats of this build.
    Text notOurs = Text::tr("not a %1 image").arg(readableFormatsText());
    auto startsWith = [&](std::string_view magic, std::size_t at = 0) {
        return head.size() >= at + magic.size()
            && std::memcmp(head.data() + at, magic.data(), magic.size()) == 0;
    };
    if (startsWith("GIF87a") || startsWith("GIF89a")) {
        return Text::tr("%1: it is a %2 image").arg(notOurs).arg("GIF");
    }
    if (startsWith("RIFF") && startsWith("WEBP", 8)) {
        return Text::tr("%1: it is a %2 image").arg(notOurs).arg("WebP");
    }
#if DROPSIZE_WITH_HEIF
    if (startsWith("ftyp", 4)) {
        return Text::tr("not an image Dropsize reads: an ISO media file (%1) that is neither %2 "
                        "nor %3")
            .arg("MP4, QuickTime")
            .arg("HEIC/HEIF")
            .arg("AVIF");
    }
#else
    if (startsWith("ftyp", 4)) {
        return Text::tr("%1: it is a %2 or %3 file").arg(notOurs).arg("HEIF/AVIF").arg("MP4");
    }
#endif
    using namespace std::string_view_literals;
    if (startsWith("II*\0"sv) || startsWith("MM\0*"sv)) {
        return Text::tr("%1: it is a %2 image").arg(notOurs).arg("TIFF");
    }
    if (startsWith("BM")) {
        return Text::tr("%1: it looks like a %2 image").arg(notOurs).arg("BMP");
    }
    if (startsWith("%PDF")) {
        return Text::tr("%1: it is a %2 document").arg(notOurs).arg("PDF");
    }
    if (startsWith("PK\3\4")) {
        return Text::tr("%1: it is a %2 archive").arg(notOurs).arg("ZIP");
    }
    if (head.size() >= 2 && head[0] == 0xff && head[1] == 0xd8) {
        return Text::tr("%1: a %2 start marker with no segment after it").arg(notOurs).arg("JPEG");
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
            return Text::tr("%1: it looks like %2 (a web page saved under an image name?)")
                .arg(notOurs)
                .arg("HTML");
        }
        if (start.starts_with("<?xml") || start.starts_with("<svg")) {
            return Text::tr("%1: it looks like %2 or %3").arg(notOurs).arg("XML").arg("SVG");
        }
        return Text::tr("%1: it looks like text").arg(notOurs);
    }
    return notOurs;
}

std::string describeContent(std::span<const std::uint8_t> head, std::uint64_t fileSize)
{
    return describeContentText(head, fileSize).english();
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
