// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The scheduler's GPU worker and its fallbacks, on an emulated device: the CUDA program run by the
// emulated launch, with faults injected. The bytes must be the CPU path's, every job must be
// reported exactly once, and a lost GPU must be said once.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "emulated_launch.h"
#include "gpu/gpu_program.h"
#include "support/gpu_device_checks.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>

namespace fs = std::filesystem;

namespace dropsize::test {

namespace {

    /// A GpuDevice whose "device" is the emulated launch. Like the real one, it copies the input
    /// at submit() and writes the output only at collect().
    class EmulatedGpuDevice final : public GpuDevice {
    public:
        int failSubmitAt = -1; ///< this submit (0-based) fails with a device error
        int failCollectAt = -1;
        int outOfMemoryAt = -1; ///< this submit fails with OutOfMemory
        int throwAt = -1; ///< this submit throws std::bad_alloc
        /// How many submit() and collect() calls it saw; shared, so a test can read them after
        /// the scheduler that owned the device is gone.
        struct Calls {
            int submits = 0;
            int collects = 0;
        };
        std::shared_ptr<Calls> calls = std::make_shared<Calls>();

        std::string name() const override { return "Emulated GPU"; }
        int slotCount() const override { return 2; }

        Status submit(
            int slot, const ResizePlan& plan, ConstImageView decoded, ImageView out) override
        {
            const int n = calls->submits++;
            if (n == failSubmitAt) {
                return Error { ErrorCode::Internal, "GPU: injected launch failure", {} };
            }
            if (n == throwAt) {
                throw std::bad_alloc();
            }
            if (n == outOfMemoryAt) {
                return Error { ErrorCode::OutOfMemory, "GPU: injected out of memory", {} };
            }
            auto program = makeGpuProgram(plan, decoded.channels);
            if (!program) {
                return program.error();
            }
            Slot& s = m_slots[slot];
            EXPECT_FALSE(s.busy) << "slot " << slot << " reused before collect";
            s.busy = true;
            s.program = std::move(program).value();
            s.input.assign(
                static_cast<std::size_t>(decoded.width * decoded.channels * decoded.height), 0);
            for (int y = 0; y < decoded.height; ++y) {
                std::copy_n(decoded.row(y), decoded.width * decoded.channels,
                    s.input.data()
                        + static_cast<std::ptrdiff_t>(y) * decoded.width * decoded.channels);
            }
            s.in = { s.input.data(), decoded.width, decoded.height, decoded.channels,
                static_cast<std::ptrdiff_t>(decoded.width * decoded.channels) };
            s.out = out;
            return {};
        }

        Status collect(int slot) override
        {
            const int n = calls->collects++;
            Slot& s = m_slots[slot];
            EXPECT_TRUE(s.busy) << "collect without submit";
            s.busy = false;
            if (n == failCollectAt) {
                return Error { ErrorCode::Internal, "GPU: injected error while waiting", {} };
            }
            kernels::EmulatedBackend backend;
            const kernels::GpuResult r = kernels::runProgram(backend, s.program, s.in, s.out);
            if (!r) {
                return Error { ErrorCode::Internal, r.message, {} };
            }
            return {};
        }

        Result<std::unique_ptr<GpuPixels>> resizeOnDevice(
            int slot, const ResizePlan& plan, ConstImageView decoded) override
        {
            EXPECT_FALSE(m_slots[slot].busy) << "slot " << slot << " in flight";
            auto program = makeGpuProgram(plan, decoded.channels);
            if (!program) {
                return std::move(program).error();
            }
            auto kept = std::make_unique<EmulatedPixels>(program->out, program->channels);
            kernels::EmulatedBackend backend;
            const kernels::GpuResult r = kernels::runSteps(
                backend, *program, decoded, [&kept](const std::uint8_t* result) {
                    std::copy_n(result, kept->bytes.size(), kept->bytes.data());
                    return kernels::GpuResult {};
                });
            if (!r) {
                return Error { ErrorCode::Internal, r.message, {} };
            }
            return std::unique_ptr<GpuPixels>(std::move(kept));
        }

    private:
        /// "Device" memory of the emulation: host memory.
        struct EmulatedPixels final : GpuPixels {
            EmulatedPixels(Size s, int c)
                : bytes(static_cast<std::size_t>(s.width) * static_cast<std::size_t>(s.height)
                        * static_cast<std::size_t>(c),
                    0xA5)
                , imageSize(s)
                , imageChannels(c)
            {
            }
            std::uint8_t* data() const override { return const_cast<std::uint8_t*>(bytes.data()); }
            int device() const override { return 0; }
            Size size() const override { return imageSize; }
            int channels() const override { return imageChannels; }
            Status copyTo(ImageView out) const override
            {
                const int rowBytes = imageSize.width * imageChannels;
                for (int y = 0; y < imageSize.height; ++y) {
                    std::copy_n(bytes.data() + static_cast<std::ptrdiff_t>(y) * rowBytes, rowBytes,
                        out.row(y));
                }
                return {};
            }
            std::vector<std::uint8_t> bytes;
            Size imageSize;
            int imageChannels;
        };

