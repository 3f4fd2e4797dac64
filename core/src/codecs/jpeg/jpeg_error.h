// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// libjpeg reports fatal errors by longjmp. Every function of the JPEG decoder and encoder that
// contains setjmp() is C-style: no object with a destructor is alive in it, so a jump skips no
// cleanup. The RAII owners (Decompressor, Compressor) live in the C++ callers, outside the
// jump's reach. This header holds what both sides share: the error manager and the
// classification of what it recorded.

#include "dropsize/core/result.h"

#include <csetjmp>
#include <cstdio>

extern "C" {
#include <jpeglib.h>
}

namespace dropsize::jpeg {

/// libjpeg's error manager, with where to jump to and what was said.
struct ErrorManager {
    jpeg_error_mgr pub;
    std::jmp_buf jump;
    char message[JMSG_LENGTH_MAX]; ///< libjpeg's message (format_message)
    /// The message's code (jerror.h) and parameters, as libjpeg had them when it gave up: what
    /// describe() turns into a sentence of ours. -1 before any message.
    int code;
    decltype(jpeg_error_mgr::msg_parm) parm;
    int maxScans; ///< progressive scans a decode may read (onProgress())
    bool scanLimitHit; ///< set by onProgress() when it stopped a decode at maxScans
};

/// Makes fatal errors, and warnings that mean damaged pixels, jump to err->jump with the
/// message in err->message.
void setupErrors(ErrorManager* err, int maxScans) noexcept;

/// A progress monitor that stops a decompressor past err->maxScans scans (a limit against
/// hostile progressive files), recording it in scanLimitHit.
void onProgress(j_common_ptr cinfo);

/// The code for a failure libjpeg reported, from its message code (jerror.h).
ErrorCode classify(const jpeg_error_mgr& err) noexcept;

/// The code for a failure `err` recorded: the scan limit, or what libjpeg reported.
ErrorCode classify(const ErrorManager& err) noexcept;

/// What `err` recorded, in words: the scan limit, or libjpeg's message. A message that a damaged,
/// truncated or unusual file (or the encoder's input) can cause is a template whose English is
/// exactly libjpeg's, so the window can translate it; any other (a misuse of the library) stays
/// libjpeg's own words, verbatim.
Text describe(const ErrorManager& err);

} // namespace dropsize::jpeg
