// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The preview against the batch: for every input and every setting below, the bytes makePreview()
// gives are the bytes BatchScheduler writes, and the preview itself writes nothing.
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/preview.h"
#include "dropsize/core/size_list.h"
#include "support/test_support.h"

#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <mutex>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    struct Recorder : BatchObserver {
        std::mutex mutex;
        std::map<fs::path, JobReport> finished;
        void onJobFinished(const JobReport& r) override
        {
            std::lock_guard lock(mutex);
            finished[r.input] = r;
        }
    };

    fs::path fixtureDir(const std::string& folder) { return test::goldenPath("fixtures") / folder; }

    // Real photos with EXIF orientations, a PNG with alpha, a CMYK JPEG, a WebP, and made
    // images, in one folder: the inputs of every case.
    std::vector<fs::path> makeInputs(const fs::path& dir, const fs::path& testdata)
    {
        fs::create_directories(dir);
        const std::vector<fs::path> copied
            = { testdata / "exif-orientation" / "Landscape_6.jpg",
                  testdata / "exif-orientation" / "Portrait_3.jpg",
                  testdata / "libjpeg-turbo" / "testorig.jpg",
                  testdata / "pngsuite" / "basn6a08.png",
                  fixtureDir("cmyk") / "adobe-icc.jpg",
#if DROPSIZE_WITH_WEBP
                  fixtureDir("webp") / "lossy-alpha.webp",
                  fixtureDir("webp") / "orientation-6.webp",
#endif
              };
        std::vector<fs::path> inputs;
        for (const fs::path& from : copied) {
            if (fs::exists(from)) {
                fs::copy_file(from, dir / from.filename());
                inputs.push_back(dir / from.filename());
            }
        }
        test::writeTestPng(dir / "made_rgba.png", 301, 173, 4);
        inputs.push_back(dir / "made_rgba.png");
        test::writeTestJpeg(dir / "made_grey.jpg", 257, 311, 1);
        inputs.push_back(dir / "made_grey.jpg");
        return inputs;
    }

    // One setting of the window or the command line, applied to both the planner's and the
    // run's options (the planner reads headers with the run's).
    struct Case {
        std::string name;
        std::function<void(PlanOptions&, ProcessOptions&)> apply;
    };

    std::vector<OutputSize> sizes(const std::string& list)
    {
        auto parsed = parseSizeList(list, ResizeSpec {});
        EXPECT_TRUE(parsed.ok()) << list;
        return parsed ? std::move(parsed).value() : std::vector<OutputSize> {};
    }

    std::vector<Case> cases()
    {
        std::vector<Case> all = {
            { "percent", [](PlanOptions&, ProcessOptions&) {} },
            { "long-edge-lanczos",
                [](PlanOptions&, ProcessOptions& p) {
                    p.spec.mode = SizeMode::LongEdge;
                    p.spec.longEdge = 300;
                    p.spec.filter = Filter::Lanczos;
                } },
            { "fill",
                [](PlanOptions&, ProcessOptions& p) {
                    p.spec.mode = SizeMode::Fill;
                    p.spec.width = 200;
                    p.spec.height = 120;
                } },
            { "sizes",
                [](PlanOptions& plan, ProcessOptions& p) {
                    plan.sizes = sizes("400,150,25%");
                    p.spec = plan.sizes.front().spec;
                } },
            { "png", [](PlanOptions& plan, ProcessOptions&) { plan.format = OutputFormat::Png; } },
            { "max-bytes",
                [](PlanOptions&, ProcessOptions& p) {
                    p.spec.percent = 80;
                    p.maxBytes = 12000;
                } },
            // A high quality at nearly the input's size is larger than most inputs.
            { "if-bigger-skip",
                [](PlanOptions&, ProcessOptions& p) {
                    p.spec.percent = 99;
                    p.encode.jpegQuality = 100;
                    p.ifBigger = IfBigger::Skip;
                } },
            { "if-bigger-copy",
                [](PlanOptions&, ProcessOptions& p) {
                    p.spec.percent = 99;
                    p.encode.jpegQuality = 100;
                    p.ifBigger = IfBigger::Copy;
                } },
            { "strip-metadata",
                [](PlanOptions&, ProcessOptions& p) {
                    p.stripMetadata = true;
                    p.spec.percent = 30;
                } },
        };
#if DROPSIZE_WITH_WEBP
        all.push_back({ "webp",
            [](PlanOptions& plan, ProcessOptions&) { plan.format = OutputFormat::Webp; } });
#endif
        return all;
    }

} // namespace

