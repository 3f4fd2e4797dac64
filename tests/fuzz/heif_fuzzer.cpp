// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// libFuzzer target: a HEIC/HEIF or AVIF file through open(), extend() and render(), as a batch
// job runs it (libheif with libde265, and aom or dav1d).
#include "image_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    // Each returns at once for a file of the other format.
    dropsize::fuzz::fuzzImage({ data, size }, dropsize::ImageFormat::Heif);
    dropsize::fuzz::fuzzImage({ data, size }, dropsize::ImageFormat::Avif);
    return 0;
}
