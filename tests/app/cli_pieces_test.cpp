// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The command line's readers, in-process: lists of paths (--files-from) and JSON lines
// (--merge-reports reads its own reports back).

#include "cli/json_reader.h"
#include "cli/manifest.h"
#include "dropsize/core/path_text.h"

#include <gtest/gtest.h>
#include <string>

namespace dropsize::cli {
namespace {

    using namespace std::string_literals;

    std::vector<std::string> texts(const std::vector<std::filesystem::path>& paths)
    {
        std::vector<std::string> out;
        out.reserve(paths.size());
        for (const auto& p : paths) {
            out.push_back(utf8(p));
        }
        return out;
    }

    std::vector<std::string> listed(std::string_view text, bool null)
    {
        auto paths = manifestPaths(text, null);
        EXPECT_TRUE(paths) << paths.error().message;
        return paths ? texts(*paths) : std::vector<std::string> {};
    }

    TEST(ManifestPaths, LinesSkipEmptyOnesAndDropACarriageReturnWhenEveryLineHasOne)
    {
        EXPECT_EQ(listed("a.jpg\nsub/b c.png\n\n\nlast.jpg", false),
            (std::vector<std::string> { "a.jpg", "sub/b c.png", "last.jpg" }));
        EXPECT_EQ(listed("a.jpg\r\nsub/b c.png\r\n\r\nlast.jpg\r", false),
            (std::vector<std::string> { "a.jpg", "sub/b c.png", "last.jpg" }))
            << "a list written on Windows";
        EXPECT_TRUE(listed("", false).empty());
        EXPECT_TRUE(listed("\n\r\n", false).empty()) << "a CR line is an empty line";
    }

    // A name that ends in a carriage return (a.jpg\r beside a.jpg) cannot be told from a
    // Windows line end where lines differ; a list written with --null read without it would be
    // one name, or its first alone. Both are refused, and say what to do.
    TEST(ManifestPaths, RefusesWhatItCouldOnlyGuess)
    {
        for (const std::string& text : { "a.jpg\r\na.jpg\n"s, "a.jpg\nsub/b c.png\r\n"s }) {
            const auto paths = manifestPaths(text, false);
            ASSERT_FALSE(paths) << text;
            EXPECT_EQ(paths.error().code, ErrorCode::InvalidArgument);
            EXPECT_NE(paths.error().message.find("carriage return"), std::string::npos);
            EXPECT_NE(paths.error().message.find("--null"), std::string::npos);
        }
        const auto nul = manifestPaths("a.jpg\0b.jpg\0"s, false);
        ASSERT_FALSE(nul);
        EXPECT_NE(nul.error().message.find("NUL"), std::string::npos) << nul.error().message;
        EXPECT_NE(nul.error().message.find("--null"), std::string::npos);
        // And the other way: lines read with --null, which would be one name.
        const auto lines = manifestPaths("a.jpg\nb.jpg\n"s, true);
        ASSERT_FALSE(lines);
        EXPECT_NE(
            lines.error().message.find("a list of lines, read without --null"), std::string::npos)
            << lines.error().message;
    }

    TEST(ManifestPaths, NulSeparatedTakesAnyName)
    {
        const std::string text = "two\nlines.jpg\0cr\r.jpg\0\0"s;
        EXPECT_EQ(listed(text, true), (std::vector<std::string> { "two\nlines.jpg", "cr\r.jpg" }));
    }

