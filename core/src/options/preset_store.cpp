// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// presets.tsv and the store over it: one preset a line, "name<TAB>flags", read line by line so
// that a line this version cannot read is kept (and said) rather than lost, and written back as
// it was read; saving, renaming and deleting re-read the file first and replace it whole.

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/presets.h"
#include "dropsize/core/utf8.h"
#include "files/platform_files.h"

#include <algorithm>
#include <cstdint>
#include <system_error>
#include <utility>

namespace dropsize {

namespace fs = std::filesystem;

namespace {

    // A preset file is a few lines; anything near this is not one.
    constexpr std::uint64_t kMaxFileBytes = std::uint64_t { 1 } << 20;

    Error invalid(Text text) { return Error::of(ErrorCode::InvalidArgument, std::move(text)); }

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
