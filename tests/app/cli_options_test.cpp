// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// The command line's table of flags, in-process: each flag is in --help, takes exactly the values
// its option's limits and names allow, and puts them where --help says it does.
#include "cli/cli_flags.h"
#include "cli/cli_help.h"
#include "cli/cli_options.h"
#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"
#include "support/test_support.h"

#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <string>

namespace dropsize::cli {
namespace {

    Result<CliOptions> parse(const CliFlag& flag, const std::string& value)
    {
        std::vector<std::string> args { "photos", std::string(flag.flag()) };
        if (flag.takesValue()) {
            args.push_back(value);
        }
        // Percentages above 100 enlarge, which validate() allows only with --enlarge.
        if (flag.option == &option::kPercent) {
            args.emplace_back("--enlarge");
        }
        // These two go with a list.
        if (flag.flag() == "--null" || flag.flag() == "--root") {
            args.emplace_back("--list");
        }
        // No preset file: the built-ins alone, whatever the machine's configuration holds.
        return parseCommandLine(args, {});
    }

    std::string whole(double v) { return std::to_string(static_cast<long long>(v)); }

    // Values at and just beyond the option's limits, as text.
    struct Samples {
        std::vector<std::string> good;
        std::vector<std::string> bad;
    };

    Samples samplesFor(const CliFlag& flag)
    {
        const OptionInfo& o = *flag.option;
        switch (o.kind) {
        case OptionKind::Switch:
            return { { "" }, {} };
        case OptionKind::Integer:
            return { { whole(o.min), whole(o.max) },
                { whole(o.max + 1), "-1", "+" + whole(o.min), "", "x", "1.5" } };
        case OptionKind::Number:
            return { { numberText(o.min), numberText(o.max) },
                { numberText(o.max * 2), "0", "-1", "1e3", "", "abc" } };
        case OptionKind::Size:
            return { { whole(o.min) + "x" + whole(o.max), whole(o.max) + "X" + whole(o.min) },
                { "0x" + whole(o.max), whole(o.max + 1) + "x1", "10", "x10", "10x", "-1x5" } };
        case OptionKind::Choice: {
            Samples s { flag.choices, { "", "unknown", "--" } };
            s.bad.push_back(flag.choices.front() + "x");
            return s;
        }
        case OptionKind::Folder:
            return { { "out", "./--json" }, { "" } };
        case OptionKind::Text:
            if (flag.flag() == "--shard") {
                return { { "0/1", "3/8", "999999/1000000" },
                    { "", "8/8", "0/0", "x", "1/", "auto/4x", "--json" } };
            }
            if (flag.flag() == "--preset") {
                return { { "web", "EMAIL", "thumbnails (256 PX)" }, { "", "--json" } };
            }
            if (&o == &option::kReducingGap) {
                // The help's and the usage error's "1 to 8" are the parser's limits.
                EXPECT_EQ(numberText(kMinReducingGap), "1");
                EXPECT_EQ(numberText(kMaxReducingGap), "8");
                return { { "1", "1.5", "2", "3", "8", "none" },
                    { "", "0", "0.99", "8.01", "-2", "1e0", "None", "inf", "nan", "2x" } };
            }
            if (&o == &option::kSizes) {
                return { { "2048", "50%,fit:800x600, long:1024,exact:640x480", "12.5%" },
                    { "", "0", "2048,,1024", "fit:0x5", "fit:800", "huge:5", "2048,long:2048", "-5",
                        "x" } };
            }
            return { { "{name}_{w}x{h}", "{size}/{name}", "{n}.{ext}", "plain" },
                { "", "{nope}", "{name", "name}", "../x", "/abs", "a//b", "a/./b", "x/" } };
        }
        return {};
    }

