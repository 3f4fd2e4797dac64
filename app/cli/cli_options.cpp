// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_options.h"

#include "cli/cli_flags.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace dropsize::cli {

namespace {

    Error usage(std::string message)
    {
        return Error { ErrorCode::InvalidArgument, std::move(message), {} };
    }

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

    // The command line as the flags read it: the preset's flags first, so that the command
    // line's own, read after them, win.
    struct Arguments {
        std::vector<std::string> args;
        std::vector<bool> joined; // the values given as --flag=value (splitJoinedValues())
        std::size_t presetEnd = 0; // args before it are the preset's
        std::optional<std::string> presetName;
    };

    Result<Arguments> withPreset(std::vector<std::string> commandLine, std::vector<bool> joined,
        const std::filesystem::path& presetFile, CliOptions& o)
    {
        Arguments a;
        bool presetNameJoined = false;
        for (std::size_t i = 0; i + 1 < commandLine.size() && commandLine[i] != "--"; ++i) {
            if (commandLine[i] == "--preset") {
                if (a.presetName) {
                    return usage("--preset is given twice");
                }
                a.presetName = commandLine[++i];
                presetNameJoined = joined[i];
            }
        }
        if (a.presetName && a.presetName->empty()) {
            return usage("--preset needs a preset's name (see --list-presets)");
        }
        if (a.presetName && (presetNameJoined || !a.presetName->starts_with("--"))) {
            auto presetArgs = presetArguments(commandLine, *a.presetName, presetFile, o);
            if (!presetArgs) {
                return std::move(presetArgs).error();
            }
            a.args = std::move(presetArgs).value();
            a.presetEnd = a.args.size();
        }
        a.args.insert(a.args.end(), commandLine.begin(), commandLine.end());
        a.joined = std::move(joined);
        a.joined.insert(a.joined.begin(), a.presetEnd, false);
        return a;
    }

    // Reads each flag's value into `o`, and the other arguments as inputs. `otherFlag` gets the
    // first flag of the command line's own other than --merge-reports and --json.
    Status readFlags(const Arguments& a, CliOptions& o, std::optional<std::string>& otherFlag)
    {
        const std::vector<CliFlag>& flags = cliFlags();
        const std::vector<std::string>& args = a.args;
        // A problem with the preset's own flags names it.
        const auto refuse = [&](std::size_t at, const std::string& message) {
            return Error { ErrorCode::InvalidArgument,
                (at < a.presetEnd ? "preset \"" + *a.presetName + "\": " : std::string()) + message,
                {} };
        };
        bool sizeGiven = false;
        for (std::size_t i = 0; i < args.size(); ++i) {
            const std::string& arg = args[i];
            if (arg == "--") {
                for (++i; i < args.size(); ++i) {
                    o.inputs.push_back(pathFromUtf8(args[i]));
                }
                break;
            }
            const auto flag = std::find_if(flags.begin(), flags.end(), [&](const CliFlag& f) {
                return arg == f.flag() || (!f.alias.empty() && arg == f.alias);
            });
            if (flag == flags.end()) {
                if (arg.size() > 1 && arg[0] == '-') {
                    return refuse(i, "unknown option " + arg + " (see --help)");
                }
                o.inputs.push_back(pathFromUtf8(arg));
                continue;
            }
            if (flag->flag() != "--merge-reports" && flag->flag() != "--json" && i >= a.presetEnd
                && !otherFlag) {
                otherFlag = std::string(flag->flag());
            }
            if (flag->choosesSize()) {
                if (sizeGiven) {
                    return refuse(i, "choose one of " + sizeFlagList(flags) + " (" + arg + ")");
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
            if (i + 1 < args.size() && args[i + 1].starts_with("--") && !a.joined[i + 1]) {
                optionAsValue = args[i + 1];
            }
            if (flag->option->kind == OptionKind::Text && i + 1 < args.size() && !optionAsValue
                && !flag->apply(args[i + 1], o)) {
                // The parser of a list or pattern says what is wrong with it.
                const Status why = flagValueProblem(*flag->option, args[i + 1], o);
                return refuse(i,
                    arg + " needs " + flagText(flag->needs, *flag, nullptr) + ": "
                        + (why ? std::string("not this one") : why.error().message));
            }
            if (i + 1 >= args.size() || optionAsValue || !flag->apply(args[i + 1], o)) {
                return refuse(i,
                    arg + " needs " + flagText(flag->needs, *flag, nullptr)
                        + (optionAsValue ? ", not the option " + *optionAsValue
                                    + " (a value that starts with -- is given as " + arg + "="
                                    + *optionAsValue + ")"
                                         : std::string()));
            }
            ++i;
        }
        return {};
    }

    // The flags that do not go together, or need another.
    Status checkCombination(const CliOptions& o)
    {
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
        return {};
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

Result<CliOptions> parseCommandLine(const std::vector<std::string>& args)
{
    return parseCommandLine(args, presetFilePath());
}

Result<CliOptions> parseCommandLine(
    const std::vector<std::string>& givenLine, const std::filesystem::path& presetFile)
{
    CliOptions o;
    std::vector<bool> joined;
    auto split = splitJoinedValues(givenLine, joined);
    if (!split) {
        return std::move(split).error();
    }
    auto arguments = withPreset(std::move(split).value(), std::move(joined), presetFile, o);
    if (!arguments) {
        return std::move(arguments).error();
    }
    std::optional<std::string> otherFlag;
    if (auto read = readFlags(*arguments, o, otherFlag); !read) {
        return std::move(read).error();
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
    if (auto combined = checkCombination(o); !combined) {
        return std::move(combined).error();
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
