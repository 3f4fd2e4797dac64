// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/name_template.h"

#include "dropsize/core/atomic_file_writer.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <iterator>
#include <utility>

namespace dropsize {

namespace {

    Error invalid(Text message)
    {
        return Error::of(ErrorCode::InvalidArgument, std::move(message));
    }

    char upper(char c) noexcept
    {
        return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }

    // CON, PRN, AUX, NUL, COM1-9 and LPT1-9 name devices on Windows, with any extension and
    // trailing spaces ("con .jpg"), whatever the case.
    bool isReservedWindowsName(std::string_view name) noexcept
    {
        std::string_view base = name.substr(0, name.find('.'));
        while (!base.empty() && base.back() == ' ') {
            base.remove_suffix(1);
        }
        std::string folded;
        for (const char c : base) {
            folded += upper(c);
        }
        static constexpr std::array<std::string_view, 4> kDevices = { "CON", "PRN", "AUX", "NUL" };
        if (std::find(kDevices.begin(), kDevices.end(), folded) != kDevices.end()) {
            return true;
        }
        return folded.size() == 4 && (folded.starts_with("COM") || folded.starts_with("LPT"))
            && folded[3] >= '1' && folded[3] <= '9';
    }

    bool refusedOnWindows(unsigned char c) noexcept
    {
        return c < 0x20 || c == 0x7f
            || std::string_view("<>:\"/\\|?*").find(static_cast<char>(c)) != std::string_view::npos;
    }

    std::string padded(std::size_t number, int width)
    {
        std::string digits = std::to_string(number);
        if (static_cast<int>(digits.size()) < width) {
            digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
        }
        return digits;
    }

    // A pattern that names no file inside the output folder: empty, or an absolute path.
    Status checkPattern(std::string_view text)
    {
        if (text.empty()) {
            return invalid(
                Text::tr("the name pattern is empty; %1 is the input's own name").arg("{name}"));
        }
        if (text.front() == '/' || text.front() == '\\'
            || (text.size() >= 2 && text[1] == ':'
                && std::isalpha(static_cast<unsigned char>(text[0])) != 0)) {
            return invalid(Text::tr("the name pattern \"%1\" is an absolute path; it names a file "
                                    "inside the output folder (use %2 to choose the folder)")
                               .arg(std::string(text))
                               .arg("--output"));
        }
        return {};
    }

    // The component of `text` from `start` to `end` (a folder's name, or the file's): not
    // empty, not "." or "..".
    Status checkComponent(std::string_view text, std::size_t start, std::size_t end)
    {
        const std::string_view component = text.substr(start, end - start);
        if (component.empty()) {
            return invalid(Text::tr("the name pattern \"%1\" has an empty folder name (\"//\" or "
                                    "a \"/\" at its end)")
                               .arg(std::string(text)));
        }
        if (component == "." || component == "..") {
            return invalid(Text::tr("the name pattern \"%1\" has a \"%2\" folder; outputs stay "
                                    "inside the output folder (use %3 to choose another)")
                               .arg(std::string(text))
                               .arg(std::string(component))
                               .arg("--output"));
        }
        return {};
    }

