// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/presets.h"

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/name_template.h"
#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/size_list.h"
#include "dropsize/core/utf8.h"
#include "files/platform_files.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    constexpr std::size_t kMaxNameBytes = 100;
    // A preset file is a few lines; anything near this is not one.
    constexpr std::uint64_t kMaxFileBytes = std::uint64_t { 1 } << 20;

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

namespace {

    // The places in `names` that `wanted` means: the name spelled exactly so, or else every one
    // that differs from it in ASCII case alone (several then: an ambiguous name).
    std::vector<std::size_t> namedAt(
        const std::vector<std::string_view>& names, std::string_view wanted)
    {
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (names[i] == wanted) {
                return { i };
            }
            if (samePresetName(names[i], wanted)) {
                at.push_back(i);
            }
        }
        return at;
    }

    // Why `name` cannot be a user's preset's: a bad name, or a built-in's name or id.
    Status checkUserName(std::string_view name)
    {
        if (auto valid = checkPresetName(name); !valid) {
            return valid;
        }
        for (const Preset& p : builtInPresets()) {
            if (samePresetName(name, p.name) || samePresetName(name, p.id)) {
                return invalid(
                    Text::tr("\"%1\" is a built-in preset's name").arg(std::string(name)));
            }
        }
        return {};
    }

} // namespace

PresetFile PresetFile::parse(std::string_view text)
{
    PresetFile file;
    int number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        std::string line(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        ++number;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back(); // written on Windows by hand
        }
        if (number == 1 && line.starts_with("\xEF\xBB\xBF")) {
            line.erase(0, 3); // a byte order mark, which some Windows editors write
        }
        const std::size_t tab = line.find('\t');
        if (line.empty() || line.front() == '#') {
            file.m_lines.emplace_back(std::move(line));
            continue;
        }
        auto skip = [&](Error why) {
            file.m_problems.push_back({ number, std::move(why) });
            file.m_lines.emplace_back(std::move(line));
        };
        if (!isUtf8(line)) {
            skip(invalid(Text::tr("the line is not UTF-8 text")));
            continue;
        }
        if (tab == std::string::npos) {
            skip(invalid(Text::tr("no tab between the preset's name and its flags")));
            continue;
        }
        const std::string name = line.substr(0, tab);
        if (auto valid = checkUserName(name); !valid) {
            skip(std::move(valid).error());
            continue;
        }
        // Names that differ in case alone are two presets (a hand-written file may hold both;
        // --preset then takes the exact one): only the same name again is skipped.
        const auto presets = file.presets();
        if (std::any_of(
                presets.begin(), presets.end(), [&](const Preset& p) { return p.name == name; })) {
            skip(invalid(Text::tr("\"%1\" names a preset above already").arg(name)));
            continue;
        }
        auto settings = parsePresetFlags(std::string_view(line).substr(tab + 1));
        if (!settings) {
            skip(std::move(settings).error());
            continue;
        }
        file.m_lines.emplace_back(Preset { name, {}, std::move(settings).value() });
    }
    return file;
}

std::string PresetFile::text() const
{
    std::string text;
    for (const auto& line : m_lines) {
        if (const auto* preset = std::get_if<Preset>(&line)) {
            text += preset->name + '\t' + presetFlagsText(preset->settings) + '\n';
        } else {
            text += std::get<std::string>(line) + '\n';
        }
    }
    return text;
}

std::vector<Preset> PresetFile::presets() const
{
    std::vector<Preset> out;
    for (const auto& line : m_lines) {
        if (const auto* preset = std::get_if<Preset>(&line)) {
            out.push_back(*preset);
        }
    }
    return out;
}

std::vector<Preset*> PresetFile::named(std::string_view name)
{
    std::vector<Preset*> presets;
    std::vector<std::string_view> names;
    for (auto& line : m_lines) {
        if (auto* p = std::get_if<Preset>(&line)) {
            presets.push_back(p);
            names.emplace_back(p->name);
        }
    }
    std::vector<Preset*> out;
    for (const std::size_t i : namedAt(names, name)) {
        out.push_back(presets[i]);
    }
    return out;
}

bool PresetFile::put(Preset preset)
{
    const std::vector<Preset*> same = named(preset.name);
    if (same.size() > 1) {
        return false;
    }
    if (same.size() == 1) {
        *same.front() = std::move(preset);
    } else {
        m_lines.emplace_back(std::move(preset));
    }
    return true;
}

bool PresetFile::rename(std::string_view from, const std::string& to)
{
    const std::vector<Preset*> same = named(from);
    if (same.size() != 1) {
        return false;
    }
    same.front()->name = to;
    return true;
}

