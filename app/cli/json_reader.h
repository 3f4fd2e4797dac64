// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace dropsize::cli {

/// One JSON value, as the command line reads its own reports back (--merge-reports) and the
/// tests read what it writes. Strings are bytes: \udcXX (what jsonString() writes for a byte of
/// a name that is not UTF-8) becomes that byte again, any other \uXXXX its UTF-8.
struct JsonValue {
    using Array = std::vector<JsonValue>;
    using Object = std::map<std::string, JsonValue, std::less<>>;
    std::variant<std::nullptr_t, bool, double, std::string, std::shared_ptr<Array>,
        std::shared_ptr<Object>>
        value = nullptr;

    /// The member `key` of an object; null when this is not an object or has no such member.
    const JsonValue* find(std::string_view key) const;
    /// This value as a string, number or boolean; nullopt when it is something else.
    std::optional<std::string> string() const;
    std::optional<double> number() const;
    std::optional<bool> boolean() const;
    /// The string member `key`, or `fallback`.
    std::string stringAt(std::string_view key, std::string fallback = {}) const;
    /// The number member `key` as a count (0 when absent or not a whole number of at least 0).
    std::uint64_t countAt(std::string_view key) const;
};

/// Reads one JSON text (a report's line), strictly as RFC 8259 has it: nullopt for anything
/// else (a '+' or leading zero in a number, raw bytes that are not UTF-8, a control character or
/// lone surrogate in a string, more than white space after the value, nesting past 64 deep).
/// `why` then gets the byte where reading stopped.
std::optional<JsonValue> parseJson(std::string_view text, std::string* why = nullptr);

} // namespace dropsize::cli
