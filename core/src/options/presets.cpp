// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/presets.h"

#include "dropsize/core/name_template.h"
#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/size_list.h"
#include "dropsize/core/utf8.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    constexpr std::size_t kMaxNameBytes = 100;

    Error invalid(Text text) { return Error::of(ErrorCode::InvalidArgument, std::move(text)); }

    // Whether `value` is one the command line takes for `option`.
    bool validValue(const OptionInfo& option, const std::string& value)
    {
        switch (option.kind) {
        case OptionKind::Text:
            if (&option == &option::kSizes) {
                ResizeSpec base;
                base.enlarge = true; // --enlarge may be named after the list, or given apart
                return parseSizeList(value, base).ok();
            }
            if (&option == &option::kReducingGap) {
                return parseReducingGap(value).ok();
            }
            return NameTemplate::parse(value).ok();
        case OptionKind::Folder:
            return false; // no folder is a preset's
        case OptionKind::Switch:
        case OptionKind::Integer:
        case OptionKind::Number:
        case OptionKind::Size:
        case OptionKind::Choice:
            return parseOptionValue(option, value).has_value();
        }
        return false;
    }

    // Splits flags text into words: spaces and tabs between them, a word in double quotes may
    // hold them (and \" and \\).
    Result<std::vector<std::string>> words(std::string_view text)
    {
        std::vector<std::string> out;
        std::size_t i = 0;
        while (i < text.size()) {
            if (text[i] == ' ' || text[i] == '\t') {
                ++i;
                continue;
            }
            std::string word;
            if (text[i] == '"') {
                ++i;
                bool closed = false;
                while (i < text.size()) {
                    const char c = text[i++];
                    if (c == '"') {
                        closed = true;
                        break;
                    }
                    if (c == '\\' && i < text.size() && (text[i] == '"' || text[i] == '\\')) {
                        word += text[i++];
                    } else {
                        word += c;
                    }
                }
                if (!closed) {
                    return invalid(Text::tr("a quote is not closed"));
                }
                if (i < text.size() && text[i] != ' ' && text[i] != '\t') {
                    return invalid(Text::tr("a closing quote must be followed by a space"));
                }
            } else {
                while (i < text.size() && text[i] != ' ' && text[i] != '\t') {
                    word += text[i++];
                }
            }
            out.push_back(std::move(word));
        }
        return out;
    }

    std::string quoted(const std::string& value)
    {
        if (!value.empty() && value.find_first_of(" \t\"\\") == std::string::npos) {
            return value;
        }
        std::string out = "\"";
        for (const char c : value) {
            if (c == '"' || c == '\\') {
                out += '\\';
            }
            out += c;
        }
        return out + "\"";
    }

    char lowerAscii(char c) noexcept
    {
        return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
    }

    // The environment variable `name`, when set and not empty.
    std::optional<fs::path> environmentPath(const char* name)
    {
#ifdef _WIN32
        std::wstring wide(name, name + std::char_traits<char>::length(name));
        const wchar_t* value = ::_wgetenv(wide.c_str());
        if (value == nullptr || *value == L'\0') {
            return std::nullopt;
        }
        return fs::path(value);
#else
        // Read once, on the thread that asks, before anything runs; nothing here sets it.
        const char* value = std::getenv(name); // NOLINT(concurrency-mt-unsafe)
        if (value == nullptr || *value == '\0') {
            return std::nullopt;
        }
        return fs::path(value);
#endif
    }

    Preset builtIn(std::string name, std::string id, std::string_view flags)
    {
        auto settings = parsePresetFlags(flags);
        return { std::move(name), std::move(id),
            settings ? std::move(settings).value() : std::vector<PresetSetting> {} };
    }

} // namespace

const PresetSetting* Preset::find(const OptionInfo& option) const noexcept
{
    for (const PresetSetting& s : settings) {
        if (s.option == &option) {
            return &s;
        }
    }
    return nullptr;
}

std::span<const OptionInfo* const> presetOptions() noexcept
{
    // The options the table marks inPresets, in its order.
    static constexpr auto kOptions = [] {
        constexpr auto count = static_cast<std::size_t>(
            std::ranges::count_if(option::kAll, [](const OptionInfo* o) { return o->inPresets; }));
        std::array<const OptionInfo*, count> out {};
        std::size_t n = 0;
        for (const OptionInfo* o : option::kAll) {
            if (o->inPresets) {
                out[n++] = o;
            }
        }
        return out;
    }();
    return kOptions;
}

