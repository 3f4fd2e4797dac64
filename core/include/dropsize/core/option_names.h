// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"
#include "dropsize/core/result.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dropsize {

/// The name of one enum value.
template <class E> struct EnumName {
    E value;
    const char* name;
};

/// The names of an enum's values, as the command line, the settings file and JSON spell them:
/// `names` holds every value once, in the enum's order; `aliases` (where there are any) are other
/// spellings that are read but never written. A new value needs one row here, and every surface
/// knows it. Specialised below for core's enums; the window specialises it for its own.
template <class E> struct EnumNames;

template <> struct EnumNames<SizeMode> {
    static constexpr EnumName<SizeMode> names[] = {
        { SizeMode::Percent, "percent" },
        { SizeMode::Fit, "fit" },
        { SizeMode::LongEdge, "long-edge" },
        { SizeMode::Exact, "exact" },
        { SizeMode::ShortEdge, "short-edge" },
        { SizeMode::Fill, "fill" },
    };
};

template <> struct EnumNames<Filter> {
    static constexpr EnumName<Filter> names[] = {
        { Filter::Nearest, "nearest" },
        { Filter::Box, "box" },
        { Filter::Bilinear, "bilinear" },
        { Filter::Hamming, "hamming" },
        { Filter::Bicubic, "bicubic" },
        { Filter::Lanczos, "lanczos" },
    };
};

template <> struct EnumNames<OutputFormat> {
    // The list is laid out by hand: clang-format cannot lay out one with a line inside #if.
    // clang-format off
    static constexpr EnumName<OutputFormat> names[] = {
        { OutputFormat::Keep, "keep" },
        { OutputFormat::Jpeg, "jpeg" },
        { OutputFormat::Png, "png" },
#if DROPSIZE_WITH_WEBP
        { OutputFormat::Webp, "webp" },
#endif
#if DROPSIZE_WITH_HEIF
        { OutputFormat::Avif, "avif" },
#endif
    };
    // clang-format on
    static constexpr EnumName<OutputFormat> aliases[] = { { OutputFormat::Jpeg, "jpg" } };
};

template <> struct EnumNames<ChromaSubsampling> {
    static constexpr EnumName<ChromaSubsampling> names[] = {
        { ChromaSubsampling::S444, "444" },
        { ChromaSubsampling::S422, "422" },
        { ChromaSubsampling::S420, "420" },
    };
};

template <> struct EnumNames<ExistingPolicy> {
    static constexpr EnumName<ExistingPolicy> names[] = {
        { ExistingPolicy::Skip, "skip" },
        { ExistingPolicy::Overwrite, "overwrite" },
        { ExistingPolicy::Rename, "rename" },
    };
};

template <> struct EnumNames<IfBigger> {
    static constexpr EnumName<IfBigger> names[] = {
        { IfBigger::Keep, "keep" },
        { IfBigger::Skip, "skip" },
        { IfBigger::Copy, "copy" },
    };
};

template <> struct EnumNames<DeviceChoice> {
    static constexpr EnumName<DeviceChoice> names[] = {
        { DeviceChoice::Auto, "auto" },
        { DeviceChoice::Cpu, "cpu" },
        { DeviceChoice::Gpu, "gpu" },
    };
};

/// In JSON output: stable.
template <> struct EnumNames<JobStatus> {
    static constexpr EnumName<JobStatus> names[] = {
        { JobStatus::Ok, "ok" },
        { JobStatus::Skipped, "skipped" },
        { JobStatus::Failed, "failed" },
        { JobStatus::Cancelled, "cancelled" },
    };
};

/// In JSON output and the window's log: stable.
template <> struct EnumNames<Device> {
    static constexpr EnumName<Device> names[] = {
        { Device::Cpu, "cpu" },
        { Device::Gpu, "gpu" },
    };
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

/// Every value of E with its name, in the enum's order (aliases left out).
template <class E> constexpr std::span<const EnumName<E>> namesOf() noexcept
{
    return EnumNames<E>::names;
}

/// The name written for `value`; "unknown" for a number cast to E that names no value.
template <class E> constexpr const char* nameOf(E value) noexcept
{
    for (const EnumName<E>& n : EnumNames<E>::names) {
        if (n.value == value) {
            return n.name;
        }
    }
    return "unknown";
}

/// The value a name (or an alias) stands for; nullopt for any other text. Names are matched
/// exactly, case included.
template <class E> constexpr std::optional<E> parseName(std::string_view name) noexcept
{
    for (const EnumName<E>& n : EnumNames<E>::names) {
        if (name == n.name) {
            return n.value;
        }
    }
    if constexpr (requires { EnumNames<E>::aliases; }) {
        for (const EnumName<E>& n : EnumNames<E>::aliases) {
            if (name == n.name) {
                return n.value;
            }
        }
    }
    return std::nullopt;
}

/// "percent, fit, long-edge or exact": every name of E, for messages and help.
template <class E> std::string nameList(std::string_view lastSeparator = " or ")
{
    std::string list;
    const auto names = namesOf<E>();
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            list += i + 1 == names.size() ? lastSeparator : std::string_view(", ");
        }
        list += names[i].name;
    }
    return list;
}

} // namespace dropsize
