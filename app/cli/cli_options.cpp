// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_options.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <type_traits>
#include <utility>

namespace dropsize::cli {

namespace {

    Error usage(std::string message)
    {
        return Error { ErrorCode::InvalidArgument, std::move(message), {} };
    }

    // The values of the flags, as parseOptionValue() reads them (the one grammar the presets and
    // the window read too), in the types the fields take.
    std::optional<int> integerIn(const OptionInfo& option, std::string_view s)
    {
        const auto v = parseOptionValue(option, s);
        return v ? std::optional(static_cast<int>(v->integer)) : std::nullopt;
    }

    std::optional<double> numberIn(const OptionInfo& option, std::string_view s)
    {
        const auto v = parseOptionValue(option, s);
        return v ? std::optional(v->number) : std::nullopt;
    }

    std::optional<std::pair<int, int>> sizeIn(const OptionInfo& option, std::string_view s)
    {
        const auto v = parseOptionValue(option, s);
        return v
            ? std::optional(std::pair { static_cast<int>(v->width), static_cast<int>(v->height) })
            : std::nullopt;
    }

    std::optional<std::uint64_t> byteCountIn(const OptionInfo& option, std::string_view s)
    {
        const auto v = parseOptionValue(option, s);
        return v ? std::optional(v->integer) : std::nullopt;
    }

    // --shard's value, the task index read from the engine's environment where it says auto.
    Result<Shard> shardFromEnvironment(const std::string& value)
    {
        return parseShard(value, [](const char* name) -> std::optional<std::string> {
            // Read while the command line is parsed, before any thread is started.
            const char* found = std::getenv(name); // NOLINT(concurrency-mt-unsafe)
            return found != nullptr ? std::optional<std::string>(found) : std::nullopt;
        });
    }

    // Why a list or pattern flag's value was refused, in its parser's words.
    Status textProblem(const OptionInfo& option, const std::string& value, const CliOptions& o)
    {
        if (option.flag == "--shard") {
            auto shard = shardFromEnvironment(value);
            return shard ? Status {} : Status { std::move(shard).error() };
        }
        if (&option == &option::kSizes) {
            ResizeSpec base = o.batch.process.spec;
            base.enlarge = true;
            auto sizes = parseSizeList(value, base);
            return sizes ? Status {} : Status { std::move(sizes).error() };
        }
        auto pattern = NameTemplate::parse(value);
        return pattern ? Status {} : Status { std::move(pattern).error() };
    }

