// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// <type_traits> rather than <concepts>: Qt's moc reads the window's headers, which include this
// one, and cannot parse libstdc++'s <concepts> when it comes before any other standard header.
#include <string>
#include <type_traits>
#include <vector>

namespace dropsize {

/// A sentence for people, kept as its English template and its arguments rather than as finished
/// text, so that each surface can say it in its own language: the command line prints english(),
/// the window translates the template (Qt's translator, context "dropsize::Text") and fills in
/// the arguments the same way.
///
/// A template is one of the engine's own sentences, written `Text::tr("cannot open %1")`: the
/// translation tool collects every such call from core's sources. Its arguments %1 to %9 are
/// replaced in one pass (an argument's own "%2" stays as it is). Anything the engine did not
/// write itself (a path, a number, a library's or the system's sentence) is verbatim: shown as
/// it is in every language.
class Text {
public:
    /// The empty text: no template and nothing verbatim.
    Text() = default;

    /// One of the engine's sentences. `format` must be a string literal (it is kept, not copied)
    /// written in the call itself, so that the translation tool finds it.
    [[nodiscard]] static Text tr(const char* format);
    /// A text that is not the engine's own sentence, shown as it is.
    [[nodiscard]] static Text verbatim(std::string text);

    /// This text with its next argument (%1, then %2, ...).
    [[nodiscard]] Text arg(Text value) const&;
    [[nodiscard]] Text arg(Text value) &&;
    [[nodiscard]] Text arg(std::string value) const& { return arg(verbatim(std::move(value))); }
    [[nodiscard]] Text arg(std::string value) &&
    {
        return std::move(*this).arg(verbatim(std::move(value)));
    }
    [[nodiscard]] Text arg(const char* value) const& { return arg(verbatim(value)); }
    [[nodiscard]] Text arg(const char* value) && { return std::move(*this).arg(verbatim(value)); }
    template <class T>
    requires std::is_integral_v<T>
    [[nodiscard]] Text arg(T value) const& { return arg(verbatim(std::to_string(value))); }
    template <class T>
    requires std::is_integral_v<T>
    [[nodiscard]] Text arg(T value) &&
    {
        return std::move(*this).arg(verbatim(std::to_string(value)));
    }

    [[nodiscard]] bool empty() const noexcept { return m_format == nullptr && m_verbatim.empty(); }
    /// True for an engine sentence (a template), false for verbatim text.
    [[nodiscard]] bool isTemplate() const noexcept { return m_format != nullptr; }
    /// The English template; null for verbatim text.
    [[nodiscard]] const char* format() const noexcept { return m_format; }
    /// The text itself, for verbatim text; empty for a template.
    [[nodiscard]] const std::string& verbatimText() const noexcept { return m_verbatim; }
    [[nodiscard]] const std::vector<Text>& args() const noexcept { return m_args; }

    /// The finished English sentence, as the command line prints it.
    [[nodiscard]] std::string english() const;

    /// Replaces %1 to %9 in `format` with args[0] to args[8] in one pass; a placeholder without
    /// its argument, and any other %, stays as it is. Both surfaces fill templates with it (the
    /// window through its own copy for QString, see ui's engine_text.cpp).
    [[nodiscard]] static std::string fill(
        std::string_view format, const std::vector<std::string>& args);

    bool operator==(const Text& other) const;

private:
    const char* m_format = nullptr;
    std::string m_verbatim;
    std::vector<Text> m_args;
};

} // namespace dropsize
