// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/shard_report.h"

#include "cli/cli_reporter.h"
#include "cli/json_reader.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fstream>
#include <map>
#include <set>
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

namespace {

    // One report as --merge-reports reads it.
    struct ShardFile {
        fs::path path;
        std::optional<JsonValue> last; // the shard-finished line, when there is one
        std::size_t jobLines = 0;
    };

    struct Totals {
        std::uint64_t total = 0;
        std::uint64_t ok = 0;
        std::uint64_t skipped = 0;
        std::uint64_t failed = 0;
        std::uint64_t cancelled = 0;
        std::uint64_t ignored = 0;
        std::uint64_t left = 0;
        std::map<std::string, std::uint64_t> reasons; // "failed: why" -> count
        std::set<std::string> inputs;
        std::vector<std::string> duplicates;
    };

    std::vector<fs::path> reportFiles(const std::vector<fs::path>& paths, std::FILE* err, bool& ok)
    {
        std::vector<fs::path> files;
        for (const fs::path& p : paths) {
            std::error_code ec;
            if (fs::is_directory(p, ec)) {
                std::vector<fs::path> found;
                for (const auto& entry : fs::directory_iterator(p, ec)) {
                    const std::string name = utf8(entry.path().filename());
                    if (name.ends_with(".jsonl") && !name.starts_with(".")) {
                        found.push_back(entry.path());
                    }
                }
                if (ec) {
                    std::fprintf(err, "dropsize-cli: cannot list %s: %s\n",
                        printable(utf8(p)).c_str(), ec.message().c_str());
                    ok = false;
                }
                std::sort(found.begin(), found.end());
                files.insert(files.end(), found.begin(), found.end());
            } else if (fs::exists(p, ec)) {
                files.push_back(p);
            } else {
                std::fprintf(err, "dropsize-cli: no such report: %s\n", printable(utf8(p)).c_str());
                ok = false;
            }
        }
        return files;
    }

    // The temporaries runs that did not finish left beside their reports, by shard file name.
    std::map<std::string, std::vector<std::string>> unfinishedRuns(
        const std::vector<fs::path>& paths)
    {
        std::map<std::string, std::vector<std::string>> runs;
        for (const fs::path& p : paths) {
            std::error_code ec;
            if (!fs::is_directory(p, ec)) {
                continue;
            }
            for (const auto& entry : fs::directory_iterator(p, ec)) {
                const std::string name = utf8(entry.path().filename());
                const std::size_t end = name.find(".jsonl.");
                if (name.starts_with(".") && name.ends_with(".tmp") && end != std::string::npos) {
                    runs[name.substr(1, end + 5)].push_back(name);
                }
            }
        }
        return runs;
    }

    std::string indexList(const std::vector<std::uint32_t>& indices)
    {
        std::string text;
        for (std::size_t i = 0; i < indices.size(); ++i) {
            text += (i == 0 ? "" : ", ") + std::to_string(indices[i]);
        }
        return text;
    }

} // namespace

