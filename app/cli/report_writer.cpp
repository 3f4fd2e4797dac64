// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/report_writer.h"

#include "cli/cli_reporter.h"
#include "cli/json_reader.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <cerrno>
#include <fstream>
#include <system_error>
#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace fs = std::filesystem;

namespace dropsize::cli {

namespace {

    std::string hostName()
    {
#ifdef _WIN32
        const char* name = std::getenv("COMPUTERNAME");
        return name != nullptr ? name : "";
#else
        char name[256] = {};
        return ::gethostname(name, sizeof name - 1) == 0 ? name : "";
#endif
    }

    bool flushToDisk(std::FILE* f)
    {
        if (std::fflush(f) != 0) {
            return false;
        }
#ifdef _WIN32
        return ::_commit(::_fileno(f)) == 0;
#else
        return ::fsync(::fileno(f)) == 0;
#endif
    }

    // A batch's hash as reports write it: 16 hex digits (a JSON number would lose bits).
    std::string batchText(std::uint64_t batch)
    {
        char text[24];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(batch));
        return text;
    }

    Error reportError(int err, const std::string& what, const fs::path& path)
    {
        Error e = Error::of(ErrorCode::Io,
            Text::verbatim(what + " " + utf8(path) + ": " + systemErrorText(err)), utf8(path));
        e.systemCode = err;
        return e;
    }

} // namespace

bool leftForRetry(const JobReport& report)
{
    if (report.status == JobStatus::Cancelled) {
        return true;
    }
    if (report.status != JobStatus::Failed) {
        return false;
    }
    if (report.error && isRetryable(*report.error)) {
        return true;
    }
    return std::any_of(report.outputs.begin(), report.outputs.end(), [](const OutputReport& o) {
        return o.status == JobStatus::Cancelled
            || (o.status == JobStatus::Failed && o.error && isRetryable(*o.error));
    });
}

Result<fs::path> reportFilePath(const fs::path& given, const std::optional<Shard>& shard)
{
    const Shard part = shard.value_or(Shard {}); // a run alone is part 0 of 1
    std::error_code ec;
    const bool folder = !given.has_filename() || fs::is_directory(given, ec);
    if (folder) {
        return given
            / ("shard-" + std::to_string(part.index) + "-of-" + std::to_string(part.count)
                + ".jsonl");
    }
    if (shard) {
        // One file for every shard would be written by each in turn, and no merge could end.
        return Error::of(ErrorCode::InvalidArgument,
            Text::verbatim("--report " + utf8(given)
                + ": with --shard each shard writes a report of its own, so --report names a "
                  "folder: give it as "
                + utf8(given) + "/ (each shard then writes shard-INDEX-of-COUNT.jsonl in it)"),
            utf8(given));
    }
    return given;
}

bool isReportOf(const fs::path& file, const Shard& shard, std::optional<std::uint64_t> batch)
{
    // The last line of a finished report: its "shard-finished" event. Only the file's end is
    // read, so a report of any length is recognised at once.
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        return false;
    }
    constexpr std::streamoff kTail = std::streamoff { 64 } * 1024;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size <= 0) {
        return false;
    }
    const std::streamoff from = size > kTail ? size - kTail : 0;
    in.seekg(from);
    std::string tail(static_cast<std::size_t>(size - from), '\0');
    if (!in.read(tail.data(), static_cast<std::streamsize>(tail.size()))) {
        return false;
    }
    while (!tail.empty() && tail.back() == '\n') {
        tail.pop_back();
    }
    const std::size_t start = tail.rfind('\n');
    if (start == std::string::npos && from > 0) {
        return false; // a last line longer than the tail: no report's
    }
    const auto last
        = parseJson(std::string_view(tail).substr(start == std::string::npos ? 0 : start + 1));
    return last && last->stringAt("event") == "shard-finished" && last->find("shard") != nullptr
        && last->find("shards") != nullptr && last->countAt("shard") == shard.index
        && last->countAt("shards") == shard.count
        && (!batch || last->stringAt("batch") == batchText(*batch));
}

namespace {

    std::string splitName(const Shard& shard)
    {
        return shard.count <= 1
            ? std::string("a run without --shard")
            : "shard " + std::to_string(shard.index) + " of " + std::to_string(shard.count);
    }

