// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// A PNG's chunks as bytes in memory, beside libpng: what the decoder needs to find before or
// apart from the pixels (where the header ends, where IEND starts) and the metadata libpng's
// progressive reader skips or cannot order as Pillow does (EXIF, its text forms, XMP).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dropsize::png {

/// Walks the chunks of a PNG file in memory: calls visit(type, data, length, whole) for each
/// chunk whose length and type are there, `length` cut to the bytes there are and `whole` false
/// when it was cut, until visit returns false or the file ends; returns where the walk stopped.
/// A chunk's start is found the same in part of a file as in all of it.
template <class Visit> std::size_t walkChunks(std::span<const std::uint8_t> data, Visit visit)
{
    std::size_t at = 8;
    while (at + 8 <= data.size()) {
        const std::size_t length = (std::size_t { data[at] } << 24)
            | (std::size_t { data[at + 1] } << 16) | (std::size_t { data[at + 2] } << 8)
            | data[at + 3];
        const char* type = reinterpret_cast<const char*>(data.data() + at + 4);
        const std::size_t there = data.size() - at - 8;
        if (!visit(type, data.data() + at + 8, std::min(length, there), length <= there)) {
            return at;
        }
        if (length + 12 > data.size() - at) {
            break;
        }
        at += 12 + length;
    }
    return data.size();
}

/// What a PNG says of its orientation, read as Pillow 9.4 reads it after thumbnail() has loaded
/// the whole file (so chunks after the image data count, and the last chunk of a kind wins):
///  1. the EXIF: an eXIf chunk, or a text chunk (tEXt) keyed "exif" holding its bytes;
///  2. failing that, ImageMagick's "Raw profile type exif" text (tEXt, zTXt or iTXt): after its
///     first three lines, the EXIF in hexadecimal;
///  3. where that EXIF has no orientation tag, an XMP packet (a text chunk keyed
///     "XML:com.adobe.xmp") by its first `tiff:Orientation="N"` or `<tiff:Orientation>N`.
/// A source Pillow cannot read (it fails the file there) is passed over: text that is not
/// hexadecimal, EXIF that is not a TIFF structure, compressed text that does not inflate or
/// inflates past Pillow's 1 MiB, iTXt that is not UTF-8.
struct PngOrientation {
    std::vector<std::uint8_t> exif; ///< the EXIF of 1 or 2, to keep (a TIFF structure)
    int orientation = 1; ///< 1..8
};

/// Reads the orientation from the bytes given, up to IEND.
PngOrientation readOrientation(std::span<const std::uint8_t> file);

} // namespace dropsize::png
