// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// libFuzzer target: the EXIF reader and its rewrite for an output, on a TIFF structure as it
// follows "Exif\0\0" in a JPEG's APP1 segment or fills a PNG's eXIf chunk.
#include "codecs/exif.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const int orientation = dropsize::exifOrientation({ data, size });
    if (orientation < 1 || orientation > 8) {
        __builtin_trap();
    }
    // A copy in a buffer of its own size, so that AddressSanitizer sees a write past its end.
    std::vector<std::uint8_t> copy(data, data + size);
    // What encoding keeps must read back as upright; a block it cannot make so is left as it
    // was (and dropped by the encoder).
    const bool upright = dropsize::resetExifOrientation(copy);
    if (upright != (dropsize::exifOrientation(copy) == 1)) {
        __builtin_trap();
    }
    if (!upright && !std::equal(copy.begin(), copy.end(), data)) {
        __builtin_trap();
    }
    // Fitted to an output: never longer, and the orientation it says is kept.
    std::vector<std::uint8_t> fitted(data, data + size);
    const int before = dropsize::exifOrientation(fitted);
    dropsize::fitExifToOutput(fitted, 640, 70000);
    if (fitted.size() > size || dropsize::exifOrientation(fitted) != before) {
        __builtin_trap();
    }
    return 0;
}
