// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "job_pipeline.h"

#include "dropsize/core/path_text.h"
#include "target_size.h"

#include <algorithm>
#include <exception>
#include <iterator>
#include <span>
#include <string>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

JobReport startReport(const Job& job)
{
    JobReport report;
    report.id = job.id;
    report.input = job.input();
    report.inputBytes = job.inputBytes;
    report.device = Device::Cpu;
    if (job.action == JobAction::Skip) {
        report.status = JobStatus::Skipped;
        report.output = job.output(); // the file that is there already
        report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
    } else if (job.action == JobAction::Fail) {
        report.status = JobStatus::Failed;
        report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
    }
    if (report.error && report.error->path.empty()) {
        report.error->path = job.action == JobAction::Skip ? utf8(job.output()) : utf8(job.input());
    }
    return report;
}

void failReport(JobReport& report, Error error)
{
    report.status = error.code == ErrorCode::Cancelled ? JobStatus::Cancelled : JobStatus::Failed;
    if (error.path.empty()) {
        error.path = utf8(report.input);
    }
    report.error = std::move(error);
}

namespace {

    using platform::FileBytes;

    // The header is read from the first bytes, and only then is the whole file read, once its
    // memory is taken. A header past the first 256 KiB (big EXIF or ICC segments) is read on
    // from the first 16 MiB; one larger than that is refused, whatever the file's size. The
    // decoder opened on the first bytes goes on with the longer ones, and then with the whole
    // file: each header is parsed once.
    constexpr std::size_t kHeaderPrefixes[] = { 256u << 10, 16u << 20 };

    struct Header {
        FileBytes bytes; // the first bytes, or the whole file when it is small
        OpenedImage image; // opened on `bytes`
    };

    // Reads more of the file `image` was opened on (`bytes`, replaced) and gives it on.
    Status readOn(const fs::path& input, FileBytes& bytes, OpenedImage& image, std::uint64_t limit,
        std::size_t maxRead = static_cast<std::size_t>(-1))
    {
        auto more = platform::readRegularFile(input, limit, maxRead);
        if (!more) {
            return std::move(more).error();
        }
        // The decoder goes on from what it built on the first bytes: they must be the same
        // bytes in this read, or the file was rewritten in between.
        const auto before = bytes.span();
        const auto now = more->span();
        if (more->fileSize != bytes.fileSize || more->identity != bytes.identity
            || now.size() < before.size()
            || !std::equal(before.begin(), before.end(), now.begin())) {
            return Error { ErrorCode::Io, "the file changed while it was being read", utf8(input) };
        }
        if (auto extended = image.extend(more->span()); !extended) {
            return extended;
        }
        bytes = std::move(more).value(); // the decoder reads these now
        return {};
    }

    Result<Header> readHeader(const fs::path& input, const ImageProcessor& processor)
    {
        const std::uint64_t limit = processor.options().limits.maxMemoryBytes;
        auto head = platform::readRegularFile(input, limit, kHeaderPrefixes[0]);
        if (!head) {
            return std::move(head).error();
        }
        auto image = processor.open(head->span(), head->fileSize);
        if (!image) {
            return std::move(image).error();
        }
        Header header { std::move(head).value(), std::move(image).value() };
        for (const std::size_t prefix : std::span(kHeaderPrefixes).subspan(1)) {
            if (header.image.hasHeader() || header.bytes.size == header.bytes.fileSize) {
                break;
            }
            if (auto read = readOn(input, header.bytes, header.image, limit, prefix); !read) {
                return std::move(read).error();
            }
        }
        if (auto finished = header.image.finishHeader(); !finished) {
            return std::move(finished).error();
        }
        return header;
    }

    Error cancelled() { return Error { ErrorCode::Cancelled, "cancelled", {} }; }

    // What a job's report and preview say about its result: why its size was kept or only
    // cropped, and what its decoder did otherwise than the file asked.
    std::string jobNote(const ImageHeader& header, const ResizeSpec& spec)
    {
        std::string note = sizeNote(header.info, spec);
        if (!header.warning.empty()) {
            note += (note.empty() ? "" : "; ") + header.warning;
        }
        return note;
    }

} // namespace

JobPipeline::JobPipeline(const ProcessOptions& options, ExistingPolicy onExisting,
    const FileIdentitySet& inputs, MemoryBudget& memory, const CancelToken& cancel)
    : m_processor(options)
    , m_onExisting(onExisting)
    , m_inputs(inputs)
    , m_memory(memory)
    , m_cancel(cancel)
{
}