bool PresetFile::remove(std::string_view name)
{
    const std::vector<Preset*> same = named(name);
    if (same.size() != 1) {
        return false;
    }
    const auto found = std::find_if(m_lines.begin(), m_lines.end(),
        [&](const auto& line) { return std::get_if<Preset>(&line) == same.front(); });
    m_lines.erase(found);
    return true;
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

PresetStore::PresetStore(fs::path file)
    : m_file(std::move(file))
{
}

Status PresetStore::load()
{
    m_contents = PresetFile {};
    if (m_file.empty()) {
        return {};
    }
    auto kind = platform::entryKind(m_file, true);
    if (kind && *kind == platform::EntryKind::NotFound) {
        return {};
    }
    auto bytes = platform::readRegularFile(m_file, kMaxFileBytes);
    if (!bytes) {
        Error error = std::move(bytes).error();
        error.path = utf8(m_file);
        return error;
    }
    m_contents = PresetFile::parse(std::string_view(
        reinterpret_cast<const char*>(bytes->data.get()), bytes->size)); // NOLINT: bytes as text
    return {};
}

std::vector<Preset> PresetStore::presets() const
{
    std::vector<Preset> all(builtInPresets().begin(), builtInPresets().end());
    std::vector<Preset> user = m_contents.presets();
    all.insert(
        all.end(), std::make_move_iterator(user.begin()), std::make_move_iterator(user.end()));
    return all;
}

std::vector<Preset> PresetStore::matches(std::string_view nameOrId) const
{
    // A user's name never differs from a built-in's name or id in case alone (checkUserName()),
    // so a built-in is the only match of its own.
    for (const Preset& p : builtInPresets()) {
        if (samePresetName(p.name, nameOrId) || samePresetName(p.id, nameOrId)) {
            return { p };
        }
    }
    const std::vector<Preset> user = m_contents.presets();
    std::vector<std::string_view> names;
    names.reserve(user.size());
    for (const Preset& p : user) {
        names.emplace_back(p.name);
    }
    std::vector<Preset> out;
    for (const std::size_t i : namedAt(names, nameOrId)) {
        out.push_back(user[i]);
    }
    return out;
}

std::optional<Preset> PresetStore::find(std::string_view nameOrId) const
{
    std::vector<Preset> found = matches(nameOrId);
    if (found.size() != 1) {
        return std::nullopt;
    }
    return std::move(found.front());
}

Status PresetStore::reloadForChange()
{
    if (m_file.empty()) {
        return Error::of(ErrorCode::NotFound,
            Text::tr(
                "there is no configuration folder (neither DROPSIZE_CONFIG_DIR nor HOME is set)"));
    }
    return load();
}

Status PresetStore::save(const std::string& name, std::vector<PresetSetting> settings)
{
    if (auto valid = checkUserName(name); !valid) {
        return valid;
    }
    if (auto loaded = reloadForChange(); !loaded) {
        return loaded;
    }
    if (!m_contents.put(Preset { name, {}, std::move(settings) })) {
        return Error::of(ErrorCode::Exists,
            Text::tr("several presets differ from \"%1\" in the case of their letters alone")
                .arg(name));
    }
    return write();
}

Status PresetStore::rename(std::string_view from, const std::string& to)
{
    for (const Preset& p : builtInPresets()) {
        if (samePresetName(p.name, from) || samePresetName(p.id, from)) {
            return invalid(Text::tr("a built-in preset cannot be renamed"));
        }
    }
    if (auto valid = checkUserName(to); !valid) {
        return valid;
    }
    if (auto loaded = reloadForChange(); !loaded) {
        return loaded;
    }
    // Another preset of that name, or one that differs from it in case alone, is in the way.
    const std::vector<Preset> renamed = matches(from);
    const auto user = m_contents.presets();
    if (renamed.size() == 1 && std::any_of(user.begin(), user.end(), [&](const Preset& p) {
            return p.name != renamed.front().name && samePresetName(p.name, to);
        })) {
        return Error::of(
            ErrorCode::Exists, Text::tr("a preset named \"%1\" exists already").arg(to));
    }
    if (!m_contents.rename(from, to)) {
        return Error::of(ErrorCode::NotFound,
            Text::tr("there is no preset named \"%1\"").arg(std::string(from)));
    }
    return write();
}

Status PresetStore::remove(std::string_view name)
{
    for (const Preset& p : builtInPresets()) {
        if (samePresetName(p.name, name) || samePresetName(p.id, name)) {
            return invalid(Text::tr("a built-in preset cannot be deleted"));
        }
    }
    if (auto loaded = reloadForChange(); !loaded) {
        return loaded;
    }
    if (!m_contents.remove(name)) {
        return Error::of(ErrorCode::NotFound,
            Text::tr("there is no preset named \"%1\"").arg(std::string(name)));
    }
    return write();
}

Status PresetStore::write() const
{
    // The folder is made here, and reached by its real path: the writer refuses a link on the
    // way to an output folder, and a configuration folder is often reached through one (a
    // linked ~/.config).
    std::error_code ec;
    fs::create_directories(m_file.parent_path(), ec);
    auto folder = platform::canonicalPath(m_file.parent_path());
    if (!folder) {
        Error error = std::move(folder).error();
        error.path = utf8(m_file.parent_path());
        return error;
    }
    const std::string text = m_contents.text();
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data()); // NOLINT: text as bytes
    auto written = AtomicFileWriter().write(*folder / m_file.filename(),
        std::span<const std::uint8_t>(bytes, text.size()), ExistingPolicy::Overwrite);
    if (!written) {
        return std::move(written).error();
    }
    return {};
}

} // namespace dropsize
