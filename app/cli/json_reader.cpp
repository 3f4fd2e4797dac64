// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/json_reader.h"

#include "dropsize/core/utf8.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace dropsize::cli {

const JsonValue* JsonValue::find(std::string_view key) const
{
    const auto* object = std::get_if<std::shared_ptr<Object>>(&value);
    if (object == nullptr || !*object) {
        return nullptr;
    }
    const auto at = (*object)->find(key);
    return at == (*object)->end() ? nullptr : &at->second;
}

std::optional<std::string> JsonValue::string() const
{
    const auto* s = std::get_if<std::string>(&value);
    return s != nullptr ? std::optional(*s) : std::nullopt;
}

std::optional<double> JsonValue::number() const
{
    const auto* d = std::get_if<double>(&value);
    return d != nullptr ? std::optional(*d) : std::nullopt;
}

std::optional<bool> JsonValue::boolean() const
{
    const auto* b = std::get_if<bool>(&value);
    return b != nullptr ? std::optional(*b) : std::nullopt;
}

std::string JsonValue::stringAt(std::string_view key, std::string fallback) const
{
    const JsonValue* member = find(key);
    auto s = member != nullptr ? member->string() : std::nullopt;
    return s ? std::move(*s) : std::move(fallback);
}

std::uint64_t JsonValue::countAt(std::string_view key) const
{
    const JsonValue* member = find(key);
    const auto n = member != nullptr ? member->number() : std::nullopt;
    if (!n || !(*n >= 0) || *n > 9e15 || std::floor(*n) != *n) {
        return 0;
    }
    return static_cast<std::uint64_t>(*n);
}

namespace {

    // Deep enough for any report; deeper input is refused rather than recursed into.
    constexpr int kMaxDepth = 64;

    class Parser {
    public:
        explicit Parser(std::string_view text)
            : m_text(text)
        {
        }

        std::optional<JsonValue> document(std::string* why)
        {
            auto v = value(0);
            if (v) {
                skipSpace();
            }
            if (!v || m_at != m_text.size()) {
                if (why != nullptr) {
                    *why = "invalid JSON at byte " + std::to_string(m_at);
                }
                return std::nullopt;
            }
            return v;
        }

    private:
        void skipSpace()
        {
            while (m_at < m_text.size()
                && (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\n'
                    || m_text[m_at] == '\r')) {
                ++m_at;
            }
        }

        bool take(std::string_view word)
        {
            if (m_text.substr(m_at, word.size()) != word) {
                return false;
            }
            m_at += word.size();
            return true;
        }

        std::optional<JsonValue> value(int depth)
        {
            if (depth > kMaxDepth) {
                return std::nullopt;
            }
            skipSpace();
            if (m_at >= m_text.size()) {
                return std::nullopt;
            }
            const char c = m_text[m_at];
            if (c == '{') {
                return object(depth);
            }
            if (c == '[') {
                return array(depth);
            }
            if (c == '"') {
                auto s = string();
                return s ? std::optional(JsonValue { std::move(*s) }) : std::nullopt;
            }
            if (take("true")) {
                return JsonValue { true };
            }
            if (take("false")) {
                return JsonValue { false };
            }
            if (take("null")) {
                return JsonValue { nullptr };
            }
            return number();
        }

        bool digits()
        {
            const std::size_t start = m_at;
            while (m_at < m_text.size() && m_text[m_at] >= '0' && m_text[m_at] <= '9') {
                ++m_at;
            }
            return m_at > start;
        }

        // RFC 8259's grammar (no '+', no leading zero, digits on both sides of a point), then
        // its value; a number past double's range is refused too.
        std::optional<JsonValue> number()
        {
            const std::size_t begin = m_at;
            take("-");
            if (!take("0") && !digits()) {
                return std::nullopt;
            }
            if (take(".") && !digits()) {
                return std::nullopt;
            }
            if (take("e") || take("E")) {
                if (!take("+")) {
                    take("-");
                }
                if (!digits()) {
                    return std::nullopt;
                }
            }
            double d = 0;
            const char* first = m_text.data() + begin;
            const char* last = m_text.data() + m_at;
            const auto [end, ec] = std::from_chars(first, last, d);
            if (ec != std::errc() || end != last) {
                return std::nullopt;
            }
            return JsonValue { d };
        }