    TEST(CliTable, EveryFlagIsInTheHelpWithItsValueAndHelpText)
    {
        const std::string help = usageText();
        std::set<std::string_view> seen;
        for (const CliFlag& flag : cliFlags()) {
            SCOPED_TRACE(std::string(flag.flag()));
            EXPECT_TRUE(seen.insert(flag.flag()).second) << "listed twice";
            std::string left = "  " + std::string(flag.flag());
            if (flag.takesValue()) {
                left += " " + std::string(flag.option->valueName);
            }
            if (!flag.alias.empty()) {
                left += ", " + std::string(flag.alias);
            }
            EXPECT_NE(help.find(left + " "), std::string::npos) << help;
            // The first words of its help, placeholders filled in.
            const std::string_view text = flag.option->help;
            const std::string start(
                text.substr(0, std::min(text.find_first_of("{;:("), std::size_t { 12 })));
            EXPECT_NE(help.find(start), std::string::npos) << start;
        }
        // The fields of --name are spelt with braces on purpose; any other brace is a
        // placeholder left unfilled.
        std::string unfilled = help;
        for (const std::string field : { "{name}", "{ext}", "{w}", "{h}", "{size}", "{n}" }) {
            for (std::size_t at; (at = unfilled.find(field)) != std::string::npos;) {
                unfilled.erase(at, field.size());
            }
        }
        EXPECT_EQ(unfilled.find('{'), std::string::npos) << "a placeholder left unfilled";
        EXPECT_NE(help.find("bicubic (default)"), std::string::npos);
        EXPECT_NE(help.find("JPEG quality 1-100 (default 85)"), std::string::npos);
        EXPECT_NE(
            help.find("--percent, --fit, --long-edge, --short-edge, --fill, --size and --sizes"),
            std::string::npos);
        EXPECT_NE(help.find("stretches (aspect not kept)"), std::string::npos) << help;
    }

    TEST(CliTable, HoldsEveryOptionThatHasAFlag)
    {
        std::set<std::string_view> flags;
        for (const CliFlag& flag : cliFlags()) {
            flags.insert(flag.flag());
        }
        for (const OptionInfo* o : option::kAll) {
            if (!o->flag.empty()) {
                EXPECT_EQ(flags.count(o->flag), 1u) << o->flag;
            }
        }
    }

    TEST(CliTable, EveryFlagTakesTheValuesItsLimitsAllowAndNoOthers)
    {
        for (const CliFlag& flag : cliFlags()) {
            SCOPED_TRACE(std::string(flag.flag()));
            const Samples samples = samplesFor(flag);
            ASSERT_FALSE(samples.good.empty());
            for (const std::string& v : samples.good) {
                auto parsed = parse(flag, v);
                EXPECT_TRUE(parsed.ok()) << v << ": " << parsed.error().message;
                if (parsed.ok() && flag.show) {
                    // The value went where the flag says: the options now show it.
                    EXPECT_EQ(flag.show(*parsed), v);
                }
            }
            for (const std::string& v : samples.bad) {
                auto parsed = parse(flag, v);
                ASSERT_FALSE(parsed.ok()) << "took " << v;
                EXPECT_EQ(parsed.error().code, ErrorCode::InvalidArgument);
                EXPECT_EQ(parsed.error().message.rfind(std::string(flag.flag()) + " needs ", 0), 0u)
                    << parsed.error().message;
            }
        }
    }

    TEST(CliTable, NamesTheLimitsAndChoicesInItsMessages)
    {
        for (const CliFlag& flag : cliFlags()) {
            if (!flag.takesValue()) {
                continue;
            }
            SCOPED_TRACE(std::string(flag.flag()));
            auto parsed = parseCommandLine({ "photos", std::string(flag.flag()) });
            ASSERT_FALSE(parsed.ok());
            const std::string& message = parsed.error().message;
            if (flag.option->kind == OptionKind::Choice) {
                for (const std::string& name : flag.choices) {
                    EXPECT_NE(message.find(name), std::string::npos) << message;
                }
            } else if (flag.option->kind != OptionKind::Folder
                && flag.option->kind != OptionKind::Text) {
                EXPECT_NE(message.find(numberText(flag.option->min)), std::string::npos) << message;
            }
        }
    }

