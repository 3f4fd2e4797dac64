// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"

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

} // namespace dropsize
