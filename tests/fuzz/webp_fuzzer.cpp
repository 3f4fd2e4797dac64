// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// libFuzzer target: a WebP file through open(), extend() and render(), as a batch job runs it.
#include "image_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    dropsize::fuzz::fuzzImage({ data, size }, dropsize::ImageFormat::Webp);
    return 0;
}