    TEST(CliTable, ShortEdgeAndFillSetTheirModes)
    {
        auto shortEdge = parseCommandLine({ "a.jpg", "--short-edge", "1080" });
        ASSERT_TRUE(shortEdge.ok()) << shortEdge.error().message;
        EXPECT_EQ(shortEdge->batch.process.spec.mode, SizeMode::ShortEdge);
        EXPECT_EQ(shortEdge->batch.process.spec.shortEdge, 1080);
        auto fill = parseCommandLine({ "a.jpg", "--fill", "512x256", "--enlarge" });
        ASSERT_TRUE(fill.ok()) << fill.error().message;
        EXPECT_EQ(fill->batch.process.spec.mode, SizeMode::Fill);
        EXPECT_EQ(fill->batch.process.spec.width, 512);
        EXPECT_EQ(fill->batch.process.spec.height, 256);
        EXPECT_TRUE(fill->batch.process.spec.enlarge);
    }

    // One size for a run: any two of the sizing flags are refused, the new ones too.
    TEST(CliTable, TakesOneSizingFlagOnly)
    {
        const std::vector<std::vector<std::string>> sizes = { { "--percent", "50" },
            { "--fit", "10x10" }, { "--long-edge", "10" }, { "--short-edge", "10" },
            { "--fill", "10x10" }, { "--size", "10x10" }, { "--sizes", "10,20" } };
        for (const auto& first : sizes) {
            for (const auto& second : sizes) {
                std::vector<std::string> args { "a.jpg" };
                args.insert(args.end(), first.begin(), first.end());
                args.insert(args.end(), second.begin(), second.end());
                auto parsed = parseCommandLine(args);
                ASSERT_FALSE(parsed.ok()) << first[0] << " " << second[0];
                EXPECT_EQ(parsed.error().message,
                    "choose one of --percent, --fit, --long-edge, --short-edge, --fill, --size and "
                    "--sizes ("
                        + second[0] + ")");
            }
        }
    }

    TEST(CliTable, SizesAreReadWithTheFinalFilterAndEnlargeAndNameTheRunsSpec)
    {
        auto parsed = parseCommandLine({ "a.jpg", "--sizes", "300,50%,fit:20x10", "--filter",
            "lanczos", "--enlarge", "--name", "{size}/{name}_{w}" });
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        const CliOptions& o = *parsed;
        ASSERT_EQ(o.plan.sizes.size(), 3u);
        for (const OutputSize& size : o.plan.sizes) {
            EXPECT_EQ(size.spec.filter, Filter::Lanczos) << size.label;
            EXPECT_TRUE(size.spec.enlarge) << size.label;
        }
        EXPECT_EQ(o.plan.sizes[1].label, "50pct");
        // Headers read for the batch are checked against its first size, as the run does.
        EXPECT_EQ(o.batch.process.spec, o.plan.sizes.front().spec);
        EXPECT_EQ(o.plan.process.spec, o.plan.sizes.front().spec);
        EXPECT_EQ(o.plan.nameTemplate.text(), "{size}/{name}_{w}");
        EXPECT_TRUE(o.plan.nameTemplate.usesOutputSize());
        // A percentage above 100 needs --enlarge, whichever comes first.
        auto noEnlarge = parseCommandLine({ "a.jpg", "--sizes", "200%" });
        ASSERT_FALSE(noEnlarge.ok());
        EXPECT_NE(noEnlarge.error().message.find("enlarg"), std::string::npos)
            << noEnlarge.error().message;
        EXPECT_TRUE(parseCommandLine({ "a.jpg", "--enlarge", "--sizes", "200%" }).ok());
        EXPECT_TRUE(parseCommandLine({ "a.jpg", "--sizes", "200%", "--enlarge" }).ok());
    }