TEST(Preview, GivesTheBytesTheBatchWritesAndWritesNothing)
{
    DROPSIZE_REQUIRE_TESTDATA(testdata);
    test::TempDir tmp;
    const fs::path inputFolder = tmp.path() / "in";
    const std::vector<fs::path> inputs = makeInputs(inputFolder, testdata);
    ASSERT_GE(inputs.size(), 7u);
    std::size_t compared = 0;
    std::size_t skippedAsLarger = 0;
    std::size_t copiedAsSmaller = 0;
    for (const Case& c : cases()) {
        SCOPED_TRACE(c.name);
        const fs::path out = tmp.path() / ("out-" + c.name);
        PlanOptions plan;
        plan.outputFolder = out;
        BatchOptions batch;
        batch.device = DeviceChoice::Cpu;
        c.apply(plan, batch.process);
        plan.process = batch.process;

        std::map<fs::path, Preview> previews;
        for (const fs::path& input : inputs) {
            auto preview = makePreview(input, plan, batch);
            ASSERT_TRUE(preview.ok()) << input << ": " << preview.error().message;
            previews.emplace(input, std::move(preview).value());
        }
        EXPECT_FALSE(fs::exists(out)) << "the preview wrote to the output folder";

        auto planned = BatchPlanner(plan).plan({ inputFolder });
        ASSERT_TRUE(planned.ok()) << planned.error().message;
        Recorder recorder;
        (void)BatchScheduler(batch, &recorder).run(*planned);
        ASSERT_EQ(recorder.finished.size(), inputs.size());

        for (const fs::path& input : inputs) {
            SCOPED_TRACE(input.filename().string());
            const JobReport& ran = recorder.finished.at(input);
            const Preview& preview = previews.at(input);
            EXPECT_EQ(preview.report.status, ran.status);
            EXPECT_EQ(preview.report.inputSize, ran.inputSize);
            ASSERT_EQ(preview.report.outputs.size(), ran.outputs.size());
            ASSERT_EQ(preview.encoded.size(), ran.outputs.size());
            for (std::size_t i = 0; i < ran.outputs.size(); ++i) {
                SCOPED_TRACE(ran.outputs[i].label);
                const OutputReport& want = ran.outputs[i];
                const OutputReport& got = preview.report.outputs[i];
                EXPECT_EQ(got.status, want.status);
                EXPECT_EQ(got.outputSize, want.outputSize);
                EXPECT_EQ(got.note, want.note);
                EXPECT_EQ(got.quality, want.quality);
                EXPECT_EQ(got.ifBigger, want.ifBigger);
                EXPECT_EQ(got.error.has_value(), want.error.has_value());
                if (want.status == JobStatus::Ok) {
                    EXPECT_EQ(got.bytes, want.bytes);
                    EXPECT_TRUE(preview.encoded[i] == test::readFile(want.path))
                        << "the preview's bytes differ from " << want.path;
                    ++compared;
                    copiedAsSmaller += want.ifBigger == IfBigger::Copy ? 1 : 0;
                } else {
                    EXPECT_TRUE(preview.encoded[i].empty());
                    skippedAsLarger += want.ifBigger == IfBigger::Skip ? 1 : 0;
                }
            }
        }
    }
    EXPECT_GT(compared, 60u);
    // The cases above reach the larger-than-input rule both ways.
    EXPECT_GT(skippedAsLarger, 0u);
    EXPECT_GT(copiedAsSmaller, 0u);
}

TEST(Preview, MakesAnOutputWhoseFileIsThereAndSaysTheBatchSkipsIt)
{
    test::TempDir tmp;
    const fs::path input = tmp.path() / "photo.jpg";
    test::writeTestJpeg(input, 120, 90);
    PlanOptions plan;
    plan.outputFolder = tmp.path() / "out";
    BatchOptions batch;
    batch.device = DeviceChoice::Cpu;
    plan.process = batch.process;
    auto planned = BatchPlanner(plan).plan({ input });
    ASSERT_TRUE(planned.ok());
    ASSERT_EQ(BatchScheduler(batch).run(*planned).ok, 1u);

    auto preview = makePreview(input, plan, batch);
    ASSERT_TRUE(preview.ok()) << preview.error().message;
    ASSERT_EQ(preview->exists.size(), 1u);
    EXPECT_TRUE(preview->exists.front());
    EXPECT_EQ(preview->report.outputs.front().status, JobStatus::Ok);
    EXPECT_TRUE(preview->encoded.front() == test::readFile(planned->jobs.front().output()));
}