    TEST(ParseJson, ReadsWhatTheReportsHold)
    {
        const auto v
            = parseJson(R"({"event":"job-finished","id":3,"ok":true,"none":null,)"
                        R"("input":"a\"b\\c\u00e9\ud83d\ude00\udcff","sizes":[1,2.5,-3e2],)"
                        R"("error":{"message":"why"}} )");
        ASSERT_TRUE(v);
        EXPECT_EQ(v->stringAt("event"), "job-finished");
        EXPECT_EQ(v->countAt("id"), 3u);
        EXPECT_EQ(v->find("ok")->boolean(), true);
        EXPECT_NE(v->find("none"), nullptr);
        // \udcXX is the byte a name had (jsonString's surrogateescape); other escapes are UTF-8.
        EXPECT_EQ(v->stringAt("input"), "a\"b\\c\xc3\xa9\xf0\x9f\x98\x80\xff");
        EXPECT_EQ(v->find("error")->stringAt("message"), "why");
        EXPECT_EQ(v->countAt("missing"), 0u);
    }

    TEST(ParseJson, RefusesWhatIsNotOneValue)
    {
        for (const char* bad : { "", "{", "{\"a\":1,}", "[1 2]", "{\"a\":1} x", "\"\x01\"",
                 "{\"a\":tru}", "\"\\x\"", "\"\\ud83d\\u0041\"", "01x",
                 // strictly RFC 8259: numbers, raw UTF-8, lone surrogates
                 "+1", "01", "1.", ".5", "1e", "-", "1e999", "\"\xff\"", "\"\xc3\"",
                 "\"\xed\xa0\x80\"", "\"\\ud83d\"", "\"\\udc00\"", "\"\\ude00\"" }) {
            EXPECT_FALSE(parseJson(bad)) << bad;
        }
        for (const char* good :
            { "0", "-0.5e+3", "1E-2", "\"\xc3\xa9\xf0\x9f\x98\x80\"", " [] " }) {
            EXPECT_TRUE(parseJson(good)) << good;
        }
        std::string why;
        EXPECT_FALSE(parseJson("[1,2,x]", &why));
        EXPECT_EQ(why, "invalid JSON at byte 5");
        std::string deep(100, '[');
        deep += std::string(100, ']');
        EXPECT_FALSE(parseJson(deep)) << "nesting past the limit is refused, not recursed into";
    }

    TEST(ListText, RelativeToTheBaseSortedAndRefusingALineFeed)
    {
        BatchPlan plan;
        for (const char* input : { "/data/b/z.jpg", "/data/a.jpg", "/elsewhere/c.jpg" }) {
            Job job;
            job.inputPath = pathFromUtf8(input).native();
            plan.jobs.push_back(std::move(job));
        }
        const auto text = listText(plan, std::filesystem::path("/data"), false);
        ASSERT_TRUE(text);
        EXPECT_EQ(*text, "/elsewhere/c.jpg\na.jpg\nb/z.jpg\n");
        const auto nul = listText(plan, std::nullopt, true);
        ASSERT_TRUE(nul);
        EXPECT_EQ(*nul, "/data/a.jpg\0/data/b/z.jpg\0/elsewhere/c.jpg\0"s);

        Job odd;
        odd.inputPath = pathFromUtf8("/data/two\nlines.jpg").native();
        plan.jobs.push_back(std::move(odd));
        const auto refused = listText(plan, std::filesystem::path("/data"), false);
        ASSERT_FALSE(refused);
        EXPECT_NE(refused.error().message.find("--null"), std::string::npos);

        // A name that ends in a carriage return would come back without it: refused too, and
        // with --null both names round-trip.
        plan.jobs.pop_back();
        Job cr;
        cr.inputPath = pathFromUtf8("/data/a.jpg\r").native();
        plan.jobs.push_back(std::move(cr));
        const auto crRefused = listText(plan, std::filesystem::path("/data"), false);
        ASSERT_FALSE(crRefused);
        EXPECT_NE(crRefused.error().message.find("carriage return"), std::string::npos);
        const auto both = listText(plan, std::filesystem::path("/data"), true);
        ASSERT_TRUE(both);
        EXPECT_EQ(listed(*both, true),
            (std::vector<std::string> { "/elsewhere/c.jpg", "a.jpg", "a.jpg\r", "b/z.jpg" }));
    }

} // namespace
} // namespace dropsize::cli