    TEST(CliTable, PutsEachValueInItsField)
    {
        auto parsed = parseCommandLine({ "a.jpg", "--fit", "640x480", "--filter", "lanczos",
            "--format", "jpg", "--quality", "72", "--subsampling", "444", "--png-compression", "9",
            "--on-existing", "rename", "--threads", "3", "--device", "cpu", "--max-megapixels",
            "12.5", "--max-memory-mb", "2048", "--output", "out", "--no-recursive", "--enlarge",
            "--progressive", "--strip-metadata", "--json", "--dry-run", "--", "--b.png" });
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        const CliOptions& o = *parsed;
        const ProcessOptions& p = o.batch.process;
        EXPECT_EQ(p.spec.mode, SizeMode::Fit);
        EXPECT_EQ(p.spec.width, 640);
        EXPECT_EQ(p.spec.height, 480);
        EXPECT_EQ(p.spec.filter, Filter::Lanczos);
        EXPECT_TRUE(p.spec.enlarge);
        EXPECT_EQ(o.plan.format, OutputFormat::Jpeg);
        EXPECT_EQ(p.encode.jpegQuality, 72);
        EXPECT_EQ(p.encode.subsampling, ChromaSubsampling::S444);
        EXPECT_EQ(p.encode.pngCompression, 9);
        EXPECT_TRUE(p.encode.progressive);
        EXPECT_TRUE(p.stripMetadata);
        EXPECT_EQ(o.plan.onExisting, ExistingPolicy::Rename);
        EXPECT_EQ(o.batch.threads, 3);
        EXPECT_EQ(o.batch.device, DeviceChoice::Cpu);
        EXPECT_EQ(p.limits.maxPixels, 12'500'000u);
        EXPECT_EQ(p.limits.maxMemoryBytes, 2048ull << 20);
        EXPECT_GE(o.batch.memoryBudget, p.limits.maxMemoryBytes) << "the budget holds one image";
        ASSERT_TRUE(o.plan.outputFolder.has_value());
        EXPECT_EQ(*o.plan.outputFolder, "out");
        EXPECT_FALSE(o.plan.recursive);
        EXPECT_TRUE(o.json);
        EXPECT_TRUE(o.dryRun);
        EXPECT_EQ(o.inputs, (std::vector<std::filesystem::path> { "a.jpg", "--b.png" }));

        auto help = parseCommandLine({ "-h" });
        ASSERT_TRUE(help.ok());
        EXPECT_TRUE(help->help);
        auto version = parseCommandLine({ "--version" });
        ASSERT_TRUE(version.ok());
        EXPECT_TRUE(version->version);
    }

    TEST(CliTable, ReadsDatesBiggerOutputsAndByteBudgets)
    {
        auto parsed = parseCommandLine(
            { "a.jpg", "--no-keep-dates", "--if-bigger", "copy", "--max-bytes", "200K" });
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        EXPECT_FALSE(parsed->batch.process.keepDates);
        EXPECT_EQ(parsed->batch.process.ifBigger, IfBigger::Copy);
        EXPECT_EQ(parsed->batch.process.maxBytes, 200u * 1024);
        auto defaults = parseCommandLine({ "a.jpg" });
        ASSERT_TRUE(defaults.ok());
        EXPECT_TRUE(defaults->batch.process.keepDates);
        EXPECT_EQ(defaults->batch.process.ifBigger, IfBigger::Keep);
        EXPECT_EQ(defaults->batch.process.maxBytes, 0u);
    }

    // K and M are 1024-based, in either case; whole numbers only, from one byte to a TiB.
    TEST(CliTable, TakesByteCountsWithKAndMSuffixesAndRefusesOthers)
    {
        const std::pair<const char*, std::uint64_t> good[] = { { "1", 1 }, { "1k", 1024 },
            { "200K", 204800 }, { "2M", 2097152 }, { "3m", 3145728 },
            { "1048576M", kMaxTargetBytes }, { "1073741824K", kMaxTargetBytes } };
        for (const auto& [text, bytes] : good) {
            auto parsed = parseCommandLine({ "a.jpg", "--max-bytes", text });
            ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().message;
            EXPECT_EQ(parsed->batch.process.maxBytes, bytes) << text;
        }
        for (const char* bad : { "0", "0K", "K", "M", "1.5M", "10G", "200KB", "2MiB", "-1K", "+1K",
                 "1048577M", "1073741825K", "1099511627777", "99999999999999999999M", " 1", "1 K",
                 "1K1", "0x10" }) {
            auto parsed = parseCommandLine({ "a.jpg", "--max-bytes", bad });
            ASSERT_FALSE(parsed.ok()) << "took " << bad;
            EXPECT_EQ(parsed.error().message.rfind("--max-bytes needs ", 0), 0u)
                << parsed.error().message;
        }
    }