        std::optional<unsigned> hex4()
        {
            if (m_at + 4 > m_text.size()) {
                return std::nullopt;
            }
            unsigned v = 0;
            const auto [end, ec]
                = std::from_chars(m_text.data() + m_at, m_text.data() + m_at + 4, v, 16);
            if (ec != std::errc() || end != m_text.data() + m_at + 4) {
                return std::nullopt;
            }
            m_at += 4;
            return v;
        }

        std::optional<std::string> string()
        {
            ++m_at; // the opening quote
            std::string out;
            while (m_at < m_text.size()) {
                const char c = m_text[m_at++];
                if (c == '"') {
                    return out;
                }
                if (static_cast<unsigned char>(c) < 0x20) {
                    return std::nullopt;
                }
                if (static_cast<unsigned char>(c) >= 0x80) {
                    // Raw bytes must be well-formed UTF-8; a name's other bytes come escaped.
                    const auto ch = utf8CharAt(m_text, m_at - 1);
                    if (!ch) {
                        --m_at;
                        return std::nullopt;
                    }
                    out.append(m_text.substr(m_at - 1, ch->length));
                    m_at += ch->length - 1;
                    continue;
                }
                if (c != '\\') {
                    out += c;
                    continue;
                }
                if (m_at >= m_text.size()) {
                    return std::nullopt;
                }
                const char e = m_text[m_at++];
                switch (e) {
                case '"':
                case '\\':
                case '/':
                    out += e;
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    auto u = hex4();
                    if (!u) {
                        return std::nullopt;
                    }
                    if (*u >= 0xdc80 && *u <= 0xdcff) {
                        out += static_cast<char>(*u - 0xdc00); // a byte of a name, as it was
                    } else if (*u >= 0xd800 && *u <= 0xdbff) {
                        const auto low = take("\\u") ? hex4() : std::nullopt;
                        if (!low || *low < 0xdc00 || *low > 0xdfff) {
                            return std::nullopt; // a high surrogate alone
                        }
                        appendUtf8(out, 0x10000 + ((*u - 0xd800) << 10) + (*low - 0xdc00));
                    } else if (*u >= 0xdc00 && *u <= 0xdfff) {
                        return std::nullopt; // a low surrogate alone
                    } else {
                        appendUtf8(out, *u);
                    }
                    break;
                }
                default:
                    return std::nullopt;
                }
            }
            return std::nullopt;
        }

        std::optional<JsonValue> array(int depth)
        {
            ++m_at;
            auto items = std::make_shared<JsonValue::Array>();
            skipSpace();
            if (take("]")) {
                return JsonValue { items };
            }
            for (;;) {
                auto item = value(depth + 1);
                if (!item) {
                    return std::nullopt;
                }
                items->push_back(std::move(*item));
                skipSpace();
                if (take("]")) {
                    return JsonValue { items };
                }
                if (!take(",")) {
                    return std::nullopt;
                }
            }
        }

        std::optional<JsonValue> object(int depth)
        {
            ++m_at;
            auto members = std::make_shared<JsonValue::Object>();
            skipSpace();
            if (take("}")) {
                return JsonValue { members };
            }
            for (;;) {
                skipSpace();
                if (m_at >= m_text.size() || m_text[m_at] != '"') {
                    return std::nullopt;
                }
                auto key = string();
                skipSpace();
                if (!key || !take(":")) {
                    return std::nullopt;
                }
                auto item = value(depth + 1);
                if (!item) {
                    return std::nullopt;
                }
                members->insert_or_assign(std::move(*key), std::move(*item));
                skipSpace();
                if (take("}")) {
                    return JsonValue { members };
                }
                if (!take(",")) {
                    return std::nullopt;
                }
            }
        }

        std::string_view m_text;
        std::size_t m_at = 0;
    };

} // namespace

std::optional<JsonValue> parseJson(std::string_view text, std::string* why)
{
    return Parser(text).document(why);
}

} // namespace dropsize::cli