int mergeReports(const std::vector<fs::path>& paths, bool json, std::FILE* out, std::FILE* err)
{
    bool readable = true;
    const std::vector<fs::path> files = reportFiles(paths, err, readable);
    std::optional<std::uint32_t> count;
    std::optional<std::string> batch; // the batch the first whole report names
    fs::path batchFile;
    std::map<std::uint32_t, fs::path> finished; // shard -> its report
    std::vector<std::uint32_t> unfinished; // reports that say files were left
    std::vector<std::string> damaged;
    Totals t;
    for (const fs::path& file : files) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(
                err, "dropsize-cli: cannot read the report %s\n", printable(utf8(file)).c_str());
            readable = false;
            continue;
        }
        Totals mine;
        std::vector<std::string> inputs; // counted once the report is known to be whole
        std::vector<std::uint64_t> parts; // the part hash of each input that has one
        bool partsReadable = true;
        std::optional<JsonValue> last;
        std::size_t jobLines = 0;
        bool valid = true;
        bool anyEvent = false; // a line of a report at all
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty()) {
                continue;
            }
            auto event = parseJson(line);
            if (!event) {
                valid = false;
                break;
            }
            const std::string kind = event->stringAt("event");
            anyEvent = anyEvent || !kind.empty();
            if (kind == "job-finished") {
                ++jobLines;
                const std::string status = event->stringAt("status");
                const JsonValue* error = event->find("error");
                const std::string reason = error != nullptr ? error->stringAt("message") : "";
                const JsonValue* retry = event->find("retry");
                const bool left = status == "cancelled"
                    || (retry != nullptr && retry->boolean().value_or(false));
                mine.ok += status == "ok" ? 1 : 0;
                mine.skipped += status == "skipped" ? 1 : 0;
                mine.failed += status == "failed" ? 1 : 0;
                mine.cancelled += status == "cancelled" ? 1 : 0;
                mine.left += left ? 1 : 0;
                if (status != "ok") {
                    ++mine.reasons[status + ": " + (reason.empty() ? "(no reason)" : reason)];
                }
                inputs.push_back(event->stringAt("input"));
                if (const JsonValue* part = event->find("part")) {
                    const std::string hex = part->string().value_or("");
                    const char* end = hex.data() + hex.size();
                    std::uint64_t hash = 0;
                    const auto read = std::from_chars(hex.data(), end, hash, 16);
                    partsReadable = partsReadable && hex.size() == 16 && read.ec == std::errc()
                        && read.ptr == end;
                    parts.push_back(hash);
                }
            } else if (kind == "ignored") {
                ++mine.ignored;
            } else if (kind == "shard-finished") {
                last = std::move(event);
            }
        }
        if (!anyEvent) {
            // A photo, a list, an empty file: no report of any run, whole or cut short.
            std::fprintf(
                err, "dropsize-cli: %s is not a Dropsize report\n", printable(utf8(file)).c_str());
            readable = false;
            continue;
        }
        // A report is whole when its last line counts as many jobs as it lists, of each status.
        if (!valid || !last || last->countAt("total") != jobLines || last->find("shards") == nullptr
            || last->countAt("ok") != mine.ok || last->countAt("skipped") != mine.skipped
            || last->countAt("failed") != mine.failed
            || last->countAt("cancelled") != mine.cancelled) {
            damaged.push_back(utf8(file));
            continue;
        }
        const auto shards = static_cast<std::uint32_t>(last->countAt("shards"));
        const auto index = static_cast<std::uint32_t>(last->countAt("shard"));
        if (shards == 0 || index >= shards) {
            damaged.push_back(utf8(file));
            continue;
        }
        // Every input a part's report lists is of that part (the hash that chose it says so):
        // a report that claims another part's inputs (a copy under another name) is damaged.
        if (!partsReadable || std::any_of(parts.begin(), parts.end(), [&](std::uint64_t hash) {
                return hash % shards != index;
            })) {
            damaged.push_back(utf8(file));
            continue;
        }
        if (count && *count != shards) {
            std::fprintf(err,
                "dropsize-cli: the reports belong to different splits: %u parts and %u (%s)\n",
                *count, shards, printable(utf8(file)).c_str());
            return 2;
        }
        // The parts of one batch name the same batch (runs from before the name have none).
        const std::string batchName = last->stringAt("batch");
        if (batch && *batch != batchName) {
            std::fprintf(err,
                "dropsize-cli: the reports belong to different batches (their inputs differ): "
                "%s and %s\n",
                printable(utf8(batchFile)).c_str(), printable(utf8(file)).c_str());
            return 2;
        }
        if (!batch) {
            batch = batchName;
            batchFile = file;
        }
        count = shards;
        if (!finished.emplace(index, file).second) {
            std::fprintf(err,
                "dropsize-cli: shard %u is reported twice (%s and %s); the first counts\n", index,
                printable(utf8(finished[index])).c_str(), printable(utf8(file)).c_str());
            continue;
        }
        if (mine.left > 0 || last->countAt("exit") == kExitRetry) {
            unfinished.push_back(index);
        }
        for (std::string& input : inputs) {
            if (!t.inputs.insert(input).second) {
                t.duplicates.push_back(std::move(input));
            }
        }
        t.total += jobLines;
        t.ok += mine.ok;
        t.skipped += mine.skipped;
        t.failed += mine.failed;
        t.cancelled += mine.cancelled;
        t.ignored += mine.ignored;
        t.left += mine.left;
        for (const auto& [reason, n] : mine.reasons) {
            t.reasons[reason] += n;
        }
    }
    const auto died = unfinishedRuns(paths);
    if (!count) {
        // No run finished, but runs that died say how the batch was split.
        for (const auto& entry : died) {
            unsigned index = 0;
            unsigned shards = 0;
            char tail = 0;
            if (std::sscanf(entry.first.c_str(), "shard-%u-of-%u.jsonl%c", &index, &shards, &tail)
                    == 2
                && shards > 0 && shards <= kMaxShards) {
                count = shards;
                break;
            }
        }
    }
    std::vector<std::uint32_t> missing;
    for (std::uint32_t i = 0; count && i < *count; ++i) {
        if (finished.count(i) == 0) {
            missing.push_back(i);
        }
    }

    std::vector<std::pair<std::string, std::uint64_t>> reasons(t.reasons.begin(), t.reasons.end());
    std::stable_sort(reasons.begin(), reasons.end(),
        [](const auto& a, const auto& b) { return a.second > b.second; });
    if (json) {
        std::string text
            = "{\"shards\":" + (count ? std::to_string(*count) : "null") + ",\"finished\":[";
        bool first = true;
        for (const auto& [index, file] : finished) {
            text += (first ? "" : ",") + std::to_string(index);
            first = false;
        }
        text += "],\"missing\":[" + indexList(missing) + "],\"unfinished\":["
            + indexList(unfinished) + "],\"damaged\":[";
        for (std::size_t i = 0; i < damaged.size(); ++i) {
            text += (i == 0 ? "" : ",") + jsonString(damaged[i]);
        }
        text += "],\"total\":" + std::to_string(t.total) + ",\"ok\":" + std::to_string(t.ok)
            + ",\"skipped\":" + std::to_string(t.skipped) + ",\"failed\":"
            + std::to_string(t.failed) + ",\"cancelled\":" + std::to_string(t.cancelled)
            + ",\"ignored\":" + std::to_string(t.ignored) + ",\"left\":" + std::to_string(t.left)
            + ",\"duplicates\":" + std::to_string(t.duplicates.size()) + ",\"by_reason\":{";
        for (std::size_t i = 0; i < reasons.size(); ++i) {
            text += (i == 0 ? "" : ",") + jsonString(reasons[i].first) + ":"
                + std::to_string(reasons[i].second);
        }
        std::fprintf(out, "%s}}\n", text.c_str());
    } else {
        std::vector<std::uint32_t> done;
        done.reserve(finished.size());
        for (const auto& entry : finished) {
            done.push_back(entry.first);
        }
        std::fprintf(out, "%zu of %s shards finished%s\n", finished.size(),
            count ? std::to_string(*count).c_str() : "?",
            done.empty() ? "" : (" (" + indexList(done) + ")").c_str());
        for (const std::uint32_t i : missing) {
            const std::string name
                = "shard-" + std::to_string(i) + "-of-" + std::to_string(*count) + ".jsonl";
            const auto at = died.find(name);
            std::fprintf(out, "missing: shard %u (no finished report%s): run it again\n", i,
                at == died.end() ? ""
                                 : ("; a run of it stopped before its end and left "
                                     + printable(at->second.front()))
                                       .c_str());
        }
        for (const std::uint32_t i : unfinished) {
            std::fprintf(out, "unfinished: shard %u left files to do: run it again\n", i);
        }
        for (const std::string& d : damaged) {
            std::fprintf(
                out, "damaged: %s is not a whole report (ignored)\n", printable(d).c_str());
        }
        // With shards missing, what is left is more than the reports count: said so, never
        // "0 left to do".
        const std::string left = missing.empty() && count
            ? std::to_string(t.left) + " left to do"
            : std::to_string(t.left) + " left to do in these reports and every file of "
                + (count ? std::to_string(missing.size()) + " missing shard"
                            + (missing.size() == 1 ? "" : "s")
                         : std::string("the shards no report names"));
        std::fprintf(out,
            "%s%llu inputs: %llu resized, %llu skipped, %llu failed, %s; %llu other paths "
            "ignored\n",
            missing.empty() && count ? "" : "in the finished reports, ",
            static_cast<unsigned long long>(t.total), static_cast<unsigned long long>(t.ok),
            static_cast<unsigned long long>(t.skipped), static_cast<unsigned long long>(t.failed),
            left.c_str(), static_cast<unsigned long long>(t.ignored));
        for (const auto& [reason, n] : reasons) {
            std::fprintf(
                out, "  %llu  %s\n", static_cast<unsigned long long>(n), printable(reason).c_str());
        }
        if (!t.duplicates.empty()) {
            std::fprintf(out, "%zu inputs are in two shards' reports, such as %s\n",
                t.duplicates.size(), printable(t.duplicates.front()).c_str());
        }
    }
    if (!readable) {
        return 2; // a path given is no report that can be read: said above
    }
    if (!count) {
        std::fprintf(err, "dropsize-cli: no report found, finished or not\n");
        return damaged.empty() ? 2 : kExitRetry;
    }
    if (!missing.empty() || !unfinished.empty() || !damaged.empty()) {
        return kExitRetry;
    }
    return t.failed > 0 || !t.duplicates.empty() ? 1 : 0;
}

} // namespace dropsize::cli
