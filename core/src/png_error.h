// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// libpng reports fatal errors by longjmp: every function of the PNG decoder and encoder that
// calls setjmp() is C-style, with no object that has a destructor alive in it, and so is every
// callback that may jump. The RAII owners (ReadState, WriteState) live in the C++ callers. This
// header holds what both sides share.

#include <cstddef>
#include <png.h>

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

} // namespace dropsize::png
