// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/job_pipeline.h"

#include "batch/job_report.h"
#include "convert/byte_budget.h"
#include "convert/inspect_file.h"
#include "dropsize/core/path_text.h"
#include "resize/cpu_resizer.h"

#include <algorithm>
#include <exception>
#include <iterator>
#include <span>
#include <string>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

std::vector<std::vector<std::size_t>> pendingByScale(
    const PreparedJob& prepared, const JobReport& report)
{
    std::vector<std::vector<std::size_t>> groups;
    std::vector<int> scales;
    for (std::size_t i = 0; i < report.outputs.size() && i < prepared.plans.size(); ++i) {
        if (!report.outputs[i].pending) {
            continue;
        }
        const int scale = prepared.plans[i].dctScale;
        const auto at = std::find(scales.begin(), scales.end(), scale);
        if (at == scales.end()) {
            scales.push_back(scale);
            groups.push_back({ i });
        } else {
            groups[static_cast<std::size_t>(at - scales.begin())].push_back(i);
        }
    }
    return groups;
}

namespace {

    Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

} // namespace

namespace {

    // The processor opens each file with the first size's spec: its own inspection (and the
    // memory limit it checks) is then that of a real output; planOutputs() checks them all.
    ProcessOptions firstSize(ProcessOptions options, std::span<const OutputSize> sizes)
    {
        if (!sizes.empty()) {
            options.spec = sizes.front().spec;
        }
        return options;
    }

} // namespace

JobPipeline::JobPipeline(const ProcessOptions& options, std::span<const OutputSize> sizes,
    ExistingPolicy onExisting, const FileIdentitySet& inputs, MemoryBudget& memory,
    const CancelToken& cancel, const OutputSink* sink, bool directWrite)
    : m_processor(firstSize(options, sizes))
    , m_sizes(sizes)
    , m_onExisting(onExisting)
    , m_directWrite(directWrite)
    , m_inputs(inputs)
    , m_memory(memory)
    , m_cancel(cancel)
    , m_sink(sink)
{
}

std::optional<PreparedJob> JobPipeline::inspect(const Job& job, JobReport& report) const
{
    auto header = readFileHeader(job.input(), m_processor);
    if (!header) {
        failReport(report, std::move(header).error());
        return std::nullopt;
    }
    report.inputBytes = header->bytes.fileSize;
    const InspectedImage& inspected = header->image.inspected();
    report.inputSize = { inspected.header.info.width, inspected.header.info.height };
    PreparedJob prepared;
    prepared.bytes = std::move(header->bytes);
    prepared.image = std::move(header->image);
    if (!planOutputs(job, prepared, report)) {
        return std::nullopt;
    }
    return prepared;
}

bool JobPipeline::planOutputs(const Job& job, PreparedJob& prepared, JobReport& report) const
{
    const InspectedImage& inspected = prepared.image.inspected();
    const ImageInfo& info = inspected.header.info;
    const ResizeSpec& first = m_processor.options().spec;
    report.outputSize = inspected.plan.output;
    if (job.outputs.empty()) {
        // A job made outside a planner, with no outputs named: nothing to write.
        failReport(report, Error::of(ErrorCode::Internal, Text::tr("the job has no output")));
        return false;
    }
    prepared.plans.clear();
    std::vector<ResizePlan> pending;
    for (std::size_t i = 0; i < job.outputs.size(); ++i) {
        const JobOutput& out = job.outputs[i];
        const ResizeSpec& spec = out.size < m_sizes.size() ? m_sizes[out.size].spec : first;
        prepared.plans.push_back(makeResizePlan(info, spec));
        OutputReport& o = report.outputs[i];
        o.outputSize = prepared.plans.back().output;
        o.note = fileNote(inspected.header, spec);
        if (!o.pending) {
            continue;
        }
        if ((out.named.width != 0 || out.named.height != 0) && out.named != o.outputSize) {
            failOutput(report, i,
                Error::of(ErrorCode::Io,
                    Text::tr("the image changed after the batch was planned: this size is now %1, "
                             "not the %2 its name says")
                        .arg(std::to_string(o.outputSize.width) + "x"
                            + std::to_string(o.outputSize.height))
                        .arg(std::to_string(out.named.width) + "x"
                            + std::to_string(out.named.height)),
                    utf8(o.path)));
            continue;
        }
        pending.push_back(prepared.plans.back());
    }
    // Each output says why its size was kept in its own note; with several, the job's note
    // is what the header says (finishReport() takes the one output's).
    report.note = inspected.header.warning;
    prepared.memoryEstimate = std::max(
        prepared.image.memoryFor(pending), pending.size() == 1 ? inspected.memoryEstimate : 0);
    const std::uint64_t limit = m_processor.options().limits.maxMemoryBytes;
    if (prepared.memoryEstimate > limit) {
        failReport(report,
            Error::of(ErrorCode::LimitExceeded,
                Text::tr("needs about %1 MiB for its %2 sizes, over the memory limit of %3 MiB")
                    .arg(prepared.memoryEstimate >> 20)
                    .arg(pending.size())
                    .arg(limit >> 20)));
        finishReport(report);
        return false;
    }
    if (pending.empty()) {
        finishReport(report);
        return false;
    }
    return true;
}