    // A preset file in a temporary folder, holding `lines`.
    struct PresetFileFixture {
        explicit PresetFileFixture(const std::string& lines)
        {
            std::ofstream(file, std::ios::binary) << lines;
        }
        test::TempDir dir;
        std::filesystem::path file = dir.path() / "presets.tsv";
    };

    TEST(CliPresets, APresetsFlagsComeFirstAndTheCommandLinesOverrideThem)
    {
        const PresetFileFixture presets(
            "Blog\t--long-edge 1600 --quality 82 --progressive --filter lanczos\n");
        auto parsed = parseCommandLine(
            { "a.jpg", "--preset", "BLOG", "--quality", "90", "--strip-metadata" }, presets.file);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        const ProcessOptions& p = parsed->batch.process;
        EXPECT_EQ(p.spec.mode, SizeMode::LongEdge);
        EXPECT_EQ(p.spec.longEdge, 1600);
        EXPECT_EQ(p.spec.filter, Filter::Lanczos);
        EXPECT_EQ(p.encode.jpegQuality, 90) << "the command line's flag wins";
        EXPECT_TRUE(p.encode.progressive);
        EXPECT_TRUE(p.stripMetadata);
        EXPECT_EQ(parsed->plan.process.encode.jpegQuality, 90) << "the planner sees it too";
        EXPECT_EQ(parsed->preset, "BLOG");
        ASSERT_EQ(parsed->inputs.size(), 1U);
        EXPECT_TRUE(parsed->presetProblems.empty());
    }

    TEST(CliPresets, TheCommandLinesSizeReplacesThePresets)
    {
        auto percent = parseCommandLine({ "a.jpg", "--percent", "50", "--preset", "web" }, {});
        ASSERT_TRUE(percent.ok()) << percent.error().message;
        EXPECT_EQ(percent->batch.process.spec.mode, SizeMode::Percent);
        EXPECT_EQ(percent->batch.process.encode.jpegQuality, 85) << "the rest of the preset";
        EXPECT_EQ(percent->plan.format, OutputFormat::Jpeg);
        auto sizes = parseCommandLine({ "a.jpg", "--preset", "email", "--sizes", "640,320" }, {});
        ASSERT_TRUE(sizes.ok()) << sizes.error().message;
        ASSERT_EQ(sizes->plan.sizes.size(), 2U);
        EXPECT_EQ(sizes->plan.sizes[0].spec.longEdge, 640);
        EXPECT_TRUE(sizes->batch.process.stripMetadata);
        auto alone = parseCommandLine({ "a.jpg", "--preset", "Thumbnails (256 px)" }, {});
        ASSERT_TRUE(alone.ok()) << alone.error().message;
        EXPECT_EQ(alone->batch.process.spec.mode, SizeMode::Fit);
        EXPECT_EQ(alone->batch.process.spec.width, 256);
        EXPECT_EQ(alone->batch.process.encode.jpegQuality, 80);
        // Two sizes on the command line itself are still refused.
        EXPECT_FALSE(
            parseCommandLine({ "a.jpg", "--preset", "web", "--percent", "5", "--fit", "9x9" }, {})
                .ok());
    }

