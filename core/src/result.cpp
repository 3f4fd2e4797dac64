// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"

#include <cstring>

namespace dropsize {

const char* errorCodeName(ErrorCode code) noexcept
{
    switch (code) {
    case ErrorCode::InvalidArgument:
        return "invalid-argument";
    case ErrorCode::NotFound:
        return "not-found";
    case ErrorCode::Io:
        return "io";
    case ErrorCode::NoSpace:
        return "no-space";
    case ErrorCode::UnsupportedFormat:
        return "unsupported-format";
    case ErrorCode::CorruptData:
        return "corrupt-data";
    case ErrorCode::LimitExceeded:
        return "limit-exceeded";
    case ErrorCode::OutOfMemory:
        return "out-of-memory";
    case ErrorCode::Cancelled:
        return "cancelled";
    case ErrorCode::Exists:
        return "exists";
    case ErrorCode::Internal:
        return "internal";
    }
    return "internal";
}

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