// The estimate counts the whole file: it is taken before the file is read.
bool JobPipeline::takeMemory(PreparedJob& prepared, JobReport& report) const
{
    auto lease = m_memory.acquire(prepared.memoryEstimate, m_cancel);
    if (!lease) {
        failReport(report, cancelled());
        return false;
    }
    prepared.memory = std::move(lease).value();
    return true;
}

bool JobPipeline::tryTakeMemory(PreparedJob& prepared) const
{
    auto lease = m_memory.tryAcquire(prepared.memoryEstimate);
    if (!lease) {
        return false;
    }
    prepared.memory = std::move(lease).value();
    return true;
}

bool JobPipeline::load(const Job& job, PreparedJob& prepared, JobReport& report) const
{
    if (prepared.bytes.size == prepared.bytes.fileSize) {
        return true;
    }
    if (auto read = readMore(job.input(), prepared.bytes, prepared.image,
            m_processor.options().limits.maxMemoryBytes);
        !read) {
        failReport(report, std::move(read).error());
        return false;
    }
    // A PNG's EXIF, and so its orientation, may come after the image data, past the first bytes:
    // the outputs are planned again from the whole header.
    return planOutputs(job, prepared, report);
}

Result<Image> JobPipeline::decode(PreparedJob& prepared, std::size_t output) const
{
    return prepared.image.decode(prepared.plans[output], &m_cancel);
}

bool JobPipeline::keepsInputBytes(const Job& job) const noexcept
{
    // The original is written instead of a larger output only in its own format.
    return m_processor.options().ifBigger == IfBigger::Copy && job.outputFormat == job.format;
}

void JobPipeline::makeOutputs(const Job& job, PreparedJob& prepared, JobReport& report) const
{
    const int channels = prepared.image.inspected().header.info.channels;
    const auto groups = pendingByScale(prepared, report);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (m_cancel.stopRequested()) {
            break; // the outputs left end cancelled: none of them was begun
        }
        const std::vector<std::size_t>& group = groups[g];
        const bool lastDecode = g + 1 == groups.size();
        if (group.size() == 1) {
            auto pixels = prepared.image.render(prepared.plans[group.front()], &m_cancel);
            if (lastDecode && !keepsInputBytes(job)) {
                prepared.bytes.data.reset(); // the file's memory goes before encoding
            }
            if (!pixels) {
                failOutput(report, group.front(), std::move(pixels).error());
            } else {
                complete(job, prepared, group.front(), std::move(pixels).value(), report);
            }
            continue;
        }
        auto decoded = decode(prepared, group.front());
        if (lastDecode && !keepsInputBytes(job)) {
            prepared.bytes.data.reset();
        }
        if (!decoded) {
            for (const std::size_t i : group) {
                failOutput(report, i, decoded.error());
            }
            continue;
        }
        // The outputs that read the pixels as decoded go first; then they are premultiplied
        // once, in place, for those that resample them with alpha.
        std::vector<std::size_t> order = group;
        std::stable_partition(order.begin(), order.end(), [&](std::size_t i) {
            return !CpuResizer::needsPremultiplied(prepared.plans[i], channels);
        });
        const CpuResizer resizer(m_processor.options().threadsPerImage);
        bool premultiplied = false;
        for (const std::size_t i : order) {
            if (m_cancel.stopRequested()) {
                break;
            }
            if (!premultiplied && CpuResizer::needsPremultiplied(prepared.plans[i], channels)) {
                CpuResizer::premultiply(decoded->view());
                premultiplied = true;
            }
            auto pixels = resizer.resizeShared(
                std::as_const(*decoded).view(), premultiplied, prepared.plans[i], &m_cancel);
            if (!pixels) {
                failOutput(report, i, std::move(pixels).error());
            } else {
                complete(job, prepared, i, std::move(pixels).value(), report);
            }
        }
    }
    prepared.bytes.data.reset();
    finishReport(report);
}