        struct Slot {
            bool busy = false;
            kernels::ResizeProgram program;
            std::vector<std::uint8_t> input;
            ConstImageView in;
            ImageView out;
        };
        std::map<int, Slot> m_slots;
    };

    class Recorder : public BatchObserver {
    public:
        void onJobFinished(const JobReport& report) override
        {
            std::lock_guard lock(m_mutex);
            reports.push_back(report);
        }
        void onNotice(const Text& message) override
        {
            std::lock_guard lock(m_mutex);
            notices.push_back(message.english());
        }
        std::vector<JobReport> reports;
        std::vector<std::string> notices;

    private:
        std::mutex m_mutex;
    };

    // A folder of photos and PNGs (grey, RGB, RGBA) of assorted sizes.
    void writeInputs(const fs::path& dir)
    {
        fs::create_directories(dir);
        for (int i = 0; i < 8; ++i) {
            writeTestJpeg(dir / ("photo_" + std::to_string(i) + ".jpg"), 200 + 37 * i, 150 + 23 * i,
                i % 3 == 0 ? 1 : 3);
        }
        writeTestPng(dir / "logo.png", 180, 120, 4);
        writeTestPng(dir / "grey.png", 99, 77, 1);
        writeTestPng(dir / "la.png", 64, 64, 2);
        writeTestPng(dir / "rgb.png", 311, 199, 3);
    }

    struct RunResult {
        BatchSummary summary;
        std::vector<JobReport> reports;
        std::vector<std::string> notices;
    };

    RunResult runBatch(const fs::path& in, const fs::path& out, DeviceChoice device,
        std::unique_ptr<GpuDevice> gpu, Filter filter = Filter::Lanczos,
        std::uint64_t memoryBudget = BatchOptions {}.memoryBudget)
    {
        PlanOptions planOptions;
        planOptions.outputFolder = out;
        auto plan = BatchPlanner(planOptions).plan({ in });
        EXPECT_TRUE(plan);
        BatchOptions options;
        options.device = device;
        options.threads = 2;
        options.process.spec.percent = 37.0;
        options.process.spec.filter = filter;
        options.memoryBudget = memoryBudget;
        Recorder recorder;
        BatchScheduler scheduler(options, &recorder, std::move(gpu));
        RunResult r;
        r.summary = scheduler.run(*plan);
        r.reports = recorder.reports;
        r.notices = recorder.notices;
        return r;
    }

    // Every output file under `a` has a twin under `b` with the same bytes.
    void expectSameOutputs(const fs::path& a, const fs::path& b)
    {
        std::size_t files = 0;
        for (const auto& entry : fs::recursive_directory_iterator(a)) {
            if (!entry.is_regular_file() || entry.path().filename() == kOutputMarkerName) {
                continue;
            }
            ++files;
            const fs::path twin = b / fs::relative(entry.path(), a);
            ASSERT_TRUE(fs::exists(twin)) << twin;
            EXPECT_EQ(readFile(entry.path()), readFile(twin)) << "differs: " << twin;
        }
        EXPECT_EQ(files, 12u);
    }

    void expectEachJobOnce(const RunResult& r)
    {
        std::set<std::size_t> ids;
        for (const JobReport& report : r.reports) {
            EXPECT_TRUE(ids.insert(report.id).second) << "job " << report.id << " reported twice";
            EXPECT_EQ(report.status, JobStatus::Ok) << report.input;
        }
        EXPECT_EQ(ids.size(), 12u);
        EXPECT_EQ(r.summary.ok, 12u);
    }

