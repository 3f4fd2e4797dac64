// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_observer.h"
#include "dropsize/core/option_names.h"

#include <gtest/gtest.h>
#include <set>
#include <string>

namespace dropsize {
namespace {

    template <class E> class OptionNames : public ::testing::Test {
    };
    using NamedEnums = ::testing::Types<SizeMode, Filter, OutputFormat, ChromaSubsampling,
        ExistingPolicy, DeviceChoice, JobStatus, ErrorCode>;
    TYPED_TEST_SUITE(OptionNames, NamedEnums);

    TYPED_TEST(OptionNames, EveryValueRoundTripsThroughItsName)
    {
        using E = TypeParam;
        const auto names = namesOf<E>();
        ASSERT_FALSE(names.empty());
        std::set<std::string> seen;
        for (std::size_t i = 0; i < names.size(); ++i) {
            // The table lists the values in the enum's order, each once, with no gap.
            const E value = static_cast<E>(i);
            EXPECT_EQ(names[i].value, value) << "row " << i;
            const std::string name = nameOf(value);
            SCOPED_TRACE(name);
            EXPECT_FALSE(name.empty());
            EXPECT_NE(name, "unknown");
            EXPECT_TRUE(seen.insert(name).second) << "two values share a name";
            EXPECT_EQ(parseName<E>(name), value);
        }
    }

    TYPED_TEST(OptionNames, UnknownNamesFail)
    {
        using E = TypeParam;
        EXPECT_FALSE(parseName<E>(""));
        EXPECT_FALSE(parseName<E>("unknown"));
        EXPECT_FALSE(parseName<E>("sinc"));
        for (const EnumName<E>& n : namesOf<E>()) {
            const std::string name = n.name;
            SCOPED_TRACE(name);
            EXPECT_FALSE(parseName<E>(name + " ")) << "no trailing space";
            EXPECT_FALSE(parseName<E>(" " + name)) << "no leading space";
            EXPECT_FALSE(parseName<E>(name.substr(0, name.size() - 1))) << "no prefix";
            std::string upper = name;
            for (char& c : upper) {
                c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
            }
            if (upper != name) {
                EXPECT_FALSE(parseName<E>(upper)) << "names are matched case and all";
            }
        }
    }

    TYPED_TEST(OptionNames, AValueWithoutANameIsCalledUnknown)
    {
        using E = TypeParam;
        EXPECT_STREQ(nameOf(static_cast<E>(namesOf<E>().size())), "unknown");
        EXPECT_STREQ(nameOf(static_cast<E>(-1)), "unknown");
    }

    // The output formats of this build, in the enum's order.
    std::string outputFormatNames()
    {
        std::string names = "keep, jpeg, png";
#if DROPSIZE_WITH_WEBP
        names += ", webp";
#endif
#if DROPSIZE_WITH_HEIF
        names += ", avif";
#endif
        return names;
    }

    // The settings file, the command line and JSON readers depend on these exact spellings.
    TEST(OptionNames, KeepTheSpellingsThatFilesAndScriptsUse)
    {
        EXPECT_EQ(nameList<SizeMode>(", "), "percent, fit, long-edge, exact, short-edge, fill");
        EXPECT_EQ(nameList<Filter>(", "), "nearest, box, bilinear, hamming, bicubic, lanczos");
        EXPECT_EQ(nameList<OutputFormat>(", "), outputFormatNames());
#if !DROPSIZE_WITH_WEBP
        EXPECT_FALSE(parseName<OutputFormat>("webp")) << "a build without WebP does not offer it";
#endif
        EXPECT_EQ(nameList<ChromaSubsampling>(", "), "444, 422, 420");
        EXPECT_EQ(nameList<ExistingPolicy>(", "), "skip, overwrite, rename");
        EXPECT_EQ(nameList<DeviceChoice>(", "), "auto, cpu, gpu");
        EXPECT_EQ(nameList<JobStatus>(", "), "ok, skipped, failed, cancelled");
        EXPECT_EQ(nameList<ErrorCode>(", "),
            "invalid-argument, not-found, io, no-space, unsupported-format, corrupt-data, "
            "limit-exceeded, out-of-memory, cancelled, exists, internal");
    }

    TEST(OptionNames, ReadAnAliasButWriteTheName)
    {
        EXPECT_EQ(parseName<OutputFormat>("jpg"), OutputFormat::Jpeg);
        EXPECT_STREQ(nameOf(OutputFormat::Jpeg), "jpeg");
        std::string listed = outputFormatNames();
        listed.replace(listed.rfind(", "), 2, " or ");
        EXPECT_EQ(nameList<OutputFormat>(), listed) << "aliases are not listed";
        EXPECT_FALSE(parseName<Filter>("jpg")) << "an alias belongs to its own enum";
    }

    TEST(OptionNames, ListNamesForPeople)
    {
        EXPECT_EQ(nameList<DeviceChoice>(), "auto, cpu or gpu");
        EXPECT_EQ(nameList<ExistingPolicy>(" and "), "skip, overwrite and rename");
    }

    TEST(OptionNames, TheNamedFunctionsReadTheTables)
    {
        for (const auto& n : namesOf<Filter>()) {
            EXPECT_STREQ(nameOf(n.value), n.name);
            EXPECT_EQ(parseName<Filter>(n.name), n.value);
        }
        EXPECT_FALSE(parseName<Filter>("Lanczos"));
        for (const auto& n : namesOf<DeviceChoice>()) {
            EXPECT_STREQ(nameOf(n.value), n.name);
            EXPECT_EQ(parseName<DeviceChoice>(n.name), n.value);
        }
        EXPECT_FALSE(parseName<DeviceChoice>("tpu"));
        for (const auto& n : namesOf<ErrorCode>()) {
            EXPECT_STREQ(nameOf(n.value), n.name);
        }
        for (const auto& n : namesOf<JobStatus>()) {
            EXPECT_STREQ(nameOf(n.value), n.name);
        }
        for (const auto& n : namesOf<Device>()) {
            EXPECT_STREQ(nameOf(n.value), n.name);
        }
        EXPECT_STREQ(nameOf(Device::Gpu), "gpu"); // what the JSON and the log have always said
    }

    TEST(OptionNames, WorkAtCompileTime)
    {
        static_assert(parseName<Filter>("lanczos") == Filter::Lanczos);
        static_assert(std::string_view(nameOf(ChromaSubsampling::S420)) == "420");
        static_assert(!parseName<SizeMode>("percentage"));
        SUCCEED();
    }

} // namespace
} // namespace dropsize
