// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/jpeg/jpeg_error.h"

#include <string>

extern "C" {
#include <jerror.h>
}

namespace dropsize::jpeg {

namespace {

    [[noreturn]] void onError(j_common_ptr cinfo)
    {
        auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
        (*cinfo->err->format_message)(cinfo, err->message);
        err->code = cinfo->err->msg_code;
        err->parm = cinfo->err->msg_parm;
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

    // A parameter of the message as libjpeg's format_message prints it: %d, %u, %02x, %x.
    struct Parameters {
        const decltype(jpeg_error_mgr::msg_parm)& parm;

        [[nodiscard]] std::string d(int i) const { return std::to_string(parm.i[i]); }
        [[nodiscard]] std::string u(int i) const
        {
            return std::to_string(static_cast<unsigned>(parm.i[i]));
        }
        [[nodiscard]] std::string d2(int i) const // %02d
        {
            char text[16];
            std::snprintf(text, sizeof text, "%02d", parm.i[i]);
            return text;
        }
        [[nodiscard]] std::string x(int i) const // %x
        {
            char text[16];
            std::snprintf(text, sizeof text, "%x", static_cast<unsigned>(parm.i[i]));
            return text;
        }
        [[nodiscard]] std::string x2(int i) const // %02x
        {
            char text[16];
            std::snprintf(text, sizeof text, "%02x", static_cast<unsigned>(parm.i[i]));
            return text;
        }
    };

    // libjpeg's messages (jerror.h) that a damaged, truncated or unusual file can cause when it
    // is decoded, and those the encoder's input can cause, as templates with the same English;
    // an empty Text for the others. The hexadecimal numbers keep libjpeg's "0x" in the template.
    // NOLINTNEXTLINE(readability-function-size): a table, one case a message of libjpeg's
    Text messageText(int code, const Parameters& p)
    {
        switch (code) {
        // Warnings: setupErrors() makes those that mean damaged pixels fail the file.
        case JWRN_ADOBE_XFORM:
            return Text::tr("Unknown Adobe color transform code %1").arg(p.d(0));
        case JWRN_ARITH_BAD_CODE:
            return Text::tr("Corrupt JPEG data: bad arithmetic code");
        case JWRN_BOGUS_PROGRESSION:
            return Text::tr("Inconsistent progression sequence for component %1 coefficient %2")
                .arg(p.d(0))
                .arg(p.d(1));
        case JWRN_EXTRANEOUS_DATA:
            return Text::tr("Corrupt JPEG data: %1 extraneous bytes before marker 0x%2")
                .arg(p.u(0))
                .arg(p.x2(1));
        case JWRN_HIT_MARKER:
            return Text::tr("Corrupt JPEG data: premature end of data segment");
        case JWRN_HUFF_BAD_CODE:
            return Text::tr("Corrupt JPEG data: bad Huffman code");
        case JWRN_JFIF_MAJOR:
            return Text::tr("Warning: unknown JFIF revision number %1.%2").arg(p.d(0)).arg(p.d2(1));
        case JWRN_JPEG_EOF:
            return Text::tr("Premature end of JPEG file");
        case JWRN_MUST_RESYNC:
            return Text::tr("Corrupt JPEG data: found marker 0x%1 instead of RST%2")
                .arg(p.x2(0))
                .arg(p.d(1));
        case JWRN_NOT_SEQUENTIAL:
            return Text::tr("Invalid SOS parameters for sequential JPEG");
        case JWRN_TOO_MUCH_DATA:
            return Text::tr("Application transferred too many scanlines");
        case JWRN_BOGUS_ICC:
            return Text::tr("Corrupt JPEG data: bad ICC marker");
        // The file's structure and tables.
        case JERR_BAD_COMPONENT_ID:
            return Text::tr("Invalid component ID %1 in SOS").arg(p.d(0));
        case JERR_BAD_DCT_COEF:
            return Text::tr("DCT coefficient out of range");
        case JERR_BAD_HUFF_TABLE:
            return Text::tr("Bogus Huffman table definition");
        case JERR_BAD_IN_COLORSPACE:
            return Text::tr("Bogus input colorspace");
        case JERR_BAD_J_COLORSPACE:
            return Text::tr("Bogus JPEG colorspace");
        case JERR_BAD_LENGTH:
            return Text::tr("Bogus marker length");
        case JERR_BAD_MCU_SIZE:
            return Text::tr("Sampling factors too large for interleaved scan");
        case JERR_BAD_PRECISION:
            return Text::tr("Unsupported JPEG data precision %1").arg(p.d(0));
        case JERR_BAD_PROGRESSION:
            return Text::tr("Invalid progressive parameters Ss=%1 Se=%2 Ah=%3 Al=%4")
                .arg(p.d(0))
                .arg(p.d(1))
                .arg(p.d(2))
                .arg(p.d(3));
        case JERR_BAD_SAMPLING:
            return Text::tr("Bogus sampling factors");
        case JERR_CCIR601_NOTIMPL:
            return Text::tr("CCIR601 sampling not implemented yet");
        case JERR_COMPONENT_COUNT:
            return Text::tr("Too many color components: %1, max %2").arg(p.d(0)).arg(p.d(1));
        case JERR_CONVERSION_NOTIMPL:
            return Text::tr("Unsupported color conversion request");
        case JERR_DAC_INDEX:
            return Text::tr("Bogus DAC index %1").arg(p.d(0));
        case JERR_DAC_VALUE:
            return Text::tr("Bogus DAC value 0x%1").arg(p.x(0));
        case JERR_DHT_INDEX:
            return Text::tr("Bogus DHT index %1").arg(p.d(0));
        case JERR_DQT_INDEX:
            return Text::tr("Bogus DQT index %1").arg(p.d(0));
        case JERR_EMPTY_IMAGE:
            return Text::tr("Empty JPEG image (DNL not supported)");
        case JERR_EOI_EXPECTED:
            return Text::tr("Didn't expect more than one scan");
        case JERR_FRACT_SAMPLE_NOTIMPL:
            return Text::tr("Fractional sampling not implemented yet");
        case JERR_HUFF_CLEN_OVERFLOW:
            return Text::tr("Huffman code size table overflow");
        case JERR_HUFF_MISSING_CODE:
            return Text::tr("Missing Huffman code table entry");
        case JERR_IMAGE_TOO_BIG:
            return Text::tr("Maximum supported image dimension is %1 pixels").arg(p.u(0));
        case JERR_INPUT_EMPTY:
            return Text::tr("Empty input file");
        case JERR_INPUT_EOF:
            return Text::tr("Premature end of input file");
        case JERR_NOTIMPL:
            return Text::tr("Requested features are incompatible");
        case JERR_NOT_COMPILED:
            return Text::tr("Requested feature was omitted at compile time");
        case JERR_NO_ARITH_TABLE:
            return Text::tr("Arithmetic table 0x%1 was not defined").arg(p.x2(0));
        case JERR_NO_HUFF_TABLE:
            return Text::tr("Huffman table 0x%1 was not defined").arg(p.x2(0));
        case JERR_NO_IMAGE:
            return Text::tr("JPEG datastream contains no image");
        case JERR_NO_QUANT_TABLE:
            return Text::tr("Quantization table 0x%1 was not defined").arg(p.x2(0));
        case JERR_NO_SOI:
            return Text::tr("Not a JPEG file: starts with 0x%1 0x%2").arg(p.x2(0)).arg(p.x2(1));
        case JERR_SOF_DUPLICATE:
            return Text::tr("Invalid JPEG file structure: two SOF markers");
        case JERR_SOF_NO_SOS:
            return Text::tr("Invalid JPEG file structure: missing SOS marker");
        case JERR_SOF_UNSUPPORTED:
            return Text::tr("Unsupported JPEG process: SOF type 0x%1").arg(p.x2(0));
        case JERR_SOI_DUPLICATE:
            return Text::tr("Invalid JPEG file structure: two SOI markers");
        case JERR_SOS_NO_SOF:
            return Text::tr("Invalid JPEG file structure: SOS before SOF");
        case JERR_UNKNOWN_MARKER:
            return Text::tr("Unsupported marker type 0x%1").arg(p.x2(0));
        case JERR_WIDTH_OVERFLOW:
            return Text::tr("Image too wide for this implementation");
        // Memory: a large file over max_memory_to_use.
        case JERR_OUT_OF_MEMORY:
            return Text::tr("Insufficient memory (case %1)").arg(p.d(0));
        case JERR_NO_BACKING_STORE:
            return Text::tr("Backing store not supported");
        // The encoder's input.
        case JERR_TOO_LITTLE_DATA:
            return Text::tr("Application transferred too few scanlines");
        default:
            return {};
        }
    }

} // namespace

void setupErrors(ErrorManager* err, int maxScans) noexcept
{
    jpeg_std_error(&err->pub);
    err->pub.error_exit = onError;
    err->pub.emit_message = onMessage;
    err->message[0] = '\0';
    err->code = -1;
    err->parm = {};
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
    Text words = messageText(err.code, Parameters { err.parm });
    if (words.empty()) {
        return Text::verbatim(err.message);
    }
    return words;
}

} // namespace dropsize::jpeg
