// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_help.h"

#include "cli/cli_flags.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"

#include <string>
#include <vector>

namespace dropsize::cli {

namespace {

    // One flag's lines: the flag and its value name, then its help from column 23, wrapped
    // within 96 columns.
    std::string helpLines(const CliFlag& flag, const CliOptions& defaults)
    {
        constexpr std::size_t kHelpColumn = 23;
        constexpr std::size_t kWidth = 96;
        std::string line = "  " + std::string(flag.flag());
        if (flag.takesValue()) {
            line += " " + std::string(flag.option->valueName);
        }
        if (!flag.alias.empty()) {
            line += ", " + std::string(flag.alias);
        }
        line += std::string(line.size() + 2 <= kHelpColumn ? kHelpColumn - line.size() : 2, ' ');
        std::string lines;
        const std::string help = flagText(flag.option->help, flag, &defaults);
        std::size_t at = 0;
        bool first = true;
        while (at < help.size()) {
            std::size_t end = help.find(' ', at);
            end = end == std::string::npos ? help.size() : end;
            const std::string word = help.substr(at, end - at);
            if (!first && line.size() + 1 + word.size() > kWidth) {
                lines += line + "\n";
                line = std::string(kHelpColumn, ' ');
                first = true;
            }
            line += (first ? "" : " ") + word;
            first = false;
            at = end + 1;
        }
        return lines + line + "\n";
    }

    std::string sectionTitle(CliSection section, const std::vector<CliFlag>& flags)
    {
        switch (section) {
        case CliSection::Size:
            return "Size (at most one of " + sizeFlagList(flags) + "):";
        case CliSection::Output:
            return "Output:";
        case CliSection::Run:
            return "Run:";
        case CliSection::ScaleOut:
            return "Across machines (docs/scale-out.md):";
        }
        return {};
    }

} // namespace

std::string usageText()
{
    std::string text = "Usage: dropsize-cli PATH... [options]\n\nResizes every "
        + readableFormats(" and ") + " image in the given files and folders.\n";
    text
        += R"(Outputs go to a ResizeImage folder inside each input folder (next to a given file) unless
--output says otherwise; originals are never changed. The pixels are those of Pillow's
Image.thumbnail() (ImageOps.fit() for --fill) followed by exif_transpose().
A flag's value follows it (--percent 50) or is joined to it by = (--percent=50); after --
every argument is a path.
)";
#if DROPSIZE_WITH_WEBP
    text += "WebP files are read and written too (libwebp); an animated WebP gives its first "
            "frame.\n";
#endif
#if DROPSIZE_WITH_HEIF
    text += "HEIC/HEIF and AVIF files are read too (libheif), upright as their transforms say; a\n"
            "HEIC is written as JPEG unless --format says otherwise.\n";
#endif
    const CliOptions defaults;
    const std::vector<CliFlag>& flags = cliFlags();
    for (std::size_t i = 0; i < flags.size(); ++i) {
        if (i == 0 || flags[i].section != flags[i - 1].section) {
            text += "\n" + sectionTitle(flags[i].section, flags) + "\n";
        }
        text += helpLines(flags[i], defaults);
    }
    return text + R"(
Exit status:
  0    every image was resized or skipped
  1    some failed for good (a bad input): each failure names its file and the reason (also
       with --dry-run)
  2    usage error, or an output folder that cannot be used; nothing was read or written
  75   run it again (EX_TEMPFAIL): files failed for a reason that can pass (a full disk, an
       I/O error, no memory), or a --shard run was stopped by a signal; the report marks
       those files "retry"
  130  stopped by Ctrl-C (SIGINT), 143 by SIGTERM: images being written finish, the rest
       are left for a re-run, no partial file is left; a second signal ends it at once
  141  standard output was closed (its reader went away): stopped as on Ctrl-C, with the
       summary on standard error
)";
}

std::string presetListText(const PresetStore& store)
{
    std::string text = "Built-in presets (--preset ID or NAME):\n";
    bool user = false;
    for (const Preset& p : store.presets()) {
        if (!p.builtIn() && !user) {
            text += "\nSaved presets (" + utf8(store.file()) + "):\n";
            user = true;
        }
        text += "  " + (p.builtIn() ? p.id + ": " : std::string()) + p.name + "\n      "
            + presetFlagsText(p.settings) + "\n";
    }
    if (!user) {
        text += "\nNo saved presets ("
            + (store.file().empty() ? std::string("no configuration folder") : utf8(store.file()))
            + ")\n";
    }
    return text;
}

} // namespace dropsize::cli