    std::size_t onGpu(const RunResult& r)
    {
        return static_cast<std::size_t>(std::count_if(r.reports.begin(), r.reports.end(),
            [](const JobReport& j) { return j.device == Device::Gpu; }));
    }

} // namespace

TEST(GpuScheduler, AutoSharesTheJobsWithTheCpuAndGivesTheCpuBytes)
{
    TempDir dir;
    writeInputs(dir.path() / "in");
    const RunResult cpu
        = runBatch(dir.path() / "in", dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
    expectEachJobOnce(cpu);
    EXPECT_EQ(onGpu(cpu), 0u);
    EXPECT_TRUE(cpu.summary.gpuName.empty());

    for (const Filter filter : { Filter::Lanczos, Filter::Nearest, Filter::Bicubic }) {
        SCOPED_TRACE(nameOf(filter));
        const fs::path outCpu = dir.path() / (std::string("cpu-") + nameOf(filter));
        const fs::path outGpu = dir.path() / (std::string("gpu-") + nameOf(filter));
        const RunResult reference
            = runBatch(dir.path() / "in", outCpu, DeviceChoice::Cpu, nullptr, filter);
        auto device = std::make_unique<EmulatedGpuDevice>();
        const auto calls = device->calls;
        const RunResult both
            = runBatch(dir.path() / "in", outGpu, DeviceChoice::Auto, std::move(device), filter);
        expectEachJobOnce(both);
        EXPECT_GT(onGpu(both), 0u) << "the GPU worker took no job";
        EXPECT_EQ(both.summary.okOnGpu, onGpu(both));
        EXPECT_EQ(both.summary.gpuName, "Emulated GPU");
        EXPECT_EQ(calls->collects, calls->submits) << "every job sent to the GPU was collected";
        EXPECT_TRUE(both.notices.empty());
        expectSameOutputs(outCpu, outGpu);
        (void)reference;
    }
}

TEST(GpuScheduler, TheGpuChoiceSendsEveryJobToTheGpu)
{
    TempDir dir;
    writeInputs(dir.path() / "in");
    const RunResult cpu
        = runBatch(dir.path() / "in", dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
    const RunResult gpu = runBatch(dir.path() / "in", dir.path() / "gpu", DeviceChoice::Gpu,
        std::make_unique<EmulatedGpuDevice>());
    expectEachJobOnce(gpu);
    EXPECT_EQ(onGpu(gpu), 12u);
    EXPECT_EQ(gpu.summary.okOnGpu, 12u);
    expectSameOutputs(dir.path() / "cpu", dir.path() / "gpu");
}

TEST(GpuScheduler, ADeviceErrorMovesTheRestToTheCpuAndIsSaidOnce)
{
    for (const bool atCollect : { false, true }) {
        SCOPED_TRACE(atCollect ? "error while waiting" : "error at launch");
        TempDir dir;
        writeInputs(dir.path() / "in");
        const RunResult cpu
            = runBatch(dir.path() / "in", dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
        auto device = std::make_unique<EmulatedGpuDevice>();
        (atCollect ? device->failCollectAt : device->failSubmitAt) = 2;
        const RunResult r
            = runBatch(dir.path() / "in", dir.path() / "gpu", DeviceChoice::Gpu, std::move(device));
        expectEachJobOnce(r);
        ASSERT_EQ(r.notices.size(), 1u);
        EXPECT_NE(r.notices[0].find("GPU stopped"), std::string::npos) << r.notices[0];
        EXPECT_NE(r.notices[0].find("injected"), std::string::npos) << r.notices[0];
        EXPECT_LT(onGpu(r), 12u);
        EXPECT_GE(onGpu(r), 2u) << "the jobs before the error stay on the GPU";
        expectSameOutputs(dir.path() / "cpu", dir.path() / "gpu");
    }
}

TEST(GpuScheduler, AnImageTooLargeForTheGpuRunsOnTheCpuAlone)
{
    TempDir dir;
    writeInputs(dir.path() / "in");
    const RunResult cpu
        = runBatch(dir.path() / "in", dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
    auto device = std::make_unique<EmulatedGpuDevice>();
    device->outOfMemoryAt = 1;
    const RunResult r
        = runBatch(dir.path() / "in", dir.path() / "gpu", DeviceChoice::Gpu, std::move(device));
    expectEachJobOnce(r);
    EXPECT_EQ(onGpu(r), 11u);
    EXPECT_TRUE(r.notices.empty()) << r.notices.front();
    expectSameOutputs(dir.path() / "cpu", dir.path() / "gpu");
}

TEST(GpuScheduler, AnExceptionOnTheGpuWorkerFailsThatImageAlone)
{
    TempDir dir;
    writeInputs(dir.path() / "in");
    auto device = std::make_unique<EmulatedGpuDevice>();
    device->throwAt = 3;
    const RunResult r
        = runBatch(dir.path() / "in", dir.path() / "gpu", DeviceChoice::Gpu, std::move(device));
    EXPECT_EQ(r.reports.size(), 12u);
    EXPECT_EQ(r.summary.ok, 11u);
    ASSERT_EQ(r.summary.failed, 1u);
    for (const JobReport& report : r.reports) {
        if (report.status == JobStatus::Failed) {
            ASSERT_TRUE(report.error.has_value());
            EXPECT_NE(report.error->message.find("bad_alloc"), std::string::npos)
                << report.error->message;
            EXPECT_EQ(report.error->path, report.input.string());
        }
    }
    EXPECT_TRUE(r.notices.empty());
}

TEST(GpuScheduler, AMemoryBudgetHeldByItsOwnJobsDoesNotStallTheGpuWorker)
{
    // A budget smaller than any image: each job needs the memory its predecessor in flight
    // holds, so the GPU worker must finish that one before taking the next.
    TempDir dir;
    writeInputs(dir.path() / "in");
    const RunResult cpu
        = runBatch(dir.path() / "in", dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
    const RunResult r = runBatch(dir.path() / "in", dir.path() / "gpu", DeviceChoice::Gpu,
        std::make_unique<EmulatedGpuDevice>(), Filter::Lanczos, 1);
    expectEachJobOnce(r);
    EXPECT_EQ(onGpu(r), 12u);
    expectSameOutputs(dir.path() / "cpu", dir.path() / "gpu");
}

TEST(GpuScheduler, AGpuAskedForButMissingIsSaidOnceAndTheCpuDoesTheWork)
{
    if (probeDevices().gpuUsable) {
        GTEST_SKIP() << "this machine has a usable GPU: the fallback cannot be seen here";
    }
    TempDir dir;
    writeInputs(dir.path() / "in");
    const RunResult r = runBatch(dir.path() / "in", dir.path() / "out", DeviceChoice::Gpu, nullptr);
    expectEachJobOnce(r);
    EXPECT_EQ(onGpu(r), 0u);
    ASSERT_EQ(r.notices.size(), 1u);
    EXPECT_NE(r.notices[0].find("GPU not used"), std::string::npos) << r.notices[0];
    EXPECT_NE(r.notices[0].find(probeDevices().gpuReason.english()), std::string::npos)
        << r.notices[0];
    // Auto on the same machine says nothing: the window and --version already show why.
    const RunResult quiet
        = runBatch(dir.path() / "in", dir.path() / "out2", DeviceChoice::Auto, nullptr);
    EXPECT_TRUE(quiet.notices.empty());
}

TEST(GpuScheduler, SeveralSizesOnTheGpuGiveTheCpuBytes)
{
    TempDir dir;
    writeInputs(dir.path() / "in");
    ResizeSpec base;
    base.filter = Filter::Lanczos;
    auto sizes = parseSizeList("150,60,50%,exact:40x30", base);
    ASSERT_TRUE(sizes.ok());
    auto run = [&](const fs::path& out, DeviceChoice device, std::unique_ptr<GpuDevice> gpu) {
        PlanOptions planOptions;
        planOptions.outputFolder = out;
        planOptions.sizes = *sizes;
        auto plan = BatchPlanner(planOptions).plan({ dir.path() / "in" });
        EXPECT_TRUE(plan);
        BatchOptions options;
        options.device = device;
        options.threads = 2;
        Recorder recorder;
        BatchScheduler scheduler(options, &recorder, std::move(gpu));
        RunResult r;
        r.summary = scheduler.run(*plan);
        r.reports = recorder.reports;
        return r;
    };
    const RunResult cpu = run(dir.path() / "cpu", DeviceChoice::Cpu, nullptr);
    const RunResult gpu
        = run(dir.path() / "gpu", DeviceChoice::Gpu, std::make_unique<EmulatedGpuDevice>());
    EXPECT_EQ(cpu.summary.outputsOk, 48u);
    EXPECT_EQ(gpu.summary.outputsOk, 48u);
    std::size_t outputsOnGpu = 0;
    for (const JobReport& r : gpu.reports) {
        for (const OutputReport& o : r.outputs) {
            outputsOnGpu += o.device == Device::Gpu ? 1 : 0;
            const fs::path twin = dir.path() / "cpu" / fs::relative(o.path, dir.path() / "gpu");
            EXPECT_EQ(readFile(o.path), readFile(twin)) << "differs: " << o.path;
        }
    }
    EXPECT_EQ(outputsOnGpu, 48u);
}

// A result kept on the device (the Python module's on_gpu) is the CPU's bytes: resized or only
// copied (an image that fits), turned by its orientation or not, with and without alpha.
TEST(GpuScheduler, AResultKeptOnTheDeviceIsTheCpusBytes)
{
    EmulatedGpuDevice gpu;
    expectResultsKeptOnTheDeviceAreTheCpus(gpu, 0, 123, 77, { 30.0, 100.0 });
}

} // namespace dropsize::test
