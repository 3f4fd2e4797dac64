// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"

#include "dropsize/core/option_names.h"

#include <cstring>

namespace dropsize {

const char* errorCodeName(ErrorCode code) noexcept { return nameOf(code); }

Error Error::of(ErrorCode code, Text text, std::string path)
{
    Error error(code, text.english(), std::move(path));
    error.text = std::move(text);
    return error;
}

Text Error::describe() const { return text.empty() ? Text::verbatim(message) : text; }

namespace {

    // strerror_r comes in two kinds: GNU's returns the text (which may not be in the buffer),
    // POSIX's returns 0 and fills the buffer. Overloading takes whichever the C library has.
    [[maybe_unused]] std::string strerrorText(const char* text, const char* /*buffer*/, int)
    {
        return text;
    }
    [[maybe_unused]] std::string strerrorText(int result, const char* buffer, int err)
    {
        return result == 0 ? std::string(buffer) : "error " + std::to_string(err);
    }

} // namespace

std::string systemErrorText(int err)
{
    char buffer[256] = {};
#ifdef _WIN32
    return strerror_s(buffer, sizeof buffer, err) == 0 ? std::string(buffer)
                                                       : "error " + std::to_string(err);
#else
    return strerrorText(::strerror_r(err, buffer, sizeof buffer), buffer, err);
#endif
}

} // namespace dropsize