    // The command line's own switches, which are not options of a batch.
    constexpr OptionInfo kDryRun { .kind = OptionKind::Switch,
        .flag = "--dry-run",
        .help = "print the plan (each input, its output and size, or why it would be skipped or "
                "fail), with the same checks and limits as a run" };
    constexpr OptionInfo kJson { .kind = OptionKind::Switch,
        .flag = "--json",
        .help = "one JSON object per event and line on standard output, UTF-8, each line ended "
                "by a line feed alone (on Windows too); bytes of a name that are not UTF-8 are "
                "written as \\udcXX (Python's \"surrogateescape\")" };
    constexpr OptionInfo kPreset { .kind = OptionKind::Text,
        .flag = "--preset",
        .valueName = "NAME",
        .help = "read the flags of the preset NAME first (a built-in's name or id in any case; "
                "a saved preset's name as written, or in another case when it is the only one "
                "so named); the command line's own flags override them, its size replaces the "
                "preset's (see --list-presets)" };
    constexpr OptionInfo kListPresets { .kind = OptionKind::Switch,
        .flag = "--list-presets",
        .help = "list the presets, the built-ins and those saved in the window, with their "
                "flags" };
    constexpr OptionInfo kShard { .kind = OptionKind::Text,
        .flag = "--shard",
        .valueName = "I/N",
        .help = "take part I (0 to N-1) of N disjoint parts of the inputs, split by a stable hash "
                "of each file's path relative to its input folder; auto/N (or auto, the count "
                "too from SLURM_ARRAY_TASK_COUNT) takes I from SLURM_ARRAY_TASK_ID, "
                "JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX. Outputs are named as one "
                "run of every part would name them; --on-existing rename is refused" };
    constexpr OptionInfo kFilesFrom { .kind = OptionKind::Folder,
        .flag = "--files-from",
        .valueName = "FILE",
        .help = "read the inputs from FILE (- for standard input), one a line; with --root, the "
                "files named relative to that folder are planned as its walk would plan them "
                "(the same output folder, tree and names), and no folder is listed" };
    constexpr OptionInfo kNull { .kind = OptionKind::Switch,
        .flag = "--null",
        .help = "the list of --files-from and --list is separated by NUL bytes, not lines" };
    constexpr OptionInfo kRoot { .kind = OptionKind::Folder,
        .flag = "--root",
        .valueName = "DIR",
        .help = "the folder the paths of --files-from are relative to (and --list's, with "
                "--list)" };
    constexpr OptionInfo kList { .kind = OptionKind::Switch,
        .flag = "--list",
        .help = "print the files the run would take (of its --shard), sorted, relative to "
                "--root or to the one input folder: a list for --files-from. Reads only each "
                "file's first bytes; writes nothing" };
    constexpr OptionInfo kReport { .kind = OptionKind::Folder,
        .flag = "--report",
        .valueName = "PATH",
        .help = "write each file's result as JSON lines, and a last line with the counts and "
                "the exit status, to PATH (a folder: PATH/shard-I-of-N.jsonl); written under "
                "another name and renamed at the end, so a report marks a finished run" };
    constexpr OptionInfo kMergeReports { .kind = OptionKind::Switch,
        .flag = "--merge-reports",
        .help = "the paths given are reports (files, or folders of *.jsonl): print one summary "
                "of them, with the shards that are missing (exit 75 when one is, 1 when files "
                "failed)" };
    constexpr OptionInfo kDirectWrite { .kind = OptionKind::Switch,
        .flag = "--direct-write",
        .help = "write each output under its final name, with no temporary file and rename: for "
                "mounts that cannot rename (object storage). A crash can then leave a partial "
                "file under a final name, which a re-run skips" };
    constexpr OptionInfo kHelp {
        .kind = OptionKind::Switch, .flag = "--help", .help = "this text"
    };
    constexpr OptionInfo kVersion {
        .kind = OptionKind::Switch, .flag = "--version", .help = "version and libraries"
    };

    // In the builders below `field` maps CliOptions to one member:
    // [](auto& o) -> auto& { return o.x; }.

    template <typename Field>
    CliFlag switchFlag(const OptionInfo& option, CliSection section, Field field, bool on = true)
    {
        return { &option, section, {}, [field, on](const std::string&, CliOptions& o) {
                    field(o) = on;
                    return true;
                } };
    }

    template <typename Field>
    CliFlag integerFlag(
        const OptionInfo& option, CliSection section, std::string needs, Field field)
    {
        return { &option, section, std::move(needs),
            [&option, field](const std::string& v, CliOptions& o) {
                const auto n = integerIn(option, v);
                if (n) {
                    field(o) = *n;
                }
                return n.has_value();
            },
            [field](const CliOptions& o) { return std::to_string(field(o)); } };
    }

    template <typename Field>
    CliFlag choiceFlag(const OptionInfo& option, CliSection section, Field field)
    {
        using E = std::remove_cvref_t<decltype(field(std::declval<CliOptions&>()))>;
        CliFlag flag { &option, section, "{choices}",
            [field](const std::string& v, CliOptions& o) {
                const auto value = parseName<E>(v);
                if (value) {
                    field(o) = *value;
                }
                return value.has_value();
            },
            [field](const CliOptions& o) { return std::string(nameOf(field(o))); } };
        for (const EnumName<E>& n : namesOf<E>()) {
            flag.choices.emplace_back(n.name);
        }
        return flag;
    }

