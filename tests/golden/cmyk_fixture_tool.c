// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// What make_cmyk_golden.py needs and Pillow cannot make: a small CMYK ICC profile (through
// lcms2), and CMYK JPEGs without Adobe's marker or stored as YCCK (through libjpeg). Built and
// run by that script alone; no test links it.
//
//   cmyk_fixture_tool profile OUT.icc [no-a2b]
//       A CMYK output profile whose A2B0 is a 6-point CLUT of a made-up press; with no-a2b it
//       has a B2A0 only, so lcms2 opens it but cannot read CMYK with it.
//   cmyk_fixture_tool jpeg RAW WIDTH HEIGHT OUT.jpg cmyk|ycck adobe|plain [PROFILE.icc]
//       RAW holds WIDTH x HEIGHT x 4 samples, written as they are (inverted or not is the
//       caller's business); "plain" leaves the Adobe marker out (CMYK only: YCCK needs it).
#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// jpeglib.h needs FILE and size_t declared before it.
#include <jpeglib.h>

static unsigned char* readAll(const char* path, long* size)
{
    FILE* f = fopen(path, "rb");
    if (f == NULL || fseek(f, 0, SEEK_END) != 0) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    *size = ftell(f);
    rewind(f);
    unsigned char* data = malloc((size_t)*size);
    if (data == NULL || fread(data, 1, (size_t)*size, f) != (size_t)*size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    fclose(f);
    return data;
}

static cmsHTRANSFORM g_rgbToLab;

// The made-up press: each ink takes away mostly its own primary and a little of the others, with
// a gamma, and black darkens everything; the result goes to Lab through sRGB.
static int sampleCmyk(const cmsUInt16Number in[], cmsUInt16Number out[], void* cargo)
{
    (void)cargo;
    double ink[4];
    for (int i = 0; i < 4; ++i) {
        ink[i] = in[i] / 65535.0;
    }
    const double k = 1.0 - 0.92 * ink[3];
    double rgb[3];
    rgb[0] = (1.0 - 0.95 * ink[0] - 0.08 * ink[1] - 0.02 * ink[2]) * k;
    rgb[1] = (1.0 - 0.30 * ink[0] - 0.90 * ink[1] - 0.05 * ink[2]) * k;
    rgb[2] = (1.0 - 0.10 * ink[0] - 0.25 * ink[1] - 0.85 * ink[2]) * k;
    for (int i = 0; i < 3; ++i) {
        rgb[i] = rgb[i] < 0 ? 0 : rgb[i];
    }
    cmsCIELab lab;
    cmsDoTransform(g_rgbToLab, rgb, &lab, 1);
    cmsFloat2LabEncodedV2(out, &lab);
    return 1;
}

// Lab back to CMYK, for the B2A0 of the profile that has nothing else: any values will do.
static int sampleLab(const cmsUInt16Number in[], cmsUInt16Number out[], void* cargo)
{
    (void)cargo;
    out[0] = (cmsUInt16Number)(65535 - in[0]);
    out[1] = in[1];
    out[2] = in[2];
    out[3] = (cmsUInt16Number)(65535 - in[0] / 2);
    return 1;
}

static void writeText(cmsHPROFILE h, cmsTagSignature tag, const char* text)
{
    cmsMLU* mlu = cmsMLUalloc(NULL, 1);
    cmsMLUsetASCII(mlu, "en", "US", text);
    cmsWriteTag(h, tag, mlu);
    cmsMLUfree(mlu);
}

static int makeProfile(const char* out, int withA2b)
{
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHPROFILE lab = cmsCreateLab2Profile(NULL);
    g_rgbToLab = cmsCreateTransform(
        srgb, TYPE_RGB_DBL, lab, TYPE_Lab_DBL, INTENT_RELATIVE_COLORIMETRIC, 0);
    cmsHPROFILE h = cmsCreateProfilePlaceholder(NULL);
    cmsSetProfileVersion(h, 2.1);
    cmsSetDeviceClass(h, cmsSigOutputClass);
    cmsSetColorSpace(h, cmsSigCmykData);
    cmsSetPCS(h, cmsSigLabData);
    writeText(h, cmsSigProfileDescriptionTag,
        withA2b ? "Dropsize test CMYK (made-up press)" : "Dropsize test CMYK without A2B");
    writeText(h, cmsSigCopyrightTag, "No copyright, use freely");
    cmsWriteTag(h, cmsSigMediaWhitePointTag, cmsD50_XYZ());
    cmsPipeline* pipe;
    cmsStage* clut;
    if (withA2b) {
        pipe = cmsPipelineAlloc(NULL, 4, 3);
        clut = cmsStageAllocCLut16bit(NULL, 6, 4, 3, NULL);
        cmsStageSampleCLut16bit(clut, sampleCmyk, NULL, 0);
    } else {
        pipe = cmsPipelineAlloc(NULL, 3, 4);
        clut = cmsStageAllocCLut16bit(NULL, 3, 3, 4, NULL);
        cmsStageSampleCLut16bit(clut, sampleLab, NULL, 0);
    }
    cmsPipelineInsertStage(pipe, cmsAT_BEGIN, clut);
    cmsWriteTag(h, withA2b ? cmsSigAToB0Tag : cmsSigBToA0Tag, pipe);
    if (!cmsSaveProfileToFile(h, out)) {
        fprintf(stderr, "cannot write %s\n", out);
        return 1;
    }
    cmsPipelineFree(pipe);
    cmsCloseProfile(h);
    cmsDeleteTransform(g_rgbToLab);
    cmsCloseProfile(lab);
    cmsCloseProfile(srgb);
    return 0;
}

static int writeJpeg(int argc, char** argv)
{
    long rawSize = 0;
    unsigned char* raw = readAll(argv[2], &rawSize);
    const int width = atoi(argv[3]);
    const int height = atoi(argv[4]);
    const int ycck = strcmp(argv[6], "ycck") == 0;
    const int adobe = strcmp(argv[7], "adobe") == 0;
    if (rawSize != (long)width * height * 4 || (ycck && !adobe)) {
        fprintf(stderr, "bad arguments\n");
        return 1;
    }
    FILE* out = fopen(argv[5], "wb");
    if (out == NULL) {
        fprintf(stderr, "cannot write %s\n", argv[5]);
        return 1;
    }
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, out);
    c.image_width = (JDIMENSION)width;
    c.image_height = (JDIMENSION)height;
    c.input_components = 4;
    c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, ycck ? JCS_YCCK : JCS_CMYK);
    c.write_Adobe_marker = adobe ? TRUE : FALSE;
    jpeg_set_quality(&c, 90, TRUE);
    jpeg_start_compress(&c, TRUE);
    if (argc > 8) {
        long iccSize = 0;
        unsigned char* icc = readAll(argv[8], &iccSize);
        jpeg_write_icc_profile(&c, icc, (unsigned int)iccSize);
        free(icc);
    }
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = raw + (size_t)c.next_scanline * (size_t)width * 4;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(out);
    free(raw);
    return 0;
}

int main(int argc, char** argv)
{
    if (argc >= 3 && strcmp(argv[1], "profile") == 0) {
        return makeProfile(argv[2], !(argc > 3 && strcmp(argv[3], "no-a2b") == 0));
    }
    if (argc >= 8 && strcmp(argv[1], "jpeg") == 0) {
        return writeJpeg(argc, argv);
    }
    fprintf(stderr, "usage: see the top of cmyk_fixture_tool.c\n");
    return 2;
}
