// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "core/codecs/cmyk_reference.h"

#include <cstdio>
#include <cstdlib>
#include <jpeglib.h>
#include <lcms2.h>

namespace dropsize::test {

RawCmyk decodeRawCmyk(std::span<const std::uint8_t> jpeg, int scale)
{
    // The fixtures are whole, valid files: libjpeg's standard error handler (which exits) is
    // enough here.
    jpeg_decompress_struct c {};
    jpeg_error_mgr err {};
    c.err = jpeg_std_error(&err);
    jpeg_create_decompress(&c);
    jpeg_mem_src(&c, jpeg.data(), static_cast<unsigned long>(jpeg.size()));
    jpeg_save_markers(&c, JPEG_APP0 + 2, 0xffff);
    jpeg_read_header(&c, TRUE);
    RawCmyk raw;
    JOCTET* icc = nullptr;
    unsigned int iccLength = 0;
    if (jpeg_read_icc_profile(&c, &icc, &iccLength)) {
        raw.icc.assign(icc, icc + iccLength);
        std::free(icc);
    }
    raw.adobe = c.saw_Adobe_marker != 0;
    c.out_color_space = JCS_CMYK;
    c.scale_num = 1;
    c.scale_denom = static_cast<unsigned int>(scale);
    jpeg_start_decompress(&c);
    raw.width = static_cast<int>(c.output_width);
    raw.height = static_cast<int>(c.output_height);
    raw.samples.resize(static_cast<std::size_t>(raw.width) * 4 * c.output_height);
    while (c.output_scanline < c.output_height) {
        JSAMPROW row
            = raw.samples.data() + static_cast<std::size_t>(c.output_scanline) * 4 * c.output_width;
        jpeg_read_scanlines(&c, &row, 1);
    }
    jpeg_finish_decompress(&c);
    jpeg_destroy_decompress(&c);
    return raw;
}

std::vector<std::uint8_t> lcmsToRgb(
    const RawCmyk& raw, std::span<const std::uint8_t> profile, bool inverted)
{
    std::vector<std::uint8_t> ink = raw.samples;
    if (inverted) {
        for (std::uint8_t& v : ink) {
            v = static_cast<std::uint8_t>(255 - v);
        }
    }
    cmsHPROFILE in
        = cmsOpenProfileFromMem(profile.data(), static_cast<cmsUInt32Number>(profile.size()));
    cmsHPROFILE out = cmsCreate_sRGBProfile();
    cmsHTRANSFORM t = in != nullptr
        ? cmsCreateTransform(in, TYPE_CMYK_8, out, TYPE_RGB_8, INTENT_RELATIVE_COLORIMETRIC, 0)
        : nullptr;
    std::vector<std::uint8_t> rgb;
    if (t != nullptr) {
        const auto pixels
            = static_cast<std::size_t>(raw.width) * static_cast<std::size_t>(raw.height);
        rgb.resize(pixels * 3);
        cmsDoTransform(t, ink.data(), rgb.data(), static_cast<cmsUInt32Number>(pixels));
        cmsDeleteTransform(t);
    }
    cmsCloseProfile(out);
    if (in != nullptr) {
        cmsCloseProfile(in);
    }
    return rgb;
}

} // namespace dropsize::test