    // What is at `file`, where a report is to go: nothing, or a finished report of the same part
    // of the same split (which the report replaces). Anything else is never replaced.
    Status checkReportPlace(const fs::path& file, const Shard& shard)
    {
        std::error_code ec;
        const fs::file_status status = fs::symlink_status(file, ec);
        if (status.type() == fs::file_type::not_found) {
            return {};
        }
        if (status.type() == fs::file_type::regular && isReportOf(file, shard)) {
            return {};
        }
        const std::string what = status.type() == fs::file_type::symlink ? "a link"
            : status.type() == fs::file_type::directory                  ? "a folder"
            : status.type() == fs::file_type::regular                    ? "a file"
                                                                         : "something";
        return Error::of(ErrorCode::InvalidArgument,
            Text::verbatim("--report " + utf8(file) + ": " + what
                + " is there that is not a finished Dropsize report of " + splitName(shard)
                + "; a report never replaces another file: move it away or choose another "
                  "--report path"),
            utf8(file));
    }

} // namespace

Result<std::unique_ptr<ReportWriter>> ReportWriter::open(const fs::path& file, const Shard& shard)
{
    if (Status place = checkReportPlace(file, shard); !place) {
        return std::move(place).error();
    }
    std::error_code ec;
    if (file.has_parent_path()) {
        fs::create_directories(file.parent_path(), ec); // a folder given with a trailing '/'
    }
    // Beside the report, so that the rename stays on one file system; hidden, and named after
    // the report, this machine and this process, so that no other live run has its name. Those
    // of this report that no run writes any more (a run killed on this machine, or on another
    // a day ago) are removed first.
    const std::string prefix = "." + utf8(file.filename());
    const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
    // The folder may be anyone's (the input folder, say): only a file that begins as a report
    // does (or is empty) is taken for one a killed run left.
    AtomicFileWriter::removeStaleTemporaries(folder, prefix, [](const fs::path& p) {
        std::ifstream in(p, std::ios::binary);
        const int first = in.get();
        return in.good() ? first == '{' : in.eof();
    });
    const fs::path temporary = folder / pathFromUtf8(AtomicFileWriter::temporaryName(prefix));
#ifdef _WIN32
    std::FILE* out = ::_wfopen(temporary.c_str(), L"wb");
#else
    std::FILE* out = std::fopen(temporary.c_str(), "wb");
#endif
    if (out == nullptr) {
        // Named by the report's path, which the user gave, not by the hidden temporary's.
        return reportError(errno, "--report: cannot write a report at", file);
    }
    auto writer = std::unique_ptr<ReportWriter>(new ReportWriter(file, temporary, out, shard));
    writer->m_found = fileIdentity(file);
    return writer;
}

Status ReportWriter::checkAgainst(const BatchPlan& plan)
{
    const auto refuse = [this](const std::string& why) -> Status {
        return Error::of(ErrorCode::InvalidArgument,
            Text::verbatim("--report " + utf8(m_file) + ": " + why
                + "; a report never replaces another file: choose another --report path"),
            utf8(m_file));
    };
    std::error_code ec;
    if (const auto id = fileIdentity(m_file); id && plan.inputIdentities.count(*id) != 0) {
        return refuse("it is an input of this run");
    }
    const fs::path where = fs::weakly_canonical(fs::absolute(m_file, ec), ec);
    for (const Job& job : plan.jobs) {
        // A job that fails by its content (a report named .jpg) is an input all the same.
        if (job.input() == where) {
            return refuse("it is an input of this run");
        }
        for (const JobOutput& out : job.outputs) {
            if (out.action != JobAction::Fail && out.output() == where) {
                return refuse(
                    "an output of this run (from " + utf8(job.input()) + ") has that name");
            }
        }
    }
    if (m_shard.count > 1) {
        m_batch = plan.batchHash;
        const fs::file_status status = fs::symlink_status(m_file, ec);
        if (status.type() != fs::file_type::not_found && !isReportOf(m_file, m_shard, m_batch)) {
            return refuse("the report there is of another batch (its inputs differ); merging "
                          "the two would count files that were never done");
        }
    }
    return {};
}

ReportWriter::ReportWriter(fs::path file, fs::path temporary, std::FILE* out, const Shard& shard)
    : m_file(std::move(file))
    , m_temporary(std::move(temporary))
    , m_out(out)
    , m_shard(shard)
{
}

ReportWriter::~ReportWriter()
{
    if (m_out != nullptr) {
        // Never finished (the run ended early): no report under its name, no temporary left.
        std::fclose(m_out);
        std::error_code ec;
        fs::remove(m_temporary, ec);
    }
}

void ReportWriter::write(const std::string& line)
{
    if (m_failed) {
        return;
    }
    if (std::fwrite(line.data(), 1, line.size(), m_out) != line.size()) {
        m_failed = true;
        m_error = errno;
    }
}

