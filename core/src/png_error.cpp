// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "png_error.h"

#include <cstdio>

namespace dropsize::png {

void resetErrors(ErrorState* state) noexcept
{
    state->message[0] = '\0';
    state->warning[0] = '\0';
    state->limitHit = false;
}

void onError(png_structp png, png_const_charp message)
{
    auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
    std::snprintf(state->message, kMessageSize, "%s", message);
    png_longjmp(png, 1);
}

void onWarning(png_structp png, png_const_charp message)
{
    auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
    std::snprintf(state->warning, kMessageSize, "%s", message);
}

} // namespace dropsize::png