Result<FilePreview> JobPipeline::preview(const fs::path& input, const ProcessOptions& options)
{
    auto header = readHeader(input, ImageProcessor(options));
    if (!header) {
        return std::move(header).error();
    }
    // A PNG may carry its EXIF (and so its orientation) after the image data: only the whole
    // file says it for sure. Its size is within the limit, checked before this read.
    if (!header->image.headerFinal() && header->bytes.size < header->bytes.fileSize) {
        if (auto read = readOn(input, header->bytes, header->image, options.limits.maxMemoryBytes);
            !read) {
            return std::move(read).error();
        }
    }
    FilePreview preview;
    preview.fileBytes = header->bytes.fileSize;
    preview.note = jobNote(header->image.inspected().header, options.spec);
    preview.inspected = header->image.inspected();
    return preview;
}

std::optional<PreparedJob> JobPipeline::inspect(const Job& job, JobReport& report) const
{
    auto header = readHeader(job.input(), m_processor);
    if (!header) {
        failReport(report, std::move(header).error());
        return std::nullopt;
    }
    report.inputBytes = header->bytes.fileSize;
    const InspectedImage& inspected = header->image.inspected();
    report.inputSize = { inspected.header.info.width, inspected.header.info.height };
    report.outputSize = inspected.plan.output;
    report.note = jobNote(inspected.header, m_processor.options().spec);
    return PreparedJob { std::move(header->bytes), std::move(header->image), {} };
}

// The estimate counts the whole file: it is taken before the file is read.
bool JobPipeline::takeMemory(PreparedJob& prepared, JobReport& report) const
{
    auto lease = m_memory.acquire(prepared.image.inspected().memoryEstimate, m_cancel);
    if (!lease) {
        failReport(report, cancelled());
        return false;
    }
    prepared.memory = std::move(lease).value();
    return true;
}

bool JobPipeline::tryTakeMemory(PreparedJob& prepared) const
{
    auto lease = m_memory.tryAcquire(prepared.image.inspected().memoryEstimate);
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
    if (auto read = readOn(job.input(), prepared.bytes, prepared.image,
            m_processor.options().limits.maxMemoryBytes);
        !read) {
        failReport(report, std::move(read).error());
        return false;
    }
    // A PNG's EXIF, and so its orientation, may come after the image data, past the first bytes.
    const InspectedImage& inspected = prepared.image.inspected();
    report.outputSize = inspected.plan.output;
    report.note = jobNote(inspected.header, m_processor.options().spec);
    return true;
}

Result<Image> JobPipeline::render(PreparedJob& prepared) const
{
    return prepared.image.render(&m_cancel);
}

Result<Image> JobPipeline::decode(PreparedJob& prepared) const
{
    return prepared.image.decode(&m_cancel);
}

namespace {

    // "; "-joined: a report's note may already say why its size was kept.
    void addNote(std::string& note, const std::string& more)
    {
        note += (note.empty() ? "" : "; ") + more;
    }

    // The larger-than-input rule's reason: "the output would be 120 KB, larger than the
    // input's 100 KB".
    std::string biggerReason(std::uint64_t output, std::uint64_t input)
    {
        const auto [out, in] = byteSizeTexts(output, input);
        return "the output would be " + out + ", larger than the input's " + in;
    }

} // namespace

void JobPipeline::complete(
    const Job& job, PreparedJob& prepared, Image pixels, JobReport& report) const
{
    const ProcessOptions& options = m_processor.options();
    // The original is written instead of a larger output only in its own format: keep its
    // bytes for that, and let them go before encoding otherwise.
    if (options.ifBigger != IfBigger::Copy || job.outputFormat != job.format) {
        prepared.bytes.data.reset();
    }
    writeOutput(job.output(), job.outputFormat, prepared, std::move(pixels), report);
    prepared.bytes.data.reset();
}