    Error unknownField(std::string_view name, std::string_view text)
    {
        return invalid(Text::tr("unknown field %1 in the name pattern \"%2\"; the fields are %3")
                           .arg("{" + std::string(name) + "}")
                           .arg(std::string(text))
                           .arg(Text::tr("%1, %2, %3, %4, %5 and %6")
                                    .arg("{name}")
                                    .arg("{ext}")
                                    .arg("{w}")
                                    .arg("{h}")
                                    .arg("{size}")
                                    .arg("{n}")));
    }

} // namespace

std::string safeNameComponent(std::string_view component, NameRules rules)
{
    std::string out;
    out.reserve(component.size() + 1);
    for (const char c : component) {
        const auto byte = static_cast<unsigned char>(c);
        const bool refused
            = rules == NameRules::Windows ? refusedOnWindows(byte) : (byte == '/' || byte == '\0');
        out += refused ? '_' : c;
    }
    if (rules == NameRules::Windows) {
        // Windows drops a trailing dot or space from a name: "photo." would be "photo".
        for (auto it = out.rbegin(); it != out.rend() && (*it == '.' || *it == ' '); ++it) {
            *it = '_';
        }
        if (isReservedWindowsName(out)) {
            out.insert(std::min(out.find('.'), out.size()), "_");
        }
    }
    if (std::all_of(out.begin(), out.end(), [](char c) { return c == '.'; })) {
        // "", "." and ".." would name no file, or the folder itself, or its parent.
        out.assign(std::max<std::size_t>(out.size(), 1), '_');
    }
    return out;
}

NameTemplate::NameTemplate()
    : m_text("{name}")
    , m_pieces { Piece { Field::Name, {} } }
    , m_usesName(true)
{
}

Result<NameTemplate> NameTemplate::parse(std::string_view text)
{
    if (Status whole = checkPattern(text); !whole) {
        return std::move(whole).error();
    }
    static constexpr std::pair<std::string_view, Field> kFields[]
        = { { "name", Field::Name }, { "ext", Field::Ext }, { "w", Field::Width },
              { "h", Field::Height }, { "size", Field::Size }, { "n", Field::Number } };
    NameTemplate t;
    t.m_text = std::string(text);
    t.m_pieces.clear();
    t.m_usesName = false;
    std::size_t componentStart = 0;
    std::string literal;
    auto flushLiteral = [&] {
        if (!literal.empty()) {
            t.m_pieces.push_back({ Field::Literal, std::move(literal) });
            literal.clear();
        }
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            return invalid(Text::tr("the name pattern \"%1\" has a \"}\" without its \"{\" (at "
                                    "character %2)")
                               .arg(std::string(text))
                               .arg(i + 1));
        }
        if (c == '/') {
            if (Status ok = checkComponent(text, componentStart, i); !ok) {
                return std::move(ok).error();
            }
            componentStart = i + 1;
            t.m_hasFolders = true;
            literal += '/';
            continue;
        }
        if (c != '{') {
            literal += c;
            continue;
        }
        const std::size_t close = text.find_first_of("{}", i + 1);
        if (close == std::string_view::npos || text[close] == '{') {
            return invalid(Text::tr("the name pattern \"%1\" has a \"{\" without its \"}\" (at "
                                    "character %2)")
                               .arg(std::string(text))
                               .arg(i + 1));
        }
        const std::string_view name = text.substr(i + 1, close - i - 1);
        const auto known = std::find_if(std::begin(kFields), std::end(kFields),
            [&](const auto& entry) { return entry.first == name; });
        if (known == std::end(kFields)) {
            return unknownField(name, text);
        }
        const Field field = known->second;
        t.m_usesName = t.m_usesName || field == Field::Name;
        t.m_usesOutputSize = t.m_usesOutputSize || field == Field::Width || field == Field::Height;
        t.m_usesLabel = t.m_usesLabel || field == Field::Size;
        t.m_usesNumber = t.m_usesNumber || field == Field::Number;
        flushLiteral();
        t.m_pieces.push_back({ field, {} });
        i = close;
    }
    if (Status ok = checkComponent(text, componentStart, text.size()); !ok) {
        return std::move(ok).error();
    }
    flushLiteral();
    // "….{ext}" at the end spells out the extension that is added anyway: it is not doubled.
    const std::size_t n = t.m_pieces.size();
    if (n >= 2 && t.m_pieces[n - 1].field == Field::Ext && t.m_pieces[n - 2].field == Field::Literal
        && t.m_pieces[n - 2].text.ends_with('.')) {
        t.m_endsWithExt = true;
        t.m_pieces.pop_back();
        std::string& before = t.m_pieces.back().text;
        before.pop_back();
        if (before.empty()) {
            t.m_pieces.pop_back();
        }
    }
    return t;
}

