// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "jpeg_error.h"

extern "C" {
#include <jerror.h>
}

namespace dropsize::jpeg {

namespace {

    [[noreturn]] void onError(j_common_ptr cinfo)
    {
        auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
        (*cinfo->err->format_message)(cinfo, err->message);
        std::longjmp(err->jump, 1);
    }

    void onMessage(j_common_ptr cinfo, int level)
    {
        if (level >= 0) {
            return; // trace messages
        }
        // Warnings that mean the pixels are damaged (truncation, bad Huffman data) fail the file,
        // as Pillow does; harmless ones are ignored.
        switch (cinfo->err->msg_code) {
        case JWRN_EXTRANEOUS_DATA:
        case JWRN_ADOBE_XFORM:
        case JWRN_JFIF_MAJOR:
        case JWRN_BOGUS_ICC:
            return;
        default:
            onError(cinfo);
        }
    }

} // namespace

void setupErrors(ErrorManager* err, int maxScans) noexcept
{
    jpeg_std_error(&err->pub);
    err->pub.error_exit = onError;
    err->pub.emit_message = onMessage;
    err->message[0] = '\0';
    err->maxScans = maxScans;
    err->scanLimitHit = false;
}

void onProgress(j_common_ptr cinfo)
{
    if (!cinfo->is_decompressor) {
        return;
    }
    auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
    const auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
    if (d->input_scan_number > err->maxScans) {
        err->scanLimitHit = true; // describe() words it
        std::longjmp(err->jump, 1);
    }
}

ErrorCode classify(const jpeg_error_mgr& err) noexcept
{
    switch (err.msg_code) {
    case JERR_OUT_OF_MEMORY: // over max_memory_to_use, or malloc failed
    case JERR_NO_BACKING_STORE: // the same, for the coefficients of a progressive image
    case JERR_IMAGE_TOO_BIG: // over JPEG_MAX_DIMENSION
        return ErrorCode::LimitExceeded;
    case JERR_BAD_PRECISION: // 12-bit JPEG
    case JERR_CONVERSION_NOTIMPL:
    case JERR_SOF_UNSUPPORTED: // lossless, hierarchical
    case JERR_UNKNOWN_MARKER:
        return ErrorCode::UnsupportedFormat;
    default:
        return ErrorCode::CorruptData;
    }
}

ErrorCode classify(const ErrorManager& err) noexcept
{
    return err.scanLimitHit ? ErrorCode::LimitExceeded : classify(err.pub);
}

Text describe(const ErrorManager& err)
{
    if (err.scanLimitHit) {
        return Text::tr("progressive JPEG with more than %1 scans (a limit against hostile files)")
            .arg(err.maxScans);
    }
    return Text::verbatim(err.message);
}

} // namespace dropsize::jpeg