void JobPipeline::writeOutput(const fs::path& target, ImageFormat format, PreparedJob& prepared,
    Image pixels, JobReport& report) const
{
    const ProcessOptions& options = m_processor.options();
    const Metadata& metadata = prepared.image.inspected().header.metadata;
    const std::uint64_t inputBytes = prepared.bytes.fileSize;
    const bool targetSize = options.maxBytes != 0 && takesTargetSize(format, options.encode);

    std::vector<std::uint8_t> encoded;
    std::optional<Error> tooLarge; // a target size that no quality meets
    std::uint64_t encodedBytes = 0; // what the output would be (the smallest tried, when none fits)
    if (targetSize) {
        auto searched = encodeWithin(
            [&](const EncodeOptions& encode) {
                return m_processor.encode(pixels.view(), format, metadata, encode, &m_cancel);
            },
            options.encode, format, options.maxBytes, &m_cancel);
        if (!searched) {
            failReport(report, std::move(searched).error());
            return;
        }
        if (searched->fits()) {
            report.quality = searched->quality;
            encoded = std::move(searched->bytes);
            encodedBytes = encoded.size();
        } else {
            const auto [smallest, asked] = byteSizeTexts(searched->smallestBytes, options.maxBytes);
            tooLarge = Error { ErrorCode::LimitExceeded,
                "even quality " + std::to_string(searched->lowestTried) + " gives " + smallest
                    + ", over the " + asked + " asked for",
                {} };
            encodedBytes = searched->smallestBytes;
        }
    } else {
        auto plain = m_processor.encode(pixels.view(), format, metadata, &m_cancel);
        if (!plain) {
            failReport(report, std::move(plain).error());
            return;
        }
        encoded = std::move(plain).value();
        encodedBytes = encoded.size();
    }
    pixels = Image();
    if (m_cancel.stopRequested()) {
        failReport(report, cancelled());
        return;
    }

    // Larger than the input, in the input's format: skipped, or the input copied. A target
    // size that nothing meets counts as larger when the input itself is within it (every
    // quality tried was over it, so over the input too): copying the input then meets both.
    const bool sameFormat = format == prepared.image.inspected().header.format;
    const bool larger
        = sameFormat && encodedBytes > inputBytes && (!tooLarge || inputBytes <= options.maxBytes);
    std::span<const std::uint8_t> bytes = encoded;
    if (larger && options.ifBigger == IfBigger::Skip) {
        report.status = JobStatus::Skipped;
        report.ifBigger = IfBigger::Skip;
        report.error = Error { ErrorCode::LimitExceeded, biggerReason(encodedBytes, inputBytes),
            utf8(report.input) };
        return;
    }
    if (larger && options.ifBigger == IfBigger::Copy) {
        if (options.stripMetadata && !tooLarge) {
            // The input's bytes hold the metadata that was asked to be dropped: the resized
            // output is written instead, larger as it is.
            addNote(report.note,
                biggerReason(encodedBytes, inputBytes)
                    + "; written all the same, as a copy of the input would keep the metadata "
                      "that is to be stripped");
        } else if (options.stripMetadata) {
            // Nothing fits the target size, and the input may not be copied: it fails below.
        } else if (prepared.bytes.data && prepared.bytes.size == inputBytes) {
            bytes = prepared.bytes.span();
            report.ifBigger = IfBigger::Copy;
            report.outputSize = report.inputSize;
            tooLarge.reset();
            addNote(report.note,
                "the input copied unchanged: " + biggerReason(encodedBytes, inputBytes));
        } else {
            failReport(report, Error { ErrorCode::Internal, "the input's bytes are gone", {} });
            return;
        }
    }
    if (tooLarge) {
        failReport(report, std::move(*tooLarge));
        return;
    }

    const AtomicFileWriter writer(&m_inputs);
    WriteOptions write { m_onExisting, prepared.bytes.permissions, std::nullopt };
    if (options.keepDates) {
        write.modified = prepared.bytes.modified;
    }
    auto written = writer.write(target, bytes, write);
    if (!written) {
        if (written.error().code == ErrorCode::Exists && m_onExisting == ExistingPolicy::Skip) {
            report.status = JobStatus::Skipped;
            report.error = std::move(written).error();
            return;
        }
        failReport(report, std::move(written).error());
        return;
    }
    report.status = JobStatus::Ok;
    report.output = std::move(written->path);
    report.outputBytes = bytes.size();
    if (!written->dateProblem.empty()) {
        report.warning = "the input's date could not be kept: " + written->dateProblem;
    }
}

namespace {

    // A job that ended by an exception (memory, say): whatever it had reported is replaced. When
    // even this report cannot be made, the job is still reported failed, by its id alone.
    JobReport exceptionReport(const Job& job, const char* what) noexcept
    {
        try {
            JobReport report = startReport(job);
            failReport(report, Error { ErrorCode::Internal, what, utf8(job.input()) });
            return report;
        } catch (...) {
            JobReport report;
            report.id = job.id;
            report.status = JobStatus::Failed;
            return report;
        }
    }

} // namespace

JobReport JobPipeline::run(const Job& job) const
{
    // One bad image never stops the batch, and an exception never leaves a worker thread.
    try {
        JobReport report = startReport(job);
        if (!job.runs()) {
            return report;
        }
        auto prepared = inspect(job, report);
        if (!prepared || !takeMemory(*prepared, report) || !load(job, *prepared, report)) {
            return report;
        }
        auto pixels = render(*prepared);
        if (!pixels) {
            failReport(report, std::move(pixels).error());
            return report;
        }
        complete(job, *prepared, std::move(pixels).value(), report);
        return report;
    } catch (const std::exception& e) {
        return exceptionReport(job, e.what());
    } catch (...) {
        return exceptionReport(job, "unexpected error");
    }
}

} // namespace dropsize
