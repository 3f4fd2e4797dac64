// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"

#include <cerrno>
#include <cstring>

namespace dropsize {

Error Error::of(ErrorCode code, Text text, std::string path)
{
    Error error(code, text.english(), std::move(path));
    error.text = std::move(text);
    return error;
}

Text Error::describe() const { return text.empty() ? Text::verbatim(message) : text; }

bool isRetryable(const Error& error) noexcept
{
    switch (error.code) {
    case ErrorCode::NoSpace:
    case ErrorCode::OutOfMemory:
    case ErrorCode::Cancelled:
        return true;
    case ErrorCode::Io:
        break;
    default:
        return false;
    }
    // The errors that say the storage, the network or the system failed for now, not that the
    // file or its permissions are wrong. (Not every system has every name.)
    static constexpr int kTransient[] = {
        EIO,
        EAGAIN,
        EBUSY,
        EINTR,
        ENOMEM,
        ENOSPC,
        EMFILE,
        ENFILE,
        ETIMEDOUT,
        ENOBUFS,
#ifdef ESTALE
        ESTALE,
#endif
#ifdef EDQUOT
        EDQUOT,
#endif
#ifdef ENOLCK
        ENOLCK,
#endif
#ifdef ENETDOWN
        ENETDOWN,
        ENETUNREACH,
        ENETRESET,
        ECONNABORTED,
        ECONNRESET,
        EHOSTUNREACH,
#endif
#ifdef EHOSTDOWN
        EHOSTDOWN,
#endif
#ifdef EREMOTEIO
        EREMOTEIO,
#endif
    };
    for (const int code : kTransient) {
        if (error.systemCode == code) {
            return true;
        }
    }
    return false;
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

Text systemError(int err)
{
    // The errors a batch meets on files and folders. Each template is glibc's strerror() text
    // for its errno value (tests compare them), so the English stays what it was; the rarer
    // ones are guarded, as not every C library defines them.
    switch (err) {
    case EACCES:
        return Text::tr("Permission denied");
    case EPERM:
        return Text::tr("Operation not permitted");
    case ENOENT:
        return Text::tr("No such file or directory");
    case ENOSPC:
        return Text::tr("No space left on device");
    case EROFS:
        return Text::tr("Read-only file system");
    case ENAMETOOLONG:
        return Text::tr("File name too long");
    case EMLINK:
        return Text::tr("Too many links");
    case EISDIR:
        return Text::tr("Is a directory");
    case ENOTDIR:
        return Text::tr("Not a directory");
    case EEXIST:
        return Text::tr("File exists");
    case ENOTEMPTY:
        return Text::tr("Directory not empty");
    case EIO:
        return Text::tr("Input/output error");
    case EBUSY:
        return Text::tr("Device or resource busy");
    case EMFILE:
        return Text::tr("Too many open files");
    case ENOMEM:
        return Text::tr("Cannot allocate memory");
    case EFBIG:
        return Text::tr("File too large");
    case EXDEV:
        return Text::tr("Invalid cross-device link");
#ifdef ELOOP
    case ELOOP:
        return Text::tr("Too many levels of symbolic links");
#endif
#ifdef EDQUOT
    case EDQUOT:
        return Text::tr("Disk quota exceeded");
#endif
#ifdef ESTALE
    case ESTALE:
        return Text::tr("Stale file handle");
#endif
#ifdef ETXTBSY
    case ETXTBSY:
        return Text::tr("Text file busy");
#endif
    default:
        return Text::verbatim(systemErrorText(err));
    }
}

} // namespace dropsize
