// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/options.h"

namespace dropsize {

namespace {

    bool within(const OptionInfo& option, double value)
    {
        return value >= option.min && value <= option.max;
    }

    // A whole number within the limits; compared as a double, exact for every limit there is
    // (all below 2^53) and for anything larger, which is out either way.
    bool within(const OptionInfo& option, std::uint64_t value)
    {
        return within(option, static_cast<double>(value));
    }

} // namespace

std::optional<OptionValue> parseOptionValue(const OptionInfo& option, std::string_view text)
{
    OptionValue value;
    switch (option.kind) {
    case OptionKind::Switch:
        return text.empty() ? std::optional(value) : std::nullopt;
    case OptionKind::Integer: {
        const auto n = option.bytes ? parseByteCount(text) : parseWholeNumber(text);
        if (!n || !within(option, *n)) {
            return std::nullopt;
        }
        value.integer = *n;
        return value;
    }
    case OptionKind::Number: {
        const auto n = parsePlainNumber(text);
        if (!n || !within(option, *n)) {
            return std::nullopt;
        }
        value.number = *n;
        return value;
    }
    case OptionKind::Size: {
        const auto size = parseSizeText(text);
        if (!size || !within(option, size->first) || !within(option, size->second)) {
            return std::nullopt;
        }
        value.width = size->first;
        value.height = size->second;
        return value;
    }
    case OptionKind::Choice:
        if (option.isChoice == nullptr || !option.isChoice(text)) {
            return std::nullopt;
        }
        value.text = text;
        return value;
    case OptionKind::Folder:
        if (text.empty()) {
            return std::nullopt;
        }
        value.text = text;
        return value;
    case OptionKind::Text:
        value.text = text;
        return value;
    }
    return std::nullopt;
}

} // namespace dropsize
