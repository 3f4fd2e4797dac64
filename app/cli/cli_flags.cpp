// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_flags.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <type_traits>
#include <utility>

namespace dropsize::cli {

namespace {

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

    // The flags that say the size, and how it is reached.
    void addSizeFlags(std::vector<CliFlag>& flags)
    {
        using namespace option;
        using S = CliSection;
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
        CliFlag reducingGap { &kReducingGap, S::Size, "a number from 1 to 8, or none",
            [](const std::string& v, CliOptions& o) {
                auto gap = parseReducingGap(v);
                if (gap) {
                    o.batch.process.spec.reducingGap = *gap;
                }
                return gap.ok();
            },
            [](const CliOptions& o) { return reducingGapText(o.batch.process.spec.reducingGap); } };
        flags.push_back(std::move(reducingGap));
    }

    // Where the outputs go, their names, format, encoding and metadata.
    void addOutputFlags(std::vector<CliFlag>& flags)
    {
        using namespace option;
        using S = CliSection;
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
    }

    // How the batch runs, and what the command line does instead of a run.
    void addRunFlags(std::vector<CliFlag>& flags)
    {
        using namespace option;
        using S = CliSection;
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
    }

    // Splitting a batch over machines: shards, lists and reports.
    void addScaleOutFlags(std::vector<CliFlag>& flags)
    {
        using namespace option;
        using S = CliSection;
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

} // namespace

const std::vector<CliFlag>& cliFlags()
{
    static const std::vector<CliFlag> flags = [] {
        std::vector<CliFlag> all;
        addSizeFlags(all);
        addOutputFlags(all);
        addRunFlags(all);
        addScaleOutFlags(all);
        return all;
    }();
    return flags;
}

std::string flagText(std::string_view text, const CliFlag& flag, const CliOptions* defaults)
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

Status flagValueProblem(const OptionInfo& option, const std::string& value, const CliOptions& o)
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
    if (&option == &option::kReducingGap) {
        auto gap = parseReducingGap(value);
        return gap ? Status {} : Status { std::move(gap).error() };
    }
    auto pattern = NameTemplate::parse(value);
    return pattern ? Status {} : Status { std::move(pattern).error() };
}

} // namespace dropsize::cli