namespace {

    // The larger-than-input rule's reason: "the output would be 120 KB, larger than the
    // input's 100 KB".
    Text biggerReason(std::uint64_t output, std::uint64_t input)
    {
        const auto [out, in] = byteSizeTexts(output, input);
        return Text::tr("the output would be %1, larger than the input's %2").arg(out).arg(in);
    }

} // namespace

void JobPipeline::complete(const Job& job, PreparedJob& prepared, std::size_t output, Image pixels,
    JobReport& report) const
{
    writeOutput(job.outputs[output].output(), job.outputFormat, prepared, std::move(pixels), report,
        output);
    const auto now = std::chrono::steady_clock::now();
    report.outputs[output].seconds = std::chrono::duration<double>(now - prepared.lastDone).count();
    prepared.lastDone = now;
}

void JobPipeline::writeOutput(const fs::path& target, ImageFormat format, PreparedJob& prepared,
    Image pixels, JobReport& report, std::size_t output) const
{
    auto encoded = encodeOutput(format, prepared, std::move(pixels), report, output);
    if (!encoded) {
        return;
    }
    const auto bytes = bytesToWrite(format, prepared, *encoded, report, output);
    if (!bytes) {
        return;
    }
    if (encoded->tooLarge) {
        failOutput(report, output, std::move(*encoded->tooLarge));
        return;
    }
    storeOutput(target, *bytes, prepared, report, output);
}

std::optional<JobPipeline::EncodedOutput> JobPipeline::encodeOutput(ImageFormat format,
    const PreparedJob& prepared, Image pixels, JobReport& report, std::size_t output) const
{
    OutputReport& o = report.outputs[output];
    const ProcessOptions& options = m_processor.options();
    const Metadata& metadata = prepared.image.inspected().header.metadata;
    EncodedOutput e;
    if (options.maxBytes != 0 && takesByteBudget(format, options.encode)) {
        auto searched = encodeWithin(
            [&](const EncodeOptions& encode) {
                return m_processor.encode(pixels.view(), format, metadata, encode, &m_cancel);
            },
            options.encode, format, options.maxBytes, &m_cancel);
        if (!searched) {
            failOutput(report, output, std::move(searched).error());
            return std::nullopt;
        }
        if (searched->fits()) {
            o.quality = searched->quality;
            e.bytes = std::move(searched->bytes);
            e.size = e.bytes.size();
        } else {
            const auto [smallest, asked] = byteSizeTexts(searched->smallestBytes, options.maxBytes);
            e.tooLarge = Error::of(ErrorCode::LimitExceeded,
                Text::tr("even quality %1 gives %2, over the %3 asked for")
                    .arg(searched->lowestTried)
                    .arg(smallest)
                    .arg(asked));
            e.size = searched->smallestBytes;
        }
    } else {
        auto plain = m_processor.encode(pixels.view(), format, metadata, &m_cancel);
        if (!plain) {
            failOutput(report, output, std::move(plain).error());
            return std::nullopt;
        }
        e.bytes = std::move(plain).value();
        e.size = e.bytes.size();
    }
    pixels = Image();
    if (m_cancel.stopRequested()) {
        failOutput(report, output, cancelled());
        return std::nullopt;
    }
    return e;
}