    CliFlag sizeFlag(const OptionInfo& option, SizeMode mode)
    {
        CliFlag flag { &option, CliSection::Size,
            "a size such as 1920x1080, each side {min} to {max}",
            [&option, mode](const std::string& v, CliOptions& o) {
                const auto s = sizeIn(option, v);
                if (s) {
                    ResizeSpec& spec = o.batch.process.spec;
                    spec.mode = mode;
                    spec.width = s->first;
                    spec.height = s->second;
                }
                return s.has_value();
            } };
        return flag;
    }

    std::vector<CliFlag> makeFlags()
    {
        using namespace option;
        using S = CliSection;
        std::vector<CliFlag> flags;
        CliFlag percent { &kPercent, S::Size, "a number from {min} to {max}, such as 50 or 12.5",
            [](const std::string& v, CliOptions& o) {
                const auto p = numberIn(kPercent, v);
                if (p) {
                    o.batch.process.spec.mode = SizeMode::Percent;
                    o.batch.process.spec.percent = *p;
                }
                return p.has_value();
            },
            [](const CliOptions& o) { return numberText(o.batch.process.spec.percent); } };
        flags.push_back(std::move(percent));
        flags.push_back(sizeFlag(kFit, SizeMode::Fit));
        CliFlag longEdge { &kLongEdge, S::Size,
            "a number of pixels from {min} to {max}, such as 2048",
            [](const std::string& v, CliOptions& o) {
                const auto n = integerIn(kLongEdge, v);
                if (n) {
                    o.batch.process.spec.mode = SizeMode::LongEdge;
                    o.batch.process.spec.longEdge = *n;
                }
                return n.has_value();
            } };
        flags.push_back(std::move(longEdge));
        CliFlag shortEdge { &kShortEdge, S::Size,
            "a number of pixels from {min} to {max}, such as 1080",
            [](const std::string& v, CliOptions& o) {
                const auto n = integerIn(kShortEdge, v);
                if (n) {
                    o.batch.process.spec.mode = SizeMode::ShortEdge;
                    o.batch.process.spec.shortEdge = *n;
                }
                return n.has_value();
            } };
        flags.push_back(std::move(shortEdge));
        flags.push_back(sizeFlag(kFill, SizeMode::Fill));
        flags.push_back(sizeFlag(kExact, SizeMode::Exact));
        CliFlag sizes { &kSizes, S::Size,
            "a list of sizes such as 2048,1024,256 or 50%,fit:800x600",
            [](const std::string& v, CliOptions& o) {
                // Checked now, for a message that names the flag; read again with the final
                // filter and enlarge once every flag is (--enlarge may come after).
                ResizeSpec base = o.batch.process.spec;
                base.enlarge = true;
                if (!parseSizeList(v, base)) {
                    return false;
                }
                o.sizes = v;
                return true;
            } };
        flags.push_back(std::move(sizes));
        flags.push_back(switchFlag(
            kEnlarge, S::Size, [](auto& o) -> auto& { return o.batch.process.spec.enlarge; }));
        flags.push_back(choiceFlag(
            kFilter, S::Size, [](auto& o) -> auto& { return o.batch.process.spec.filter; }));

        flags.push_back(
            { &kOutputFolder, S::Output, "a folder", [](const std::string& v, CliOptions& o) {
                 if (!v.empty()) {
                     o.plan.outputFolder = pathFromUtf8(v);
                 }
                 return !v.empty();
             } });
        flags.push_back({ &kNameTemplate, S::Output, "a name pattern such as {name}_{w}x{h}",
            [](const std::string& v, CliOptions& o) {
                auto pattern = NameTemplate::parse(v);
                if (!pattern) {
                    return false;
                }
                o.plan.nameTemplate = std::move(pattern).value();
                return true;
            } });
        flags.push_back(choiceFlag(
            kFormat, S::Output, [](auto& o) -> auto& { return o.plan.format; }));
        flags.push_back(integerFlag(
            kJpegQuality, S::Output, "a JPEG quality from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.process.encode.jpegQuality; }));
        flags.push_back(choiceFlag(
            kSubsampling, S::Output,
            [](auto& o) -> auto& { return o.batch.process.encode.subsampling; }));
        flags.push_back(switchFlag(
            kProgressive, S::Output,
            [](auto& o) -> auto& { return o.batch.process.encode.progressive; }));
        flags.push_back(integerFlag(
            kPngCompression, S::Output, "a level from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.process.encode.pngCompression; }));
#if DROPSIZE_WITH_WEBP
        flags.push_back(integerFlag(
            kWebpQuality, S::Output, "a WebP quality from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.process.encode.webpQuality; }));
        flags.push_back(switchFlag(
            kWebpLossless, S::Output,
            [](auto& o) -> auto& { return o.batch.process.encode.webpLossless; }));
#endif
#if DROPSIZE_WITH_HEIF
        flags.push_back(integerFlag(
            kAvifQuality, S::Output, "an AVIF quality from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.process.encode.avifQuality; }));
        flags.push_back(integerFlag(
            kAvifSpeed, S::Output, "an AVIF speed from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.process.encode.avifSpeed; }));
#endif
        flags.push_back(switchFlag(
            kStripMetadata, S::Output,
            [](auto& o) -> auto& { return o.batch.process.stripMetadata; }));
        flags.push_back(choiceFlag(
            kOnExisting, S::Output, [](auto& o) -> auto& { return o.plan.onExisting; }));
        flags.push_back(switchFlag(
            kKeepDates, S::Output, [](auto& o) -> auto& { return o.batch.process.keepDates; },
            false));
        flags.push_back(choiceFlag(
            kIfBigger, S::Output, [](auto& o) -> auto& { return o.batch.process.ifBigger; }));
        flags.push_back({ &kMaxBytes, S::Output,
            "a number of bytes from {min} to {max}, or of K (1024 bytes) or M (1048576 bytes) "
            "such as 200K or 2M",
            [](const std::string& v, CliOptions& o) {
                const auto n = byteCountIn(kMaxBytes, v);
                if (n) {
                    o.batch.process.maxBytes = *n;
                }
                return n.has_value();
            },
            [](const CliOptions& o) { return std::to_string(o.batch.process.maxBytes); } });

        CliFlag threads = integerFlag(
            kThreads, S::Run, "a thread count from {min} to {max}",
            [](auto& o) -> auto& { return o.batch.threads; });
        threads.show = nullptr; // 0, all cores: the help says it in words
        flags.push_back(std::move(threads));
        flags.push_back(choiceFlag(
            kDevice, S::Run, [](auto& o) -> auto& { return o.batch.device; }));
        flags.push_back(switchFlag(
            kRecursive, S::Run, [](auto& o) -> auto& { return o.plan.recursive; }, false));
        flags.push_back({ &kPixelLimit, S::Run, "a number of megapixels from {min} to {max}",
            [](const std::string& v, CliOptions& o) {
                const auto n = numberIn(kPixelLimit, v);
                if (n) {
                    o.batch.process.limits.maxPixels = static_cast<std::uint64_t>(*n * 1e6);
                }
                return n.has_value();
            },
            [](const CliOptions& o) {
                return numberText(static_cast<double>(o.batch.process.limits.maxPixels) / 1e6);
            } });
        flags.push_back({ &kMemoryLimit, S::Run, "a number of MiB, at least {min}",
            [](const std::string& v, CliOptions& o) {
                const auto n = integerIn(kMemoryLimit, v);
                if (n) {
                    DecodeLimits& limits = o.batch.process.limits;
                    limits.maxMemoryBytes = static_cast<std::uint64_t>(*n) << 20;
                    // An image the limit lets through must also fit the batch's budget.
                    o.batch.memoryBudget
                        = std::max<std::uint64_t>(o.batch.memoryBudget, limits.maxMemoryBytes);
                }
                return n.has_value();
            },
            [](const CliOptions& o) {
                return std::to_string(o.batch.process.limits.maxMemoryBytes >> 20);
            } });
        flags.push_back({ &kPreset, S::Run, "a preset's name (see --list-presets)",
            [](const std::string& v, CliOptions& o) {
                // Read before every other flag (parseCommandLine()); here it is only kept.
                o.preset = v;
                return !v.empty();
            } });
        flags.push_back(switchFlag(
            kListPresets, S::Run, [](auto& o) -> auto& { return o.listPresets; }));
        flags.push_back(switchFlag(
            kDryRun, S::Run, [](auto& o) -> auto& { return o.dryRun; }));
        flags.push_back(switchFlag(
            kJson, S::Run, [](auto& o) -> auto& { return o.json; }));
        CliFlag help = switchFlag(
            kHelp, S::Run, [](auto& o) -> auto& { return o.help; });
        help.alias = "-h";
        flags.push_back(std::move(help));
        flags.push_back(switchFlag(
            kVersion, S::Run, [](auto& o) -> auto& { return o.version; }));
        flags.push_back({ &kShard, S::ScaleOut, "I/N, auto/N or auto (such as 3/8)",
            [](const std::string& v, CliOptions& o) {
                const auto shard = shardFromEnvironment(v);
                if (!shard) {
                    return false;
                }
                o.shard = *shard;
                o.plan.shard = *shard;
                return true;
            } });
        flags.push_back({ &kFilesFrom, S::ScaleOut, "a file that lists the inputs, or -",
            [](const std::string& v, CliOptions& o) {
                if (!v.empty()) {
                    o.filesFrom = pathFromUtf8(v);
                }
                return !v.empty();
            } });
        flags.push_back(switchFlag(
            kNull, S::ScaleOut, [](auto& o) -> auto& { return o.null; }));
        flags.push_back({ &kRoot, S::ScaleOut, "a folder", [](const std::string& v, CliOptions& o) {
                             if (!v.empty()) {
                                 o.root = pathFromUtf8(v);
                             }
                             return !v.empty();
                         } });
        flags.push_back(switchFlag(
            kList, S::ScaleOut, [](auto& o) -> auto& { return o.list; }));
        flags.push_back(
            { &kReport, S::ScaleOut, "a file or folder", [](const std::string& v, CliOptions& o) {
                 if (!v.empty()) {
                     o.report = pathFromUtf8(v);
                 }
                 return !v.empty();
             } });
        flags.push_back(switchFlag(
            kMergeReports, S::ScaleOut, [](auto& o) -> auto& { return o.mergeReports; }));
        flags.push_back(switchFlag(
            kDirectWrite, S::ScaleOut, [](auto& o) -> auto& { return o.batch.directWrite; }));
        return flags;
    }

    // "a, b or c"; with `defaults`, the name they hold gets " (default)".
    std::string choiceText(const CliFlag& flag, const CliOptions* defaults)
    {
        const std::string chosen = defaults != nullptr && flag.show ? flag.show(*defaults) : "";
        std::string text;
        for (std::size_t i = 0; i < flag.choices.size(); ++i) {
            if (i > 0) {
                text += i + 1 == flag.choices.size() ? " or " : ", ";
            }
            text += flag.choices[i];
            if (flag.choices[i] == chosen) {
                text += " (default)";
            }
        }
        return text;
    }

    // Fills in {min}, {max}, {default} and {choices}; `defaults` is null for a usage error's
    // text, which marks no default.
    std::string expand(std::string_view text, const CliFlag& flag, const CliOptions* defaults)
    {
        std::string out;
        while (!text.empty()) {
            const std::size_t open = text.find('{');
            const std::size_t close = text.find('}', open);
            if (open == std::string_view::npos || close == std::string_view::npos) {
                out += text;
                break;
            }
            out += text.substr(0, open);
            const std::string_view name = text.substr(open + 1, close - open - 1);
            if (name == "min") {
                out += numberText(flag.option->min);
            } else if (name == "max") {
                out += numberText(flag.option->max);
            } else if (name == "default" && flag.show && defaults != nullptr) {
                out += flag.show(*defaults);
            } else if (name == "choices") {
                out += choiceText(flag, defaults);
            } else {
                out += text.substr(open, close - open + 1);
            }
            text.remove_prefix(close + 1);
        }
        return out;
    }

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
        const std::string help = expand(flag.option->help, flag, &defaults);
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

    // "--percent, --fit, ... and --size": the flags of which one may be given.
    std::string sizeFlagList(const std::vector<CliFlag>& flags)
    {
        std::vector<std::string_view> sizes;
        for (const CliFlag& f : flags) {
            if (f.choosesSize()) {
                sizes.push_back(f.flag());
            }
        }
        std::string list;
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            list += std::string(i == 0              ? ""
                            : i + 1 == sizes.size() ? " and "
                                                    : ", ")
                + std::string(sizes[i]);
        }
        return list;
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

const std::vector<CliFlag>& cliFlags()
{
    static const std::vector<CliFlag> flags = makeFlags();
    return flags;
}

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

namespace {

    // The flags the command line gives, before a "--" (a value that looks like a flag is
    // refused by the parser anyway).
    std::vector<std::string_view> givenFlags(const std::vector<std::string>& args)
    {
        std::vector<std::string_view> given;
        for (const std::string& a : args) {
            if (a == "--") {
                break;
            }
            if (a.starts_with("--")) {
                given.emplace_back(a);
            }
        }
        return given;
    }

    // "web (Web (2048 px)), email (E-mail (1280 px)), ... or Blog": every preset, for a usage
    // error.
    std::string presetNames(const PresetStore& store)
    {
        const std::vector<Preset> presets = store.presets();
        std::string list;
        for (std::size_t i = 0; i < presets.size(); ++i) {
            if (i > 0) {
                list += i + 1 == presets.size() ? " or " : ", ";
            }
            list += presets[i].builtIn() ? presets[i].id + " (" + presets[i].name + ")"
                                         : "\"" + presets[i].name + "\"";
        }
        return list;
    }

    // The preset's flags as arguments, less those the command line gives itself: the same flag,
    // or any size when the command line chooses one.
    Result<std::vector<std::string>> presetArguments(const std::vector<std::string>& args,
        const std::string& name, const std::filesystem::path& file, CliOptions& o)
    {
        PresetStore store(file);
        if (auto loaded = store.load(); !loaded) {
            return usage("cannot read the presets in " + loaded.error().path + ": "
                + loaded.error().message);
        }
        o.presetProblems = presetProblemLines(store);
        const std::vector<Preset> matches = store.matches(name);
        if (matches.size() > 1) {
            std::string names;
            for (std::size_t i = 0; i < matches.size(); ++i) {
                names += (i == 0                           ? "\""
                                 : i + 1 == matches.size() ? " and \""
                                                           : ", \"")
                    + matches[i].name + "\"";
            }
            return usage("--preset \"" + name + "\" could be " + names
                + ", which differ in the case of their letters alone: give one as it is written");
        }
        if (matches.empty()) {
            return usage("unknown preset \"" + name + "\"; the presets are " + presetNames(store));
        }
        const Preset& preset = matches.front();
        const std::vector<CliFlag>& flags = cliFlags();
        const std::vector<std::string_view> given = givenFlags(args);
        const bool sizeGiven = std::any_of(given.begin(), given.end(), [&](std::string_view g) {
            return std::any_of(flags.begin(), flags.end(),
                [&](const CliFlag& f) { return f.choosesSize() && f.flag() == g; });
        });
        std::vector<std::string> out;
        for (const PresetSetting& s : preset.settings) {
            const auto flag = std::find_if(
                flags.begin(), flags.end(), [&](const CliFlag& f) { return f.option == s.option; });
            if (flag == flags.end()) {
                return usage("preset \"" + preset.name + "\": " + std::string(s.option->flag)
                    + " is not an option of this build");
            }
            if ((flag->choosesSize() && sizeGiven)
                || std::find(given.begin(), given.end(), flag->flag()) != given.end()) {
                continue;
            }
            out.emplace_back(flag->flag());
            if (flag->takesValue()) {
                out.push_back(s.value);
            }
        }
        return out;
    }

    // The command line with each "--flag=value" written as "--flag" "value", as getopt_long
    // reads it; `joined` marks the values given so (such a value is the flag's even when it
    // starts with "--"). A switch given a value and an unknown flag with "=" are refused here.
    Result<std::vector<std::string>> splitJoinedValues(
        const std::vector<std::string>& commandLine, std::vector<bool>& joined)
    {
        const std::vector<CliFlag>& flags = cliFlags();
        std::vector<std::string> args;
        joined.clear();
        bool inputsOnly = false;
        for (const std::string& a : commandLine) {
            inputsOnly = inputsOnly || a == "--";
            const std::size_t eq = a.find('=');
            if (inputsOnly || !a.starts_with("--") || eq == std::string::npos) {
                args.push_back(a);
                joined.push_back(false);
                continue;
            }
            const std::string_view name = std::string_view(a).substr(0, eq);
            const auto flag = std::find_if(
                flags.begin(), flags.end(), [&](const CliFlag& f) { return f.flag() == name; });
            if (flag == flags.end()) {
                return usage("unknown option " + std::string(name) + " (in " + a + "; see --help)");
            }
            if (!flag->takesValue()) {
                return usage(std::string(name) + " takes no value (" + a + ")");
            }
            args.emplace_back(name);
            joined.push_back(false);
            args.push_back(a.substr(eq + 1));
            joined.push_back(true);
        }
        return args;
    }

} // namespace

std::vector<std::string> presetProblemLines(const PresetStore& store)
{
    std::vector<std::string> lines;
    for (const PresetFileProblem& p : store.problems()) {
        lines.push_back(utf8(store.file()) + ":" + std::to_string(p.line) + ": " + p.error.message
            + " (the line is skipped)");
    }
    return lines;
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

Result<CliOptions> parseCommandLine(const std::vector<std::string>& args)
{
    return parseCommandLine(args, presetFilePath());
}

Result<CliOptions> parseCommandLine(
    const std::vector<std::string>& givenLine, const std::filesystem::path& presetFile)
{
    CliOptions o;
    const std::vector<CliFlag>& flags = cliFlags();
    std::vector<bool> joinedValue;
    auto split = splitJoinedValues(givenLine, joinedValue);
    if (!split) {
        return std::move(split).error();
    }
    const std::vector<std::string> commandLine = std::move(split).value();
    // The preset's flags go first, so that the command line's own, read after them, win.
    std::vector<std::string> args;
    std::size_t presetEnd = 0;
    std::optional<std::string> presetName;
    bool presetNameJoined = false;
    for (std::size_t i = 0; i + 1 < commandLine.size() && commandLine[i] != "--"; ++i) {
        if (commandLine[i] == "--preset") {
            if (presetName) {
                return usage("--preset is given twice");
            }
            presetName = commandLine[++i];
            presetNameJoined = joinedValue[i];
        }
    }
    if (presetName && presetName->empty()) {
        return usage("--preset needs a preset's name (see --list-presets)");
    }
    if (presetName && (presetNameJoined || !presetName->starts_with("--"))) {
        auto presetArgs = presetArguments(commandLine, *presetName, presetFile, o);
        if (!presetArgs) {
            return std::move(presetArgs).error();
        }
        args = std::move(presetArgs).value();
        presetEnd = args.size();
    }
    args.insert(args.end(), commandLine.begin(), commandLine.end());
    joinedValue.insert(joinedValue.begin(), presetEnd, false);
    // A problem with the preset's own flags names it.
    const auto refuse = [&](std::size_t at, const std::string& message) {
        return Error { ErrorCode::InvalidArgument,
            (at < presetEnd ? "preset \"" + *presetName + "\": " : std::string()) + message, {} };
    };
    bool sizeGiven = false;
    std::optional<std::string> otherFlag; // the first flag given beside --merge-reports and --json
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--") {
            for (++i; i < args.size(); ++i) {
                o.inputs.push_back(pathFromUtf8(args[i]));
            }
            break;
        }
        const auto flag = std::find_if(flags.begin(), flags.end(),
            [&](const CliFlag& f) { return a == f.flag() || (!f.alias.empty() && a == f.alias); });
        if (flag == flags.end()) {
            if (a.size() > 1 && a[0] == '-') {
                return refuse(i, "unknown option " + a + " (see --help)");
            }
            o.inputs.push_back(pathFromUtf8(a));
            continue;
        }
        if (flag->flag() != "--merge-reports" && flag->flag() != "--json" && i >= presetEnd
            && !otherFlag) {
            otherFlag = std::string(flag->flag());
        }
        if (flag->choosesSize()) {
            if (sizeGiven) {
                return refuse(i, "choose one of " + sizeFlagList(flags) + " (" + a + ")");
            }
            sizeGiven = true;
        }
        if (!flag->takesValue()) {
            (void)flag->apply({}, o);
            continue;
        }
        // An option's value; never the next option ("--output --json" is a mistake, not a
        // folder named --json: write ./--json for that).
        std::optional<std::string> optionAsValue;
        if (i + 1 < args.size() && args[i + 1].starts_with("--") && !joinedValue[i + 1]) {
            optionAsValue = args[i + 1];
        }
        if (flag->option->kind == OptionKind::Text && i + 1 < args.size() && !optionAsValue
            && !flag->apply(args[i + 1], o)) {
            // The parser of a list or pattern says what is wrong with it.
            const Status why = textProblem(*flag->option, args[i + 1], o);
            return refuse(i,
                a + " needs " + expand(flag->needs, *flag, nullptr) + ": "
                    + (why ? std::string("not this one") : why.error().message));
        }
        if (i + 1 >= args.size() || optionAsValue || !flag->apply(args[i + 1], o)) {
            return refuse(i,
                a + " needs " + expand(flag->needs, *flag, nullptr)
                    + (optionAsValue ? ", not the option " + *optionAsValue
                                + " (a value that starts with -- is given as " + a + "="
                                + *optionAsValue + ")"
                                     : std::string()));
        }
        ++i;
    }
    if (o.help || o.version || o.listPresets) {
        return o;
    }
    if (o.mergeReports) {
        if (o.inputs.empty()) {
            return usage("--merge-reports needs the reports: files, or folders of *.jsonl files");
        }
        if (otherFlag) {
            // It reads reports and runs nothing: a batch's option there is a mistake.
            return usage("--merge-reports takes only reports (and --json), not " + *otherFlag);
        }
        return o;
    }
    if (o.inputs.empty() && !o.filesFrom) {
        return usage("no files or folders given (see --help)");
    }
    if (o.root && !o.filesFrom && !o.list) {
        return usage("--root goes with --files-from (the folder its paths are relative to) or "
                     "--list");
    }
    if (o.root && o.filesFrom && !o.inputs.empty()) {
        return usage("with --files-from and --root the inputs are the list's alone; give the "
                     "other paths in the list, or leave --root out");
    }
    if (o.null && !o.filesFrom && !o.list) {
        return usage("--null goes with --files-from or --list");
    }
    if (o.report && (o.dryRun || o.list)) {
        return usage(std::string("--report writes the results of a run, not of ")
            + (o.dryRun ? "--dry-run" : "--list"));
    }
    if (o.list && o.dryRun) {
        return usage("choose one of --list and --dry-run");
    }
    if (o.shard && o.plan.onExisting == ExistingPolicy::Rename) {
        return usage("--on-existing rename cannot be split into shards: the names it picks "
                     "depend on what other shards have written already; use skip (the "
                     "default, which makes a re-run finish what is left) or overwrite");
    }
    if (auto valid = validate(o.batch.process.spec); !valid) {
        return usage(valid.error().message);
    }
    if (!o.sizes.empty()) {
        auto sizes = parseSizeList(o.sizes, o.batch.process.spec);
        if (!sizes) {
            return usage("--sizes: " + sizes.error().message);
        }
        o.plan.sizes = std::move(sizes).value();
        // What reads a header for the batch (the dry run, names with {w} or {h}) checks its
        // limits against a real output, as the run does.
        o.batch.process.spec = o.plan.sizes.front().spec;
    }
    // The planner names outputs by the sizes the run will make.
    o.plan.process = o.batch.process;
    return o;
}

} // namespace dropsize::cli
