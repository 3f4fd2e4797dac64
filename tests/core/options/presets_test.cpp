// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/path_text.h"
#include "dropsize/core/presets.h"
#include "support/test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>

namespace fs = std::filesystem;

namespace dropsize::test {

namespace {

    std::string readText(const fs::path& path)
    {
        std::ifstream in(path, std::ios::binary);
        return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
    }

    void writeText(const fs::path& path, const std::string& text)
    {
        std::ofstream out(path, std::ios::binary);
        out << text;
    }

    std::vector<PresetSetting> flags(std::string_view text)
    {
        auto parsed = parsePresetFlags(text);
        EXPECT_TRUE(parsed.ok()) << text << ": " << (parsed ? "" : parsed.error().message);
        return parsed ? *parsed : std::vector<PresetSetting> {};
    }

    std::vector<std::string> names(const std::vector<Preset>& presets)
    {
        std::vector<std::string> out;
        out.reserve(presets.size());
        for (const Preset& p : presets) {
            out.push_back(p.name);
        }
        return out;
    }

} // namespace

TEST(Presets, BuiltInsHaveStableIdsAndTheirSettings)
{
    const auto builtIns = builtInPresets();
    ASSERT_EQ(builtIns.size(), 3U);
    EXPECT_EQ(builtIns[0].id, "web");
    EXPECT_EQ(builtIns[1].id, "email");
    EXPECT_EQ(builtIns[2].id, "thumbnails");
    for (const Preset& p : builtIns) {
        EXPECT_TRUE(p.builtIn());
        EXPECT_FALSE(p.settings.empty()) << p.name << " did not parse";
        EXPECT_TRUE(checkPresetName(p.name).ok()) << p.name;
    }
    ASSERT_NE(builtIns[0].find(option::kLongEdge), nullptr);
    EXPECT_EQ(builtIns[0].find(option::kLongEdge)->value, "2048");
    EXPECT_EQ(builtIns[0].find(option::kJpegQuality)->value, "85");
    EXPECT_EQ(builtIns[1].find(option::kLongEdge)->value, "1280");
    EXPECT_NE(builtIns[1].find(option::kStripMetadata), nullptr);
    EXPECT_EQ(builtIns[2].find(option::kFit)->value, "256x256");
    EXPECT_EQ(builtIns[2].find(option::kFormat), nullptr) << "a thumbnail keeps its format";
}

TEST(Presets, FlagsReadAsTheCommandLineWritesThemAndBack)
{
    const auto settings = flags(
        "--long-edge 2048  --quality 85\t--progressive --name \"{name} \\\"small\\\" \\\\ x\"");
    ASSERT_EQ(settings.size(), 4U);
    EXPECT_EQ(settings[0], (PresetSetting { &option::kLongEdge, "2048" }));
    EXPECT_EQ(settings[2], (PresetSetting { &option::kProgressive, "" }));
    EXPECT_EQ(settings[3].value, "{name} \"small\" \\ x");
    EXPECT_EQ(flags(presetFlagsText(settings)), settings);
    EXPECT_EQ(
        presetFlagsText(flags("--fit 800x600 --max-bytes 200K")), "--fit 800x600 --max-bytes 200K");
    EXPECT_EQ(presetFlagsText(flags("--reducing-gap 1.5")), "--reducing-gap 1.5");
    EXPECT_EQ(presetFlagsText(flags("--reducing-gap none")), "--reducing-gap none");
    EXPECT_TRUE(flags("").empty());
}

TEST(Presets, FlagsThatCannotBeAPresetsAreRefused)
{
    for (const char* bad : {
             "--output /tmp", // where outputs go is not a preset's
             "--threads 4",
             "--device gpu",
             "--no-recursive",
             "--preset web",
             "--bogus",
             "2048", // a value without a flag
             "--quality", // no value
             "--quality --progressive",
             "--quality 0",
             "--quality 101",
             "--quality 8.5",
             "--quality -5",
             "--fit 0x100",
             "--fit 100",
             "--percent 1e2",
             "--filter sharp",
             "--format gif",
             "--subsampling 411",
             "--on-existing ask",
             "--if-bigger maybe",
             "--sizes 2048,,256",
             "--name {nope}",
             "--reducing-gap 9",
             "--reducing-gap 0.5",
             "--reducing-gap fast",
             "--max-bytes 2G",
             "--long-edge 2048 --fit 800x600", // two sizes
             "--quality 80 --quality 90",
             "--name \"open",
             "--name \"a\"b",
         }) {
        const auto parsed = parsePresetFlags(bad);
        EXPECT_FALSE(parsed.ok()) << bad;
        if (!parsed) {
            EXPECT_EQ(parsed.error().code, ErrorCode::InvalidArgument);
            EXPECT_FALSE(parsed.error().message.empty());
            EXPECT_FALSE(parsed.error().text.empty()) << "the window translates it";
        }
    }
}

// What a preset may set is what the option table marks: how outputs look, never where the batch
// reads or writes or how it runs; each size option says the size alone.
TEST(Presets, SetWhatTheOptionTableMarksAndNothingElse)
{
    const auto options = presetOptions();
    std::size_t next = 0;
    for (const OptionInfo* o : option::kAll) {
        if (!o->inPresets) {
            continue;
        }
        ASSERT_LT(next, options.size());
        EXPECT_EQ(options[next++], o) << o->flag << ": in the table's order";
        EXPECT_FALSE(o->flag.empty()) << "a preset is written as flags";
        EXPECT_NE(o->kind, OptionKind::Folder) << o->flag;
    }
    EXPECT_EQ(next, options.size());
    for (const OptionInfo* o : { &option::kOutputFolder, &option::kThreads, &option::kDevice,
             &option::kRecursive, &option::kMemoryLimit }) {
        EXPECT_FALSE(o->inPresets) << o->flag;
    }
    for (const OptionInfo* o : option::kAll) {
        if (!o->choosesSize) {
            continue;
        }
        EXPECT_TRUE(o->inPresets) << o->flag;
        const std::string alone = std::string(o->flag)
            + (o->kind == OptionKind::Size          ? " 100x100"
                    : o->kind == OptionKind::Number ? " 50"
                                                    : " 100");
        EXPECT_TRUE(parsePresetFlags(alone).ok()) << alone;
        const std::string other = o == &option::kFit ? " --long-edge 2048" : " --fit 800x600";
        EXPECT_FALSE(parsePresetFlags(alone + other).ok()) << alone << other << ": two sizes";
    }
}

TEST(Presets, NamesAreCheckedAndComparedInEitherCase)
{
    EXPECT_TRUE(checkPresetName("Blog 1600").ok());
    EXPECT_TRUE(checkPresetName("网页 (大)").ok());
    for (const std::string& bad : { std::string(), std::string(" lead"), std::string("trail "),
             std::string("a\tb"), std::string("a\nb"), std::string("#x"), std::string(101, 'a'),
             std::string("\xC3\x28") }) {
        EXPECT_FALSE(checkPresetName(bad).ok()) << bad;
    }
    EXPECT_TRUE(samePresetName("Web (2048 PX)", "web (2048 px)"));
    EXPECT_FALSE(samePresetName("web", "webs"));
}

TEST(Presets, AFileSkipsAndReportsEachBadLineAndKeepsItWhenWritten)
{
    const std::string text = "\xEF\xBB\xBF# my presets\r\n"
                             "Blog\t--long-edge 1600 --quality 82\r\n"
                             "no tab here\n"
                             "\n"
                             "Web (2048 px)\t--quality 50\n" // a built-in's name
                             "email\t--quality 50\n" // a built-in's id
                             "Loud\t--quality 300\n"
                             "Blog\t--quality 70\n" // the same name as line 2
                             "bad\xFFutf\t--quality 70\n"
                             "Thumbs\t--fit 128x128\n";
    const PresetFile file = PresetFile::parse(text);
    EXPECT_EQ(names(file.presets()), (std::vector<std::string> { "Blog", "Thumbs" }));
    std::vector<int> lines;
    for (const PresetFileProblem& p : file.problems()) {
        lines.push_back(p.line);
        EXPECT_FALSE(p.error.message.empty());
    }
    EXPECT_EQ(lines, (std::vector<int> { 3, 5, 6, 7, 8, 9 }));

    // Written back, every line is there (comments and bad lines as they were), and reading it
    // again gives the same presets and problems.
    const std::string written = file.text();
    EXPECT_NE(written.find("# my presets\n"), std::string::npos);
    EXPECT_NE(written.find("no tab here\n"), std::string::npos);
    EXPECT_NE(written.find("Loud\t--quality 300\n"), std::string::npos);
    const PresetFile again = PresetFile::parse(written);
    EXPECT_EQ(again.presets(), file.presets());
    EXPECT_EQ(again.problems().size(), file.problems().size());
}

TEST(Presets, TheConfigurationFolderComesFromTheEnvironment)
{
    TempDir dir;
    {
        const ScopedEnvironment config("DROPSIZE_CONFIG_DIR", utf8(dir.path() / "cfg"));
        EXPECT_EQ(configFolder(), dir.path() / "cfg");
        EXPECT_EQ(presetFilePath(), dir.path() / "cfg" / "presets.tsv");
    }
#ifdef _WIN32
    const ScopedEnvironment none("DROPSIZE_CONFIG_DIR", std::nullopt);
    const ScopedEnvironment appData("APPDATA", utf8(dir.path()));
    EXPECT_EQ(configFolder(), dir.path() / "Dropsize");
#else
    const ScopedEnvironment none("DROPSIZE_CONFIG_DIR", std::nullopt);
    const ScopedEnvironment home("HOME", utf8(dir.path() / "home"));
    {
        const ScopedEnvironment xdg("XDG_CONFIG_HOME", utf8(dir.path() / "xdg"));
        EXPECT_EQ(configFolder(), dir.path() / "xdg" / "Dropsize");
    }
    {
        const ScopedEnvironment xdg("XDG_CONFIG_HOME", std::string("relative/xdg"));
        EXPECT_EQ(configFolder(), dir.path() / "home" / ".config" / "Dropsize")
            << "a relative XDG_CONFIG_HOME is ignored";
    }
    const ScopedEnvironment xdg("XDG_CONFIG_HOME", std::nullopt);
    EXPECT_EQ(configFolder(), dir.path() / "home" / ".config" / "Dropsize");
#endif
}

TEST(PresetStore, SavesRenamesAndDeletesInTheFile)
{
    TempDir dir;
    const fs::path file = dir.path() / "Dropsize" / "presets.tsv";
    PresetStore store(file);
    ASSERT_TRUE(store.load().ok()) << "a missing file holds no presets";
    EXPECT_EQ(store.presets().size(), builtInPresets().size());

    ASSERT_TRUE(store.save("Blog", flags("--long-edge 1600 --quality 82")).ok());
    ASSERT_TRUE(store.save("Tiny", flags("--fit 64x64")).ok());
    EXPECT_EQ(readText(file), "Blog\t--long-edge 1600 --quality 82\nTiny\t--fit 64x64\n");
    // Saving under a name there is replaces that preset, in its place.
    ASSERT_TRUE(store.save("blog", flags("--long-edge 1200")).ok());
    EXPECT_EQ(readText(file), "blog\t--long-edge 1200\nTiny\t--fit 64x64\n");

    ASSERT_TRUE(store.rename("TINY", "Icons").ok());
    EXPECT_EQ(store.rename("Icons", "Blog").error().code, ErrorCode::Exists);
    EXPECT_EQ(store.rename("Nothing", "Else").error().code, ErrorCode::NotFound);
    ASSERT_TRUE(store.remove("blog").ok());
    EXPECT_EQ(store.remove("blog").error().code, ErrorCode::NotFound);
    EXPECT_EQ(readText(file), "Icons\t--fit 64x64\n");

    // Another store (the command line) reads what this one wrote.
    PresetStore other(file);
    ASSERT_TRUE(other.load().ok());
    const auto icons = other.find("icons");
    ASSERT_TRUE(icons.has_value());
    EXPECT_EQ(icons->name, "Icons");
    EXPECT_EQ(icons->settings, flags("--fit 64x64"));
    EXPECT_TRUE(other.problems().empty());
}

// Names that differ in case alone, as a hand-written file may hold them: each is taken by its
// exact name, a name in another case means one only when one alone matches it, and nothing the
// store writes makes a third such name or takes one for another.
TEST(PresetStore, AnExactNameWinsAndACaseInsensitiveOneMustBeTheOnlyMatch)
{
    TempDir dir;
    const fs::path file = dir.path() / "presets.tsv";
    writeText(file, "Blog\t--long-edge 1600\nblog\t--long-edge 800\nTiny\t--fit 64x64\n");
    PresetStore store(file);
    ASSERT_TRUE(store.load().ok());
    EXPECT_TRUE(store.problems().empty());
    ASSERT_TRUE(store.find("blog").has_value());
    EXPECT_EQ(store.find("blog")->settings, flags("--long-edge 800"));
    ASSERT_TRUE(store.find("Blog").has_value());
    EXPECT_EQ(store.find("Blog")->settings, flags("--long-edge 1600"));
    EXPECT_FALSE(store.find("BLOG").has_value()) << "two presets match it";
    EXPECT_EQ(names(store.matches("BLOG")), (std::vector<std::string> { "Blog", "blog" }));
    ASSERT_TRUE(store.find("tiny").has_value()) << "one preset alone matches it";
    EXPECT_EQ(store.find("tiny")->name, "Tiny");

    EXPECT_EQ(store.save("BLOG", flags("--quality 50")).error().code, ErrorCode::Exists);
    EXPECT_EQ(store.rename("Tiny", "BLOG").error().code, ErrorCode::Exists);
    EXPECT_EQ(store.rename("Blog", "bLOG").error().code, ErrorCode::Exists) << "blog is in the way";
    ASSERT_TRUE(store.save("blog", flags("--long-edge 640")).ok());
    ASSERT_TRUE(store.remove("Blog").ok());
    EXPECT_EQ(readText(file), "blog\t--long-edge 640\nTiny\t--fit 64x64\n");
    ASSERT_TRUE(store.rename("blog", "BLOG").ok()) << "its own name in another case";
    EXPECT_EQ(readText(file), "BLOG\t--long-edge 640\nTiny\t--fit 64x64\n");
}

TEST(PresetStore, BuiltInsCannotBeSavedOverRenamedOrDeleted)
{
    TempDir dir;
    PresetStore store(dir.path() / "presets.tsv");
    ASSERT_TRUE(store.load().ok());
    for (const Preset& p : builtInPresets()) {
        EXPECT_FALSE(store.save(p.name, flags("--quality 50")).ok()) << p.name;
        EXPECT_FALSE(store.save(p.id, flags("--quality 50")).ok()) << p.id;
        EXPECT_FALSE(store.rename(p.name, "Mine").ok()) << p.name;
        EXPECT_FALSE(store.remove(p.id).ok()) << p.id;
    }
    ASSERT_TRUE(store.save("Mine", flags("--quality 50")).ok());
    EXPECT_EQ(store.rename("Mine", "WEB").error().code, ErrorCode::InvalidArgument);
    EXPECT_EQ(store.save("bad\tname", {}).error().code, ErrorCode::InvalidArgument);
    // The built-ins are never written to the file.
    EXPECT_EQ(readText(dir.path() / "presets.tsv"), "Mine\t--quality 50\n");
    const auto web = store.find("Web");
    ASSERT_TRUE(web.has_value());
    EXPECT_EQ(web->name, "Web (2048 px)");
    EXPECT_TRUE(store.find("E-MAIL (1280 PX)").has_value());
}

TEST(PresetStore, AChangeKeepsWhatWasWrittenMeanwhileAndTheLinesItCannotRead)
{
    TempDir dir;
    const fs::path file = dir.path() / "presets.tsv";
    PresetStore store(file);
    ASSERT_TRUE(store.load().ok());
    ASSERT_TRUE(store.save("One", flags("--quality 60")).ok());
    // Edited by hand while the window was open.
    writeText(file, readText(file) + "# note\nTypo\t--qualty 70\nTwo\t--quality 70\n");
    ASSERT_TRUE(store.save("Three", flags("--quality 80")).ok());
    EXPECT_EQ(readText(file),
        "One\t--quality 60\n# note\nTypo\t--qualty 70\nTwo\t--quality 70\nThree\t--quality 80\n");
    ASSERT_EQ(store.problems().size(), 1U);
    EXPECT_EQ(store.problems()[0].line, 3);
}

TEST(PresetStore, WritesANewFileAndRenamesItOverTheOld)
{
    TempDir dir;
    const fs::path file = dir.path() / "presets.tsv";
    PresetStore store(file);
    ASSERT_TRUE(store.save("One", flags("--quality 60")).ok());
    // A second name for the old file: written in place, it would change too.
    std::error_code ec;
    fs::create_hard_link(file, dir.path() / "old.tsv", ec);
    if (ec) {
        GTEST_SKIP() << "no hard links here: " << ec.message();
    }
    ASSERT_TRUE(store.save("Two", flags("--quality 70")).ok());
    EXPECT_EQ(readText(dir.path() / "old.tsv"), "One\t--quality 60\n");
    EXPECT_EQ(readText(file), "One\t--quality 60\nTwo\t--quality 70\n");
    // No temporary file is left behind.
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        left.push_back(utf8(entry.path().filename()));
    }
    std::sort(left.begin(), left.end());
    EXPECT_EQ(left, (std::vector<std::string> { "old.tsv", "presets.tsv" }));
}

#ifndef _WIN32
TEST(PresetStore, SavesThroughALinkedConfigurationFolder)
{
    // Dotfile managers often make ~/.config a link; the writer refuses links on an output's
    // path, but the configuration folder is reached by its real path.
    TempDir dir;
    fs::create_directories(dir.path() / "real");
    fs::create_directory_symlink(dir.path() / "real", dir.path() / "link");
    PresetStore store(dir.path() / "link" / "Dropsize" / "presets.tsv");
    const Status saved = store.save("One", flags("--quality 60"));
    ASSERT_TRUE(saved.ok()) << saved.error().message;
    EXPECT_EQ(readText(dir.path() / "real" / "Dropsize" / "presets.tsv"), "One\t--quality 60\n");
}

TEST(PresetStore, AFileThatCannotBeReadIsAnError)
{
    TempDir dir;
    fs::create_directories(dir.path() / "presets.tsv"); // a folder where the file should be
    PresetStore store(dir.path() / "presets.tsv");
    EXPECT_FALSE(store.load().ok());
    EXPECT_EQ(store.presets().size(), builtInPresets().size());
    EXPECT_FALSE(store.save("One", flags("--quality 60")).ok());
}
#endif

} // namespace dropsize::test