    TEST(CliPresets, AnUnknownPresetIsAUsageErrorThatListsThem)
    {
        const PresetFileFixture presets("Blog\t--long-edge 1600\n");
        auto parsed = parseCommandLine({ "a.jpg", "--preset", "blob" }, presets.file);
        ASSERT_FALSE(parsed.ok());
        EXPECT_EQ(parsed.error().code, ErrorCode::InvalidArgument);
        const std::string& message = parsed.error().message;
        EXPECT_NE(message.find("unknown preset \"blob\""), std::string::npos) << message;
        for (const char* known : { "web", "email", "thumbnails", "Web (2048 px)", "\"Blog\"" }) {
            EXPECT_NE(message.find(known), std::string::npos) << known << " in " << message;
        }
        auto twice = parseCommandLine({ "a.jpg", "--preset", "web", "--preset", "email" }, {});
        ASSERT_FALSE(twice.ok());
        EXPECT_NE(twice.error().message.find("twice"), std::string::npos);
    }

    TEST(CliPresets, AnExactNameWinsAndTwoThatDifferInCaseAloneAreAUsageError)
    {
        const PresetFileFixture presets("Blog\t--long-edge 1600\nblog\t--long-edge 800\n");
        auto exact = parseCommandLine({ "a.jpg", "--preset", "blog" }, presets.file);
        ASSERT_TRUE(exact.ok()) << exact.error().message;
        EXPECT_EQ(exact->batch.process.spec.longEdge, 800);
        auto other = parseCommandLine({ "a.jpg", "--preset", "Blog" }, presets.file);
        ASSERT_TRUE(other.ok()) << other.error().message;
        EXPECT_EQ(other->batch.process.spec.longEdge, 1600);
        auto neither = parseCommandLine({ "a.jpg", "--preset", "BLOG" }, presets.file);
        ASSERT_FALSE(neither.ok());
        EXPECT_EQ(neither.error().code, ErrorCode::InvalidArgument);
        EXPECT_NE(neither.error().message.find("\"Blog\" and \"blog\""), std::string::npos)
            << neither.error().message;
        // One alone that differs in case is taken.
        const PresetFileFixture one("Blog\t--long-edge 1600\n");
        auto single = parseCommandLine({ "a.jpg", "--preset", "BLOG" }, one.file);
        ASSERT_TRUE(single.ok()) << single.error().message;
        EXPECT_EQ(single->batch.process.spec.longEdge, 1600);
    }

