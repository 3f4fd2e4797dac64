// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// How an enum's values are spelled in text, one table an enum, kept beside the enum itself:
// the command line, the settings file, presets and JSON read and write the same names.

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
/// spellings that are read but never written. A new value needs one row in its enum's table, and
/// every surface knows it. Specialised beside each enum (ErrorCode in result.h, Filter in
/// resize_spec.h, ...); the window specialises it for its own.
template <class E> struct EnumNames;

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

/// Whether `name` (or an alias) names a value of E.
template <class E> constexpr bool isNameOf(std::string_view name) noexcept
{
    return parseName<E>(name).has_value();
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
