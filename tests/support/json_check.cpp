// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/json_check.h"

#include <cstdint>

namespace dropsize::test {

namespace {

    class Parser {
    public:
        explicit Parser(std::string_view text)
            : m_text(text)
        {
        }

        bool document(std::string* why)
        {
            const bool ok = value() && (space(), m_at == m_text.size());
            if (!ok && why != nullptr) {
                *why = "invalid JSON at byte " + std::to_string(m_at);
            }
            return ok;
        }

        // Appends the bytes of the string literal at the cursor to `out`.
        bool string(std::string* out)
        {
            if (!take('"')) {
                return false;
            }
            while (m_at < m_text.size()) {
                const auto c = static_cast<unsigned char>(m_text[m_at]);
                if (c == '"') {
                    ++m_at;
                    return true;
                }
                if (c < 0x20) {
                    return false;
                }
                if (c == '\\') {
                    if (!escape(out)) {
                        return false;
                    }
                    continue;
                }
                const std::size_t n = utf8Length(m_at);
                if (n == 0) {
                    return false;
                }
                if (out != nullptr) {
                    out->append(m_text.substr(m_at, n));
                }
                m_at += n;
            }
            return false;
        }

    private:
        bool take(char c)
        {
            if (m_at < m_text.size() && m_text[m_at] == c) {
                ++m_at;
                return true;
            }
            return false;
        }

        void space()
        {
            while (m_at < m_text.size()
                && (m_text[m_at] == ' ' || m_text[m_at] == '\t' || m_text[m_at] == '\n'
                    || m_text[m_at] == '\r')) {
                ++m_at;
            }
        }

        bool literal(std::string_view word)
        {
            if (m_text.substr(m_at, word.size()) != word) {
                return false;
            }
            m_at += word.size();
            return true;
        }

        bool value()
        {
            space();
            if (m_at >= m_text.size()) {
                return false;
            }
            bool ok = false;
            switch (m_text[m_at]) {
            case '{':
                ok = object();
                break;
            case '[':
                ok = array();
                break;
            case '"':
                ok = string(nullptr);
                break;
            case 't':
                ok = literal("true");
                break;
            case 'f':
                ok = literal("false");
                break;
            case 'n':
                ok = literal("null");
                break;
            default:
                ok = number();
            }
            space();
            return ok;
        }

        bool object()
        {
            take('{');
            space();
            if (take('}')) {
                return true;
            }
            do {
                space();
                if (!string(nullptr)) {
                    return false;
                }
                space();
                if (!take(':') || !value()) {
                    return false;
                }
            } while (take(','));
            return take('}');
        }

        bool array()
        {
            take('[');
            space();
            if (take(']')) {
                return true;
            }
            do {
                if (!value()) {
                    return false;
                }
            } while (take(','));
            return take(']');
        }

        bool digits()
        {
            const std::size_t start = m_at;
            while (m_at < m_text.size() && m_text[m_at] >= '0' && m_text[m_at] <= '9') {
                ++m_at;
            }
            return m_at > start;
        }

        bool number()
        {
            take('-');
            if (take('0')) {
                // no leading zeros
            } else if (!digits()) {
                return false;
            }
            if (take('.') && !digits()) {
                return false;
            }
            if (m_at < m_text.size() && (m_text[m_at] == 'e' || m_text[m_at] == 'E')) {
                ++m_at;
                if (!take('+')) {
                    take('-');
                }
                return digits();
            }
            return true;
        }

        bool hex4(unsigned& v)
        {
            if (m_at + 4 > m_text.size()) {
                return false;
            }
            v = 0;
            for (int i = 0; i < 4; ++i) {
                const char c = m_text[m_at++];
                v <<= 4;
                if (c >= '0' && c <= '9') {
                    v |= static_cast<unsigned>(c - '0');
                } else if (c >= 'a' && c <= 'f') {
                    v |= static_cast<unsigned>(c - 'a' + 10);
                } else if (c >= 'A' && c <= 'F') {
                    v |= static_cast<unsigned>(c - 'A' + 10);
                } else {
                    return false;
                }
            }
            return true;
        }

        static void appendUtf8(std::string& out, char32_t cp)
        {
            if (cp < 0x80) {
                out += static_cast<char>(cp);
            } else if (cp < 0x800) {
                out += static_cast<char>(0xc0 | (cp >> 6));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            } else if (cp < 0x10000) {
                out += static_cast<char>(0xe0 | (cp >> 12));
                out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            } else {
                out += static_cast<char>(0xf0 | (cp >> 18));
                out += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
                out += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
                out += static_cast<char>(0x80 | (cp & 0x3f));
            }
        }

        bool escape(std::string* out)
        {
            ++m_at; // the backslash
            if (m_at >= m_text.size()) {
                return false;
            }
            const char c = m_text[m_at++];
            const std::string_view simple = "\"\\/bfnrt";
            const std::string_view meaning = "\"\\/\b\f\n\r\t";
            if (const auto k = simple.find(c); k != std::string_view::npos) {
                if (out != nullptr) {
                    *out += meaning[k];
                }
                return true;
            }
            unsigned v = 0;
            if (c != 'u' || !hex4(v)) {
                return false;
            }
            if (v >= 0xdc80 && v <= 0xdcff) {
                if (out != nullptr) {
                    *out += static_cast<char>(v - 0xdc00); // surrogateescape: a raw byte
                }
                return true;
            }
            if (v >= 0xd800 && v <= 0xdbff) {
                unsigned low = 0;
                if (!literal("\\u") || !hex4(low) || low < 0xdc00 || low > 0xdfff) {
                    return false;
                }
                v = 0x10000 + ((v - 0xd800) << 10) + (low - 0xdc00);
            } else if (v >= 0xdc00 && v <= 0xdfff) {
                return false; // another lone low surrogate
            }
            if (out != nullptr) {
                appendUtf8(*out, static_cast<char32_t>(v));
            }
            return true;
        }

        std::size_t utf8Length(std::size_t i) const
        {
            const auto b = [&](std::size_t k) { return static_cast<unsigned char>(m_text[k]); };
            const unsigned char b0 = b(i);
            std::size_t n = 0;
            char32_t cp = 0;
            char32_t min = 0;
            if (b0 < 0x80) {
                return 1;
            } else if ((b0 & 0xe0) == 0xc0) {
                n = 2, cp = b0 & 0x1f, min = 0x80;
            } else if ((b0 & 0xf0) == 0xe0) {
                n = 3, cp = b0 & 0x0f, min = 0x800;
            } else if ((b0 & 0xf8) == 0xf0) {
                n = 4, cp = b0 & 0x07, min = 0x10000;
            } else {
                return 0;
            }
            if (i + n > m_text.size()) {
                return 0;
            }
            for (std::size_t k = 1; k < n; ++k) {
                if ((b(i + k) & 0xc0) != 0x80) {
                    return 0;
                }
                cp = (cp << 6) | (b(i + k) & 0x3f);
            }
            return (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) ? 0 : n;
        }

        std::string_view m_text;
        std::size_t m_at = 0;
    };

} // namespace

bool isValidJson(std::string_view text, std::string* why) { return Parser(text).document(why); }

std::string decodeJsonString(std::string_view literal)
{
    std::string out;
    Parser parser(literal);
    if (!parser.string(&out)) {
        return {};
    }
    return out;
}

} // namespace dropsize::test