void ReportWriter::reportIgnored(const std::vector<IgnoredPath>& ignored)
{
    std::lock_guard lock(m_mutex);
    m_ignored += ignored.size();
    for (const IgnoredPath& i : ignored) {
        write(ignoredJson(i) + "\n");
    }
}

void ReportWriter::onJobFinished(const JobReport& report)
{
    const bool retry = leftForRetry(report);
    std::string extra;
    if (m_shard.count > 1) {
        // The hash that put the input in this part, for the merge to check (16 hex digits: a
        // JSON number would lose bits in most readers).
        char part[32];
        std::snprintf(part, sizeof part, ",\"part\":\"%016llx\"",
            static_cast<unsigned long long>(report.shardHash));
        extra = part;
    }
    extra += retry ? ",\"retry\":true" : ",\"retry\":false";
    std::string line = jobFinishedJson(report, extra);
    line += '\n';
    std::lock_guard lock(m_mutex);
    m_left += retry ? 1 : 0;
    write(line);
}

void ReportWriter::onNotice(const Text& message)
{
    std::lock_guard lock(m_mutex);
    write("{\"event\":\"notice\",\"message\":" + jsonString(message.english()) + "}\n");
}

Status ReportWriter::finish(const BatchSummary& s, int exitCode)
{
    std::lock_guard lock(m_mutex);
    char counts[640];
    std::snprintf(counts, sizeof counts,
        "{\"event\":\"shard-finished\",\"shard\":%u,\"shards\":%u,\"total\":%zu,\"ok\":%zu,"
        "\"skipped\":%zu,\"failed\":%zu,\"cancelled\":%zu,\"ignored\":%zu,\"left\":%zu,"
        "\"outputs\":%zu,\"outputs_ok\":%zu,\"outputs_skipped\":%zu,\"outputs_failed\":%zu,"
        "\"input_bytes\":%llu,\"output_bytes\":%llu,\"seconds\":%.3f,\"ok_on_gpu\":%zu,"
        "\"exit\":%d,\"host\":",
        m_shard.index, m_shard.count, s.total, s.ok, s.skipped, s.failed, s.cancelled, m_ignored,
        m_left, s.outputs, s.outputsOk, s.outputsSkipped, s.outputsFailed,
        static_cast<unsigned long long>(s.inputBytes),
        static_cast<unsigned long long>(s.outputBytes), s.seconds, s.okOnGpu, exitCode);
    const std::string batch = m_batch ? ",\"batch\":\"" + batchText(*m_batch) + "\"" : "";
    write(std::string(counts) + jsonString(hostName()) + batch + "}\n");
    const bool flushed = !m_failed && flushToDisk(m_out);
    const int err = m_failed ? m_error : errno;
    const bool closed = std::fclose(m_out) == 0;
    m_out = nullptr;
    std::error_code ec;
    if (!flushed || !closed) {
        fs::remove(m_temporary, ec);
        return reportError(err != 0 ? err : EIO, "cannot write the report", m_file);
    }
    // Checked again now: the report replaces only what was there when the run began (a
    // report of this part), never a report another run put there meanwhile.
    if (Status moved = moveIntoPlace(m_temporary, m_file,
            [this](const fs::path& p) {
                return m_found && fileIdentity(p) == m_found && isReportOf(p, m_shard, m_batch);
            });
        !moved) {
        fs::remove(m_temporary, ec);
        const std::string why = moved.error().code == ErrorCode::Exists
            ? "something else took that name while this run ran (another run's report?), and a "
              "report replaces nothing else; this run's report was not kept"
            : moved.error().message;
        Error e = Error::of(moved.error().code,
            Text::verbatim("cannot put the report in place as " + utf8(m_file) + ": " + why),
            utf8(m_file));
        e.systemCode = moved.error().systemCode;
        return e;
    }
    return {};
}

void RunObservers::onBatchStarted(std::size_t jobCount) { m_reporter.onBatchStarted(jobCount); }

void RunObservers::onJobStarted(const Job& job) { m_reporter.onJobStarted(job); }

void RunObservers::onJobFinished(const JobReport& report)
{
    if (cli::leftForRetry(report)) {
        ++m_left;
    }
    if (m_report != nullptr) {
        m_report->onJobFinished(report);
    }
    m_reporter.onJobFinished(report);
}

void RunObservers::onNotice(const Text& message)
{
    if (m_report != nullptr) {
        m_report->onNotice(message);
    }
    m_reporter.onNotice(message);
}

void RunObservers::onBatchFinished(const BatchSummary& summary)
{
    m_reporter.onBatchFinished(summary);
}

} // namespace dropsize::cli
