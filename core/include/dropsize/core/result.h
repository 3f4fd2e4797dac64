// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/enum_names.h"
#include "dropsize/core/text.h"

#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace dropsize {

/// What went wrong, coarse enough for a caller to branch on.
enum class ErrorCode {
    InvalidArgument,
    NotFound,
    Io,
    NoSpace,
    UnsupportedFormat,
    CorruptData,
    LimitExceeded,
    OutOfMemory,
    Cancelled,
    Exists,
    Internal,
};

/// In JSON output: stable.
template <> struct EnumNames<ErrorCode> {
    static constexpr EnumName<ErrorCode> names[] = {
        { ErrorCode::InvalidArgument, "invalid-argument" },
        { ErrorCode::NotFound, "not-found" },
        { ErrorCode::Io, "io" },
        { ErrorCode::NoSpace, "no-space" },
        { ErrorCode::UnsupportedFormat, "unsupported-format" },
        { ErrorCode::CorruptData, "corrupt-data" },
        { ErrorCode::LimitExceeded, "limit-exceeded" },
        { ErrorCode::OutOfMemory, "out-of-memory" },
        { ErrorCode::Cancelled, "cancelled" },
        { ErrorCode::Exists, "exists" },
        { ErrorCode::Internal, "internal" },
    };
};

/// A failure as a value: the code, a sentence for people, and the file it concerns (may be empty).
/// The sentence comes in two forms: `message`, finished English (what the command line, the JSON
/// and the tests read), and `text`, the same sentence as a template with its arguments, which the
/// window translates. Make one with Error::of(), which keeps them the same; an Error made with a
/// bare message (a library's words) has an empty `text` and is shown as it is.
struct Error {
    Error() = default;
    /// An error whose message is not a Text (a library's words): shown as it is.
    Error(ErrorCode code_, std::string message_, std::string path_ = {})
        : code(code_)
        , message(std::move(message_))
        , path(std::move(path_))
    {
    }

    ErrorCode code = ErrorCode::Internal;
    std::string message;
    std::string path;
    Text text;
    /// The system's error number (errno; Windows' codes are mapped to the same) when the error
    /// came from a system call, else 0: what isRetryable() reads.
    int systemCode = 0;

    [[nodiscard]] static Error of(ErrorCode code, Text text, std::string path = {});
    /// The sentence to show people: `text`, or `message` verbatim where there is no text.
    [[nodiscard]] Text describe() const;
};

/// Whether the same job could succeed if run again later, elsewhere: a full disk or quota, no
/// memory, a cancel, or a system error that says the storage or network failed for now (EIO,
/// ETIMEDOUT, ESTALE, ...). A bad input, a refused permission or a missing file is not.
bool isRetryable(const Error& error) noexcept;

/// The system's sentence for errno value `err` ("Permission denied"), as strerror() gives it but
/// safe to call from many threads at once.
std::string systemErrorText(int err);

/// The same sentence as a Text, so that the window can translate it: the common errors of files
/// and folders (permission denied, no such file, no space left, read-only file system, file name
/// too long, ...) are the engine's own sentences, in the words of glibc's strerror(), which is
/// what the command line prints on Linux; any other is systemErrorText(err), verbatim.
Text systemError(int err);

/// Either a T or an Error. Errors are values at module boundaries; nothing throws across them.
template <class T> class [[nodiscard]] Result {
public:
    Result(T value)
        : m_value(std::move(value))
    {
    }
    Result(Error error)
        : m_value(std::move(error))
    {
    }

    bool ok() const noexcept { return m_value.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    T& value() & { return std::get<0>(m_value); }
    const T& value() const& { return std::get<0>(m_value); }
    T&& value() && { return std::get<0>(std::move(m_value)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }

    const Error& error() const& { return std::get<1>(m_value); }
    Error&& error() && { return std::get<1>(std::move(m_value)); }

private:
    std::variant<T, Error> m_value;
};

/// Success or an Error.
template <> class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error)
        : m_error(std::move(error))
    {
    }

    bool ok() const noexcept { return !m_error.has_value(); }
    explicit operator bool() const noexcept { return ok(); }
    const Error& error() const& { return *m_error; }
    Error&& error() && { return std::move(*m_error); }

private:
    std::optional<Error> m_error;
};

using Status = Result<void>;

} // namespace dropsize