NameTemplate NameTemplate::inSizeFolder() const
{
    auto inFolder = parse("{size}/" + m_text);
    return inFolder ? std::move(inFolder).value() : *this;
}

std::string NameTemplate::expand(const NameFields& fields, NameRules rules) const
{
    // Where a file or folder name would pass 255 bytes, the input's name is shortened in it,
    // not the end cut off: the rest ({size}, {w}x{h}, {n}, the pattern's own text) is what
    // tells one input's outputs apart.
    std::size_t cut = 0;
    std::string out = expandOnce(fields, rules, cut);
    if (cut == 0) {
        return out;
    }
    std::string name(fields.name);
    std::size_t keep = name.size() > cut ? name.size() - cut : 0;
    while (keep > 0 && (static_cast<unsigned char>(name[keep]) & 0xc0) == 0x80) {
        --keep; // never inside a UTF-8 character
    }
    name.resize(keep);
    NameFields shorter = fields;
    shorter.name = name;
    std::size_t again = 0;
    return expandOnce(shorter, rules, again); // what still does not fit is cut at its end
}

std::string NameTemplate::expandOnce(
    const NameFields& fields, NameRules rules, std::size_t& nameCut) const
{
    // A value never makes a folder: only the pattern's own "/" does.
    auto value = [](std::string_view v) {
        std::string s(v);
        std::replace(s.begin(), s.end(), '/', '_');
        return s;
    };
    // The components (folders, then the file's stem), each with how often the name is in it.
    struct Component {
        std::string text;
        std::size_t names = 0;
    };
    std::vector<Component> components(1);
    for (const Piece& piece : m_pieces) {
        Component& c = components.back();
        switch (piece.field) {
        case Field::Literal: {
            std::size_t start = 0;
            std::size_t slash = piece.text.find('/');
            while (slash != std::string::npos) {
                components.back().text += piece.text.substr(start, slash - start);
                components.emplace_back();
                start = slash + 1;
                slash = piece.text.find('/', start);
            }
            components.back().text += piece.text.substr(start);
            break;
        }
        case Field::Name:
            c.text += value(fields.name);
            ++c.names;
            break;
        case Field::Ext:
            c.text += value(fields.ext);
            break;
        case Field::Width:
            c.text += std::to_string(fields.size.width);
            break;
        case Field::Height:
            c.text += std::to_string(fields.size.height);
            break;
        case Field::Size:
            c.text += value(fields.sizeLabel);
            break;
        case Field::Number:
            c.text += padded(fields.number, fields.numberWidth);
            break;
        }
    }
    constexpr std::size_t kNameMax = 255; // bytes, as fittedName() fits them
    const auto over = [&](const Component& c, std::size_t bytes) {
        if (bytes > kNameMax && c.names > 0) {
            nameCut = std::max(nameCut, (bytes - kNameMax + c.names - 1) / c.names);
        }
    };
    std::string out;
    for (std::size_t i = 0; i + 1 < components.size(); ++i) {
        const std::string folder = safeNameComponent(components[i].text, rules);
        over(components[i], folder.size());
        out += safeNameComponent(fittedName(components[i].text, ""), rules) + "/";
    }
    // The extension is part of the leaf when it is made valid (CON.jpg is a device too); the
    // stem is what gets shortened.
    const Component& last = components.back();
    const std::string ext = safeNameComponent(value(fields.ext), rules);
    const std::string leaf = safeNameComponent(last.text + (ext.empty() ? "" : "." + ext), rules);
    over(last, leaf.size());
    const std::size_t dot = ext.empty() ? leaf.size() : leaf.size() - ext.size() - 1;
    out += fittedName(leaf.substr(0, dot), leaf.substr(dot));
    return out;
}

} // namespace dropsize