std::span<const Preset> builtInPresets()
{
    // JPEG for the web and mail (every viewer reads it; transparency is laid on white). The web
    // one keeps the metadata, whose colour profile keeps wide-gamut photos' colours right; the
    // mail one drops it, with the place a photo was taken. Thumbnails keep their format (a
    // transparent PNG stays one) and drop metadata, which can outweigh a 256 px image.
    static const std::vector<Preset> presets {
        builtIn(
            "Web (2048 px)", "web", "--long-edge 2048 --format jpeg --quality 85 --progressive"),
        builtIn("E-mail (1280 px)", "email",
            "--long-edge 1280 --format jpeg --quality 80 --strip-metadata"),
        builtIn("Thumbnails (256 px)", "thumbnails", "--fit 256x256 --quality 80 --strip-metadata"),
    };
    return presets;
}

Result<std::vector<PresetSetting>> parsePresetFlags(std::string_view text)
{
    auto split = words(text);
    if (!split) {
        return std::move(split).error();
    }
    const std::vector<std::string>& w = *split;
    std::vector<PresetSetting> settings;
    const OptionInfo* size = nullptr;
    for (std::size_t i = 0; i < w.size(); ++i) {
        const auto options = presetOptions();
        const auto found = std::find_if(
            options.begin(), options.end(), [&](const OptionInfo* o) { return o->flag == w[i]; });
        if (found == options.end()) {
            return invalid(Text::tr("%1 is not an option a preset can set").arg(w[i]));
        }
        const OptionInfo& option = **found;
        if (std::any_of(settings.begin(), settings.end(),
                [&](const PresetSetting& s) { return s.option == &option; })) {
            return invalid(Text::tr("%1 is given twice").arg(w[i]));
        }
        if (option.choosesSize) {
            if (size != nullptr) {
                return invalid(Text::tr("%1 and %2 both choose the size")
                                   .arg(std::string(size->flag))
                                   .arg(w[i]));
            }
            size = &option;
        }
        PresetSetting setting { &option, {} };
        if (option.kind != OptionKind::Switch) {
            if (i + 1 >= w.size() || w[i + 1].starts_with("--")) {
                return invalid(Text::tr("%1 needs a value").arg(w[i]));
            }
            setting.value = w[++i];
        }
        if (!validValue(option, setting.value)) {
            return invalid(
                Text::tr("%1 cannot be %2").arg(std::string(option.flag)).arg(setting.value));
        }
        settings.push_back(std::move(setting));
    }
    return settings;
}

std::string presetFlagsText(std::span<const PresetSetting> settings)
{
    std::string text;
    for (const PresetSetting& s : settings) {
        if (!text.empty()) {
            text += ' ';
        }
        text += s.option->flag;
        if (s.option->kind != OptionKind::Switch) {
            text += ' ' + quoted(s.value);
        }
    }
    return text;
}

Status checkPresetName(std::string_view name)
{
    if (name.empty()) {
        return invalid(Text::tr("a preset needs a name"));
    }
    if (name.size() > kMaxNameBytes) {
        return invalid(Text::tr("a preset's name can be at most %1 bytes long").arg(kMaxNameBytes));
    }
    if (!isUtf8(name)) {
        return invalid(Text::tr("a preset's name must be UTF-8 text"));
    }
    if (std::any_of(name.begin(), name.end(),
            [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) {
        return invalid(Text::tr("a preset's name cannot hold a tab or a line break"));
    }
    if (name.front() == ' ' || name.back() == ' ') {
        return invalid(Text::tr("a preset's name cannot start or end with a space"));
    }
    if (name.front() == '#') {
        return invalid(Text::tr("a preset's name cannot start with #"));
    }
    return {};
}

bool samePresetName(std::string_view a, std::string_view b) noexcept
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
        return lowerAscii(x) == lowerAscii(y);
    });
}

fs::path configFolder()
{
    if (auto dir = environmentPath("DROPSIZE_CONFIG_DIR")) {
        return *dir;
    }
#ifdef _WIN32
    if (auto appData = environmentPath("APPDATA")) {
        return *appData / L"Dropsize";
    }
    return {};
#else
    // The XDG base directory rule: a relative XDG_CONFIG_HOME is ignored.
    if (auto xdg = environmentPath("XDG_CONFIG_HOME"); xdg && xdg->is_absolute()) {
        return *xdg / "Dropsize";
    }
    if (auto home = environmentPath("HOME")) {
        return *home / ".config" / "Dropsize";
    }
    return {};
#endif
}

fs::path presetFilePath()
{
    const fs::path dir = configFolder();
    return dir.empty() ? fs::path() : dir / "presets.tsv";
}

} // namespace dropsize