TEST(Preview, MakesOnlyTheOutputAskedFor)
{
    test::TempDir tmp;
    const fs::path input = tmp.path() / "photo.png";
    test::writeTestPng(input, 200, 100, 4);
    PlanOptions plan;
    plan.outputFolder = tmp.path() / "out";
    plan.sizes = sizes("100,50");
    BatchOptions batch;
    batch.process.spec = plan.sizes.front().spec;
    plan.process = batch.process;
    auto preview = makePreview(input, plan, batch, nullptr, 1);
    ASSERT_TRUE(preview.ok()) << preview.error().message;
    ASSERT_EQ(preview->encoded.size(), 2u);
    EXPECT_TRUE(preview->encoded[0].empty());
    EXPECT_FALSE(preview->encoded[1].empty());
    EXPECT_EQ(preview->report.outputs[1].outputSize, (Size { 50, 25 }));
}

TEST(Preview, FailsForACorruptFileWithTheBatchsReason)
{
    test::TempDir tmp;
    const fs::path input = tmp.path() / "broken.jpg";
    std::vector<std::uint8_t> bytes = test::readFile([&] {
        test::writeTestJpeg(tmp.path() / "whole.jpg", 64, 64);
        return tmp.path() / "whole.jpg";
    }());
    bytes.resize(bytes.size() / 3);
    test::writeFile(input, bytes);
    PlanOptions plan;
    plan.outputFolder = tmp.path() / "out";
    const BatchOptions batch;
    auto preview = makePreview(input, plan, batch);
    // A file the planner takes but that cannot be decoded fails in its report, as in a batch;
    // one the planner refuses fails the call.
    if (preview.ok()) {
        EXPECT_EQ(preview->report.status, JobStatus::Failed);
        EXPECT_TRUE(preview->report.error.has_value());
        EXPECT_TRUE(preview->encoded.front().empty());
    } else {
        EXPECT_NE(preview.error().code, ErrorCode::Cancelled);
    }
    EXPECT_FALSE(fs::exists(plan.outputFolder.value()));

    const fs::path text = tmp.path() / "notes.txt";
    test::writeFile(text, { 'h', 'i' });
    auto refused = makePreview(text, plan, batch);
    ASSERT_FALSE(refused.ok());
    EXPECT_FALSE(refused.error().message.empty());
}

TEST(Preview, StopsWhenCancelled)
{
    test::TempDir tmp;
    const fs::path input = tmp.path() / "photo.jpg";
    test::writeTestJpeg(input, 640, 480);
    PlanOptions plan;
    plan.outputFolder = tmp.path() / "out";
    CancelToken cancel;
    cancel.requestStop();
    auto preview = makePreview(input, plan, BatchOptions {}, &cancel);
    ASSERT_FALSE(preview.ok());
    EXPECT_EQ(preview.error().code, ErrorCode::Cancelled);
}

TEST(Preview, DecodesForTheScreenInDisplayOrientation)
{
    DROPSIZE_REQUIRE_TESTDATA(testdata);
    // Landscape_6 is stored 1200x1800 and displayed 1800x1200.
    const auto file = test::readFile(testdata / "exif-orientation" / "Landscape_6.jpg");
    for (const bool shrink : { true, false }) {
        SCOPED_TRACE(shrink);
        auto small = decodeForView(file, 450, 450, {}, nullptr, shrink);
        ASSERT_TRUE(small.ok()) << small.error().message;
        EXPECT_EQ(small->width(), 450);
        EXPECT_EQ(small->height(), 300);
    }
    auto full = decodeForView(file, 0, 0);
    ASSERT_TRUE(full.ok()) << full.error().message;
    EXPECT_EQ(full->width(), 1800);
    EXPECT_EQ(full->height(), 1200);
    // Never enlarged.
    auto whole = decodeForView(file, 4000, 4000);
    ASSERT_TRUE(whole.ok());
    EXPECT_EQ(whole->width(), 1800);
}

} // namespace dropsize
