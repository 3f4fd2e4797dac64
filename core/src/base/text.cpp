// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/text.h"

#include <cstring>

namespace dropsize {

Text Text::tr(const char* format)
{
    Text text;
    text.m_format = format;
    return text;
}

Text Text::verbatim(std::string value)
{
    Text text;
    text.m_verbatim = std::move(value);
    return text;
}

Text Text::arg(Text value) const&
{
    Text copy = *this;
    return std::move(copy).arg(std::move(value));
}

Text Text::arg(Text value) &&
{
    m_args.push_back(std::move(value));
    return std::move(*this);
}

std::string Text::english() const
{
    if (m_format == nullptr) {
        return m_verbatim;
    }
    std::vector<std::string> filled;
    filled.reserve(m_args.size());
    for (const Text& a : m_args) {
        filled.push_back(a.english());
    }
    return fill(m_format, filled);
}

std::string Text::fill(std::string_view format, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(format.size());
    for (std::size_t i = 0; i < format.size(); ++i) {
        if (format[i] == '%' && i + 1 < format.size() && format[i + 1] >= '1'
            && format[i + 1] <= '9') {
            const auto index = static_cast<std::size_t>(format[i + 1] - '1');
            if (index < args.size()) {
                out += args[index];
                ++i;
                continue;
            }
        }
        out += format[i];
    }
    return out;
}

bool Text::operator==(const Text& other) const
{
    if ((m_format == nullptr) != (other.m_format == nullptr)) {
        return false;
    }
    if (m_format != nullptr && std::strcmp(m_format, other.m_format) != 0) {
        return false;
    }
    return m_verbatim == other.m_verbatim && m_args == other.m_args;
}

} // namespace dropsize
