// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// A PNG's image data (its IDAT chunks: the rows filtered, then one zlib stream) through
// libdeflate, which deflates and inflates several times faster than zlib, beside libpng: the
// encoder writes its image data with compressImageData(); the decoder reads a plain PNG's with
// inflateImageData() and leaves every other PNG, and every flaw, to libpng.

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/image.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dropsize::png {

/// The image data of an 8-bit image, as one zlib stream at `level` (0 stores, 1..9 as zlib's):
/// each row filtered as libpng filters by default (of PNG's five filters, the one whose bytes,
/// read as signed, have the least sum of magnitudes). Empty when `cancel` asked to stop (polled
/// every 64 rows). Throws std::bad_alloc when memory runs out.
std::vector<std::uint8_t> compressImageData(
    ConstImageView image, int level, const CancelToken* cancel);

/// The rows of a PNG that needs no transformation (8 bits a sample, grey, grey and alpha, RGB or
/// RGBA, no tRNS chunk, not interlaced), from `file` (the whole file) into `rows`: `height` rows
/// of `rowBytes` bytes, one after another, with `height` spare bytes after the last (the image
/// data is inflated into the buffer and unfiltered in place). True only for flawless image
/// data: IDAT chunks one after another, each whole and with its CRC right, holding one zlib
/// stream with a 32 KiB window that ends, checksum right, exactly after the last row, and each
/// row's filter one of the five. Anything else gives false, with the rows undefined, and libpng
/// reads the file, saying what is wrong as it always has; so does a stop `cancel` asks for
/// (polled every 64 rows; libpng's reader then sees it). Takes at most the IDAT chunks' size
/// besides the rows (their data joined, when there are several). Throws std::bad_alloc when
/// memory runs out.
bool inflateImageData(std::span<const std::uint8_t> file, std::uint8_t* rows, std::size_t rowBytes,
    std::size_t height, int channels, const CancelToken* cancel = nullptr);

} // namespace dropsize::png