std::optional<std::span<const std::uint8_t>> JobPipeline::bytesToWrite(ImageFormat format,
    const PreparedJob& prepared, EncodedOutput& encoded, JobReport& report,
    std::size_t output) const
{
    OutputReport& o = report.outputs[output];
    const ProcessOptions& options = m_processor.options();
    const std::uint64_t inputBytes = prepared.bytes.fileSize;
    const std::uint64_t encodedBytes = encoded.size;
    // Larger than the input, in the input's format: skipped, or the input copied. A byte
    // budget that nothing meets counts as larger when the input itself is within it (every
    // quality tried was over it, so over the input too): copying the input then meets both.
    const bool sameFormat = format == prepared.image.inspected().header.format;
    const bool larger = sameFormat && encodedBytes > inputBytes
        && (!encoded.tooLarge || inputBytes <= options.maxBytes);
    if (larger && options.ifBigger == IfBigger::Skip) {
        o.pending = false;
        o.status = JobStatus::Skipped;
        o.ifBigger = IfBigger::Skip;
        o.error = Error::of(
            ErrorCode::LimitExceeded, biggerReason(encodedBytes, inputBytes), utf8(report.input));
        return std::nullopt;
    }
    if (!larger || options.ifBigger != IfBigger::Copy) {
        return std::span<const std::uint8_t>(encoded.bytes);
    }
    if (options.stripMetadata && !encoded.tooLarge) {
        // The input's bytes hold the metadata that was asked to be dropped: the resized
        // output is written instead, larger as it is.
        addNote(o.note,
            Text::tr("%1; written all the same, as a copy of the input would keep the "
                     "metadata that is to be stripped")
                .arg(biggerReason(encodedBytes, inputBytes)));
    } else if (options.stripMetadata) {
        // Nothing fits the byte budget, and the input may not be copied: it fails.
    } else if (prepared.bytes.data && prepared.bytes.size == inputBytes) {
        o.ifBigger = IfBigger::Copy;
        o.outputSize = report.inputSize;
        encoded.tooLarge.reset();
        addNote(o.note,
            Text::tr("the input copied unchanged: %1").arg(biggerReason(encodedBytes, inputBytes)));
        return prepared.bytes.span();
    } else {
        failOutput(
            report, output, Error::of(ErrorCode::Internal, Text::tr("the input's bytes are gone")));
        return std::nullopt;
    }
    return std::span<const std::uint8_t>(encoded.bytes);
}

void JobPipeline::storeOutput(const fs::path& target, std::span<const std::uint8_t> bytes,
    const PreparedJob& prepared, JobReport& report, std::size_t output) const
{
    OutputReport& o = report.outputs[output];
    if (m_sink != nullptr) {
        (*m_sink)(output, bytes);
        o.pending = false;
        o.status = JobStatus::Ok;
        o.error.reset();
        o.bytes = bytes.size();
        return;
    }
    const AtomicFileWriter writer(&m_inputs);
    WriteOptions write;
    write.policy = m_onExisting;
    write.permissions = prepared.bytes.permissions;
    write.direct = m_directWrite;
    if (m_processor.options().keepDates) {
        write.modified = prepared.bytes.modified;
    }
    auto written = writer.write(target, bytes, write);
    if (!written) {
        if (written.error().code == ErrorCode::Exists && m_onExisting == ExistingPolicy::Skip) {
            o.pending = false;
            o.status = JobStatus::Skipped;
            o.error = std::move(written).error();
            return;
        }
        failOutput(report, output, std::move(written).error());
        return;
    }
    o.pending = false;
    o.status = JobStatus::Ok;
    o.error.reset();
    o.path = std::move(written->path);
    o.bytes = bytes.size();
    if (!written->dateProblem.empty()) {
        o.warning = Text::tr("the input's date could not be kept: %1").arg(written->dateProblem);
    }
}

namespace {

    // A job that ended by an exception (memory, say): whatever it had reported is replaced. When
    // even this report cannot be made, the job is still reported failed, by its id alone.
    // `what` is the exception's own words; null for one that has none.
    JobReport exceptionReport(const Job& job, const char* what) noexcept
    {
        try {
            JobReport report = startReport(job);
            failReport(report,
                Error::of(ErrorCode::Internal,
                    what != nullptr ? Text::verbatim(what) : Text::tr("unexpected error"),
                    utf8(job.input())));
            finishReport(report);
            return report;
        } catch (...) {
            JobReport report;
            report.id = job.id;
            report.shardHash = job.shardHash;
            report.status = JobStatus::Failed;
            return report;
        }
    }

} // namespace

JobReport JobPipeline::run(const Job& job) const
{
    // One bad image never stops the batch, and an exception never leaves a worker thread.
    try {
        JobReport report = startReport(job, m_sizes);
        if (!job.runs()) {
            return report;
        }
        auto prepared = inspect(job, report);
        if (!prepared || !takeMemory(*prepared, report) || !load(job, *prepared, report)) {
            finishReport(report);
            return report;
        }
        makeOutputs(job, *prepared, report);
        return report;
    } catch (const std::exception& e) {
        return exceptionReport(job, e.what());
    } catch (...) {
        return exceptionReport(job, nullptr);
    }
}

} // namespace dropsize
