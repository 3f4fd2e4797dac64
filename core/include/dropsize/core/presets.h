// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/options.h"
#include "dropsize/core/result.h"

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace dropsize {

/// One option a preset sets: the option (options.h) and its value as the command line writes
/// it ("2048", "800x600", "lanczos"); empty for a switch.
struct PresetSetting {
    const OptionInfo* option = nullptr;
    std::string value;

    bool operator==(const PresetSetting&) const = default;
};

/// Settings saved under a name, written as the command line's flags. A preset sets the options
/// it names; a switch it does not name is off, and so is the largest file size (--max-bytes), as
/// on a command line that does not give them; every other option it does not name is left as it
/// is. On the command line the flags given after it override its own.
struct Preset {
    std::string name;
    /// A built-in's stable name for the command line ("web"); empty for a user's preset.
    std::string id;
    std::vector<PresetSetting> settings;

    [[nodiscard]] bool builtIn() const noexcept { return !id.empty(); }
    /// The setting of `option`; null when the preset does not name it.
    [[nodiscard]] const PresetSetting* find(const OptionInfo& option) const noexcept;

    bool operator==(const Preset&) const = default;
};

/// The options a preset may name: those that say what the outputs are (size, filter, format,
/// qualities, metadata, names, existing files), not where they go or how the batch runs.
std::span<const OptionInfo* const> presetOptions() noexcept;

/// The built-ins, in the order the window lists them: "Web (2048 px)" (id web), "E-mail (1280
/// px)" (email), "Thumbnails (256 px)" (thumbnails). They are never written to a file and cannot
/// be renamed or deleted.
std::span<const Preset> builtInPresets();

/// Reads flags as a command line writes them, "--long-edge 2048 --quality 85": every flag one of
/// presetOptions() and given once, at most one size flag, each value within its option's limits
/// (a choice one of its names, a list or pattern one its parser reads). A value with a space, a
/// quote or a backslash is written in double quotes, inside which \" and \\ stand for " and \.
[[nodiscard]] Result<std::vector<PresetSetting>> parsePresetFlags(std::string_view text);

/// The flags of `settings`, as parsePresetFlags() reads them back.
std::string presetFlagsText(std::span<const PresetSetting> settings);

/// Whether `name` can name a preset: not empty, at most 100 bytes of UTF-8, no tab, line break
/// or other control character, no space at either end.
[[nodiscard]] Status checkPresetName(std::string_view name);

/// True when two preset names (or built-in ids) are the same, ASCII letters in either case.
bool samePresetName(std::string_view a, std::string_view b) noexcept;

/// A line of a preset file that was skipped: its number (from 1) and why.
struct PresetFileProblem {
    int line = 0;
    Error error;
};

/// A preset file, read. Its lines are kept in their order so that writing it back keeps the
/// comments and the lines that could not be read, as they were.
///
/// The file is UTF-8 text, one preset a line: its name, a tab, then its flags (see
/// parsePresetFlags()), such as "Blog<TAB>--long-edge 1600 --quality 82 --progressive". Empty
/// lines and lines that start with # are comments. A line that cannot be read (no tab, a bad
/// name or flag, not UTF-8, a name already used or a built-in's) is reported and skipped.
class PresetFile {
public:
    /// Reads the text of a file.
    [[nodiscard]] static PresetFile parse(std::string_view text);
    /// The text that parse() reads back: every line kept, the presets in their place.
    [[nodiscard]] std::string text() const;

    /// The user's presets, in the file's order.
    [[nodiscard]] std::vector<Preset> presets() const;
    [[nodiscard]] const std::vector<PresetFileProblem>& problems() const noexcept
    {
        return m_problems;
    }

    // A name means the preset spelled exactly so, or else the one whose name differs from it
    // in ASCII case alone; where several differ so, it means none.

    /// Adds `preset` at the end, or replaces the one of that name in its place; false (nothing
    /// changed) when its name means several.
    bool put(Preset preset);
    /// Renames the preset `from`; false when there is none.
    bool rename(std::string_view from, const std::string& to);
    /// Removes the preset `name`; false when there is none.
    bool remove(std::string_view name);

private:
    std::vector<Preset*> named(std::string_view name);

    // A line kept as it was (a comment, a line that could not be read) or a preset.
    std::vector<std::variant<std::string, Preset>> m_lines;
    std::vector<PresetFileProblem> m_problems;
};

/// The folder of the user's configuration: DROPSIZE_CONFIG_DIR when set; otherwise
/// %APPDATA%\Dropsize on Windows, $XDG_CONFIG_HOME/Dropsize elsewhere (~/.config/Dropsize when
/// it is not set or not absolute). Empty when none of these is known.
std::filesystem::path configFolder();

/// The preset file: presets.tsv in configFolder() (empty when there is none).
std::filesystem::path presetFilePath();

/// The built-ins and the presets in one file, which each change writes back atomically (a
/// temporary file in the same folder, flushed, then renamed over it: AtomicFileWriter).
class PresetStore {
public:
    explicit PresetStore(std::filesystem::path file);

    const std::filesystem::path& file() const noexcept { return m_file; }

    /// Reads the file again; a missing file holds no presets. Error when it exists and cannot be
    /// read (the presets then are the built-ins alone).
    [[nodiscard]] Status load();
    /// The lines the last load() skipped.
    [[nodiscard]] const std::vector<PresetFileProblem>& problems() const noexcept
    {
        return m_contents.problems();
    }

    /// The built-ins, then the user's presets.
    [[nodiscard]] std::vector<Preset> presets() const;
    /// The presets `nameOrId` may mean: a built-in by its name or id in any case; the user's
    /// preset of exactly that name; else every user's preset whose name differs from it in ASCII
    /// case alone (several: ambiguous, and a usage error for the command line).
    [[nodiscard]] std::vector<Preset> matches(std::string_view nameOrId) const;
    /// The preset `nameOrId` means when it means one (matches()).
    [[nodiscard]] std::optional<Preset> find(std::string_view nameOrId) const;

    // Each change reads the file again first (so it keeps what was written there meanwhile),
    // then writes it. Error InvalidArgument for a bad name or a built-in's, Exists for a name
    // another preset has, NotFound for a preset that is not there; Io and NoSpace from writing.

    /// Saves `settings` under `name`, replacing the user's preset of that name.
    [[nodiscard]] Status save(const std::string& name, std::vector<PresetSetting> settings);
    [[nodiscard]] Status rename(std::string_view from, const std::string& to);
    [[nodiscard]] Status remove(std::string_view name);

private:
    [[nodiscard]] Status reloadForChange();
    [[nodiscard]] Status write() const;

    std::filesystem::path m_file;
    PresetFile m_contents;
};

} // namespace dropsize