    // getopt_long's form: every flag that takes a value takes it after "=" too, as it does as
    // the next argument; a switch given a value, and an unknown flag, are refused by name.
    TEST(CliTable, AFlagsValueMayBeJoinedToItWithAnEqualsSign)
    {
        for (const CliFlag& flag : cliFlags()) {
            if (!flag.takesValue() || flag.flag() == "--preset") {
                continue;
            }
            SCOPED_TRACE(std::string(flag.flag()));
            const Samples samples = samplesFor(flag);
            for (const std::string& v : samples.good) {
                auto separate = parse(flag, v);
                std::vector<std::string> args { "photos", std::string(flag.flag()) + "=" + v };
                if (flag.option == &option::kPercent) {
                    args.emplace_back("--enlarge");
                }
                if (flag.flag() == "--root") {
                    args.emplace_back("--list");
                }
                auto joined = parseCommandLine(args, {});
                ASSERT_EQ(joined.ok(), separate.ok()) << v;
                if (joined.ok() && flag.show) {
                    EXPECT_EQ(flag.show(*joined), flag.show(*separate)) << v;
                }
            }
            for (const std::string& v : samples.bad) {
                auto joined = parseCommandLine(
                    { "photos", std::string(flag.flag()) + "=" + v, "--enlarge" }, {});
                ASSERT_FALSE(joined.ok()) << "took " << v;
                EXPECT_EQ(joined.error().message.rfind(std::string(flag.flag()) + " needs ", 0), 0u)
                    << joined.error().message;
            }
        }
        auto percent = parseCommandLine({ "a.jpg", "--percent=37" }, {});
        ASSERT_TRUE(percent.ok()) << percent.error().message;
        EXPECT_EQ(percent->batch.process.spec.mode, SizeMode::Percent);
        EXPECT_EQ(percent->batch.process.spec.percent, 37);
        // The joined value is the flag's, whatever it starts with.
        auto dashes = parseCommandLine({ "a.jpg", "--output=--json" }, {});
        ASSERT_TRUE(dashes.ok()) << dashes.error().message;
        EXPECT_FALSE(dashes->json);
        auto preset = parseCommandLine({ "a.jpg", "--preset=web" }, {});
        ASSERT_TRUE(preset.ok()) << preset.error().message;
        EXPECT_EQ(preset->batch.process.spec.longEdge, 2048);
        auto twice = parseCommandLine({ "a.jpg", "--preset=web", "--preset", "email" }, {});
        ASSERT_FALSE(twice.ok());
        auto noName = parseCommandLine({ "a.jpg", "--preset=" }, {});
        ASSERT_FALSE(noName.ok());
        EXPECT_EQ(noName.error().message, "--preset needs a preset's name (see --list-presets)");
        // An option where a value was due: the advice is the form that works.
        auto swallowed = parseCommandLine({ "a.jpg", "--name", "--json" }, {});
        ASSERT_FALSE(swallowed.ok());
        EXPECT_NE(swallowed.error().message.find("is given as --name=--json"), std::string::npos)
            << swallowed.error().message;
        auto advised = parseCommandLine({ "a.jpg", "--name=--json" }, {});
        EXPECT_TRUE(advised.ok()) << advised.error().message;
        // A switch takes no value, an unknown flag is named, and after -- it is a path.
        auto json = parseCommandLine({ "a.jpg", "--json=yes" }, {});
        ASSERT_FALSE(json.ok());
        EXPECT_EQ(json.error().message, "--json takes no value (--json=yes)");
        auto unknown = parseCommandLine({ "a.jpg", "--colour=red" }, {});
        ASSERT_FALSE(unknown.ok());
        EXPECT_EQ(unknown.error().message.rfind("unknown option --colour ", 0), 0u)
            << unknown.error().message;
        auto path = parseCommandLine({ "--percent", "50", "--", "--x=1.jpg" }, {});
        ASSERT_TRUE(path.ok()) << path.error().message;
        ASSERT_EQ(path->inputs.size(), 1u);
        EXPECT_EQ(path->inputs[0], std::filesystem::path("--x=1.jpg"));
    }

    TEST(CliPresets, SkippedLinesAreReportedWithTheirFileAndLine)
    {
        const PresetFileFixture presets("Blog\t--long-edge 1600\nBad\t--output /tmp\n");
        auto parsed = parseCommandLine({ "a.jpg", "--preset", "blog" }, presets.file);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        ASSERT_EQ(parsed->presetProblems.size(), 1U);
        EXPECT_EQ(parsed->presetProblems[0].rfind(utf8(presets.file) + ":2: ", 0), 0U)
            << parsed->presetProblems[0];
    }

    TEST(CliPresets, ListPresetsNeedsNoInputsAndShowsEveryPresetsFlags)
    {
        auto parsed = parseCommandLine({ "--list-presets" }, {});
        ASSERT_TRUE(parsed.ok()) << parsed.error().message;
        EXPECT_TRUE(parsed->listPresets);
        const PresetFileFixture presets("Blog\t--long-edge 1600 --name \"{name} b\"\n");
        PresetStore store(presets.file);
        ASSERT_TRUE(store.load().ok());
        const std::string text = presetListText(store);
        EXPECT_NE(text.find("web: Web (2048 px)"), std::string::npos) << text;
        EXPECT_NE(text.find("--long-edge 2048 --format jpeg --quality 85"), std::string::npos);
        EXPECT_NE(text.find("Blog\n      --long-edge 1600 --name \"{name} b\""), std::string::npos)
            << text;
        EXPECT_LT(text.find("thumbnails:"), text.find("Blog")) << "the built-ins first";
    }

} // namespace
} // namespace dropsize::cli
