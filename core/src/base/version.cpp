// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/version.h"

#include "dropsize/core/build_config.h"
#include "dropsize/core/version_generated.h"

#include <cstdio>
#include <string>

extern "C" {
#include <jpeglib.h>
}
#include <libdeflate.h>
#include <png.h>
#if DROPSIZE_WITH_HEIF
#include <libheif/heif.h>
#endif
#if DROPSIZE_WITH_WEBP
#include <webp/decode.h>
#endif
#if DROPSIZE_WITH_LCMS2
#include <lcms2.h>
#endif

// libjpeg-turbo's jconfig.h gives its version as a bare token sequence (2.1.5).
#define DROPSIZE_STRINGIFY2(x) #x
#define DROPSIZE_STRINGIFY(x) DROPSIZE_STRINGIFY2(x)

namespace dropsize {

const char* versionString() noexcept { return DROPSIZE_VERSION; }
const char* gitRevision() noexcept { return DROPSIZE_GIT_REVISION; }

std::string libraryVersions()
{
#ifdef LIBJPEG_TURBO_VERSION
    std::string s = "libjpeg-turbo " DROPSIZE_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    std::string s = "libjpeg";
#endif
    s += " (API " + std::to_string(JPEG_LIB_VERSION) + ")";
    s += ", libpng ";
    s += png_get_libpng_ver(nullptr);
    s += ", libdeflate " LIBDEFLATE_VERSION_STRING;
#if DROPSIZE_WITH_WEBP
    // 0xMMmmpp: major, minor and patch, a byte each.
    const int webp = WebPGetDecoderVersion();
    s += ", libwebp " + std::to_string((webp >> 16) & 0xff) + "."
        + std::to_string((webp >> 8) & 0xff) + "." + std::to_string(webp & 0xff);
#endif
#if DROPSIZE_WITH_HEIF
    s += ", libheif ";
    s += heif_get_version();
#endif
#if DROPSIZE_WITH_LCMS2
    // 2140 for 2.14.
    const int cms = cmsGetEncodedCMMversion();
    s += ", lcms2 " + std::to_string(cms / 1000) + "." + std::to_string((cms % 1000) / 10);
#endif
    return s;
}

} // namespace dropsize
