// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// libpng reports fatal errors by longjmp: every function of the PNG decoder and encoder that
// calls setjmp() is C-style, with no object that has a destructor alive in it, and so is every
// callback that may jump. The RAII owners (ReadState, WriteState) live in the C++ callers. This
// header holds what both sides share.

#include "dropsize/core/text.h"

#include <cstddef>
#include <png.h>
#include <string_view>

namespace dropsize::png {

constexpr std::size_t kMessageSize = 256;

/// What a libpng struct reported, reached through png_get_error_ptr().
struct ErrorState {
    char message[kMessageSize]; ///< the error's
    char warning[kMessageSize]; ///< the last warning's: says why rows went missing
    /// A limit of ours refused the image from inside a libpng callback (message says which).
    bool limitHit;
};

/// Clears `state` for a new libpng struct.
void resetErrors(ErrorState* state) noexcept;

/// libpng's error and warning callbacks, for png_create_read_struct/png_create_write_struct.
[[noreturn]] void onError(png_structp png, png_const_charp message);
void onWarning(png_structp png, png_const_charp message);

/// libpng's message (an error's or a warning's) in words: one that a damaged, truncated or
/// unusual file can cause is a template with the same English, "CHUNK: message" is "%1: %2" with
/// the chunk's name and the message; any other stays libpng's own words, verbatim.
Text describe(std::string_view message);

} // namespace dropsize::png
