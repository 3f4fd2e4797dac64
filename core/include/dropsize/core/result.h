// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

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

/// A failure as a value: the code, a sentence for people, and the file it concerns (may be empty).
struct Error {
    ErrorCode code = ErrorCode::Internal;
    std::string message;
    std::string path;
};

/// Short lower-case name of an error code ("corrupt-data"), stable for JSON output.
const char* errorCodeName(ErrorCode code) noexcept;

/// The system's sentence for errno value `err` ("Permission denied"), as strerror() gives it but
/// safe to call from many threads at once.
std::string systemErrorText(int err);

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
