// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/report_merge.h"

#include "cli/cli_reporter.h"
#include "cli/json_reader.h"
#include "cli/report_writer.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/shard.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <system_error>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize::cli {

namespace {

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

    // One report's lines, as read: what it counts is added to the merge once it is known whole.
    struct ReportLines {
        Totals mine;
        std::vector<std::string> inputs;
        std::vector<std::uint64_t> parts; // the part hash of each input that has one
        bool partsReadable = true;
        std::optional<JsonValue> last; // the shard-finished line, when there is one
        std::size_t jobLines = 0;
        bool valid = true; // every line JSON
        bool anyEvent = false; // a line of a report at all
    };

    // What the merge knows so far, over the reports read.
    struct Merge {
        std::optional<std::uint32_t> count; // shards in the split
        std::optional<std::string> batch; // the batch the first whole report names
        fs::path batchFile;
        std::map<std::uint32_t, fs::path> finished; // shard -> its report
        std::vector<std::uint32_t> unfinished; // reports that say files were left
        std::vector<std::string> damaged;
        std::vector<std::uint32_t> missing;
        std::map<std::string, std::vector<std::string>> died; // see unfinishedRuns()
        Totals t;
        bool readable = true; // every path given a report that could be read
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

    // One "job-finished" line: its status, reason, input and part hash.
    void countJob(const JsonValue& event, ReportLines& r)
    {
        ++r.jobLines;
        const std::string status = event.stringAt("status");
        const JsonValue* error = event.find("error");
        const std::string reason = error != nullptr ? error->stringAt("message") : "";
        const JsonValue* retry = event.find("retry");
        const bool left
            = status == "cancelled" || (retry != nullptr && retry->boolean().value_or(false));
        r.mine.ok += status == "ok" ? 1 : 0;
        r.mine.skipped += status == "skipped" ? 1 : 0;
        r.mine.failed += status == "failed" ? 1 : 0;
        r.mine.cancelled += status == "cancelled" ? 1 : 0;
        r.mine.left += left ? 1 : 0;
        if (status != "ok") {
            ++r.mine.reasons[status + ": " + (reason.empty() ? "(no reason)" : reason)];
        }
        r.inputs.push_back(event.stringAt("input"));
        if (const JsonValue* part = event.find("part")) {
            const std::string hex = part->string().value_or("");
            const char* end = hex.data() + hex.size();
            std::uint64_t hash = 0;
            const auto read = std::from_chars(hex.data(), end, hash, 16);
            r.partsReadable
                = r.partsReadable && hex.size() == 16 && read.ec == std::errc() && read.ptr == end;
            r.parts.push_back(hash);
        }
    }

    ReportLines readLines(std::istream& in)
    {
        ReportLines r;
        std::string line;
        while (std::getline(in, line)) {
            if (line.empty()) {
                continue;
            }
            auto event = parseJson(line);
            if (!event) {
                r.valid = false;
                break;
            }
            const std::string kind = event->stringAt("event");
            r.anyEvent = r.anyEvent || !kind.empty();
            if (kind == "job-finished") {
                countJob(*event, r);
            } else if (kind == "ignored") {
                ++r.mine.ignored;
            } else if (kind == "shard-finished") {
                r.last = std::move(event);
            }
        }
        return r;
    }

    // The shard a report is of and the shards of its split, when the report is whole: its last
    // line counts as many jobs as it lists, of each status, and every input it lists is of its
    // shard (the hash that chose it says so: a copy under another shard's name is damaged).
    std::optional<std::pair<std::uint32_t, std::uint32_t>> wholeReportOf(const ReportLines& r)
    {
        const std::optional<JsonValue>& last = r.last;
        if (!r.valid || !last || last->countAt("total") != r.jobLines
            || last->find("shards") == nullptr || last->countAt("ok") != r.mine.ok
            || last->countAt("skipped") != r.mine.skipped
            || last->countAt("failed") != r.mine.failed
            || last->countAt("cancelled") != r.mine.cancelled) {
            return std::nullopt;
        }
        const auto shards = static_cast<std::uint32_t>(last->countAt("shards"));
        const auto index = static_cast<std::uint32_t>(last->countAt("shard"));
        if (shards == 0 || index >= shards || !r.partsReadable
            || std::any_of(r.parts.begin(), r.parts.end(),
                [&](std::uint64_t hash) { return hash % shards != index; })) {
            return std::nullopt;
        }
        return std::pair(index, shards);
    }

    // Adds one report to the merge; false (said on `err`) when it belongs to another split or
    // batch than those before it, which ends the merge.
    bool addReport(Merge& m, const fs::path& file, ReportLines r, std::FILE* err)
    {
        const auto whole = wholeReportOf(r);
        if (!whole) {
            m.damaged.push_back(utf8(file));
            return true;
        }
        const auto [index, shards] = *whole;
        if (m.count && *m.count != shards) {
            std::fprintf(err,
                "dropsize-cli: the reports belong to different splits: %u parts and %u (%s)\n",
                *m.count, shards, printable(utf8(file)).c_str());
            return false;
        }
        // The parts of one batch name the same batch (runs from before the name have none).
        const std::string batchName = r.last->stringAt("batch");
        if (m.batch && *m.batch != batchName) {
            std::fprintf(err,
                "dropsize-cli: the reports belong to different batches (their inputs differ): "
                "%s and %s\n",
                printable(utf8(m.batchFile)).c_str(), printable(utf8(file)).c_str());
            return false;
        }
        if (!m.batch) {
            m.batch = batchName;
            m.batchFile = file;
        }
        m.count = shards;
        if (!m.finished.emplace(index, file).second) {
            std::fprintf(err,
                "dropsize-cli: shard %u is reported twice (%s and %s); the first counts\n", index,
                printable(utf8(m.finished[index])).c_str(), printable(utf8(file)).c_str());
            return true;
        }
        if (r.mine.left > 0 || r.last->countAt("exit") == kExitRetry) {
            m.unfinished.push_back(index);
        }
        Totals& t = m.t;
        for (std::string& input : r.inputs) {
            if (!t.inputs.insert(input).second) {
                t.duplicates.push_back(std::move(input));
            }
        }
        t.total += r.jobLines;
        t.ok += r.mine.ok;
        t.skipped += r.mine.skipped;
        t.failed += r.mine.failed;
        t.cancelled += r.mine.cancelled;
        t.ignored += r.mine.ignored;
        t.left += r.mine.left;
        for (const auto& [reason, n] : r.mine.reasons) {
            t.reasons[reason] += n;
        }
        return true;
    }

    // The shards no finished report names. With none finished, runs that died still say how the
    // batch was split.
    void findMissing(Merge& m, const std::vector<fs::path>& paths)
    {
        m.died = unfinishedRuns(paths);
        for (auto entry = m.died.begin(); !m.count && entry != m.died.end(); ++entry) {
            unsigned index = 0;
            unsigned shards = 0;
            char tail = 0;
            if (std::sscanf(entry->first.c_str(), "shard-%u-of-%u.jsonl%c", &index, &shards, &tail)
                    == 2
                && shards > 0 && shards <= kMaxShards) {
                m.count = shards;
            }
        }
        for (std::uint32_t i = 0; m.count && i < *m.count; ++i) {
            if (m.finished.count(i) == 0) {
                m.missing.push_back(i);
            }
        }
    }

    using Reasons = std::vector<std::pair<std::string, std::uint64_t>>;

    void printJson(const Merge& m, const Reasons& reasons, std::FILE* out)
    {
        const Totals& t = m.t;
        std::string text
            = "{\"shards\":" + (m.count ? std::to_string(*m.count) : "null") + ",\"finished\":[";
        bool first = true;
        for (const auto& entry : m.finished) {
            text += (first ? "" : ",") + std::to_string(entry.first);
            first = false;
        }
        text += "],\"missing\":[" + indexList(m.missing) + "],\"unfinished\":["
            + indexList(m.unfinished) + "],\"damaged\":[";
        for (std::size_t i = 0; i < m.damaged.size(); ++i) {
            text += (i == 0 ? "" : ",") + jsonString(m.damaged[i]);
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
    }

    // The shards finished, then one line for each that is missing, unfinished or damaged.
    void printShards(const Merge& m, std::FILE* out)
    {
        std::vector<std::uint32_t> done;
        done.reserve(m.finished.size());
        for (const auto& entry : m.finished) {
            done.push_back(entry.first);
        }
        std::fprintf(out, "%zu of %s shards finished%s\n", m.finished.size(),
            m.count ? std::to_string(*m.count).c_str() : "?",
            done.empty() ? "" : (" (" + indexList(done) + ")").c_str());
        for (const std::uint32_t i : m.missing) {
            const std::string name
                = "shard-" + std::to_string(i) + "-of-" + std::to_string(*m.count) + ".jsonl";
            const auto at = m.died.find(name);
            std::fprintf(out, "missing: shard %u (no finished report%s): run it again\n", i,
                at == m.died.end() ? ""
                                   : ("; a run of it stopped before its end and left "
                                       + printable(at->second.front()))
                                         .c_str());
        }
        for (const std::uint32_t i : m.unfinished) {
            std::fprintf(out, "unfinished: shard %u left files to do: run it again\n", i);
        }
        for (const std::string& d : m.damaged) {
            std::fprintf(
                out, "damaged: %s is not a whole report (ignored)\n", printable(d).c_str());
        }
    }

    void printText(const Merge& m, const Reasons& reasons, std::FILE* out)
    {
        printShards(m, out);
        const Totals& t = m.t;
        const bool all = m.missing.empty() && m.count;
        // With shards missing, what is left is more than the reports count: said so, never
        // "0 left to do".
        const std::string left = all
            ? std::to_string(t.left) + " left to do"
            : std::to_string(t.left) + " left to do in these reports and every file of "
                + (m.count ? std::to_string(m.missing.size()) + " missing shard"
                            + (m.missing.size() == 1 ? "" : "s")
                           : std::string("the shards no report names"));
        std::fprintf(out,
            "%s%llu inputs: %llu resized, %llu skipped, %llu failed, %s; %llu other paths "
            "ignored\n",
            all ? "" : "in the finished reports, ", static_cast<unsigned long long>(t.total),
            static_cast<unsigned long long>(t.ok), static_cast<unsigned long long>(t.skipped),
            static_cast<unsigned long long>(t.failed), left.c_str(),
            static_cast<unsigned long long>(t.ignored));
        for (const auto& [reason, n] : reasons) {
            std::fprintf(
                out, "  %llu  %s\n", static_cast<unsigned long long>(n), printable(reason).c_str());
        }
        if (!t.duplicates.empty()) {
            std::fprintf(out, "%zu inputs are in two shards' reports, such as %s\n",
                t.duplicates.size(), printable(t.duplicates.front()).c_str());
        }
    }

    int exitStatus(const Merge& m, std::FILE* err)
    {
        if (!m.readable) {
            return 2; // a path given is no report that can be read: said before
        }
        if (!m.count) {
            std::fprintf(err, "dropsize-cli: no report found, finished or not\n");
            return m.damaged.empty() ? 2 : kExitRetry;
        }
        if (!m.missing.empty() || !m.unfinished.empty() || !m.damaged.empty()) {
            return kExitRetry;
        }
        return m.t.failed > 0 || !m.t.duplicates.empty() ? 1 : 0;
    }

} // namespace

int mergeReports(const std::vector<fs::path>& paths, bool json, std::FILE* out, std::FILE* err)
{
    Merge m;
    for (const fs::path& file : reportFiles(paths, err, m.readable)) {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            std::fprintf(
                err, "dropsize-cli: cannot read the report %s\n", printable(utf8(file)).c_str());
            m.readable = false;
            continue;
        }
        ReportLines lines = readLines(in);
        if (!lines.anyEvent) {
            // A photo, a list, an empty file: no report of any run, whole or cut short.
            std::fprintf(
                err, "dropsize-cli: %s is not a Dropsize report\n", printable(utf8(file)).c_str());
            m.readable = false;
            continue;
        }
        if (!addReport(m, file, std::move(lines), err)) {
            return 2;
        }
    }
    findMissing(m, paths);
    Reasons reasons(m.t.reasons.begin(), m.t.reasons.end());
    std::stable_sort(reasons.begin(), reasons.end(),
        [](const auto& a, const auto& b) { return a.second > b.second; });
    if (json) {
        printJson(m, reasons, out);
    } else {
        printText(m, reasons, out);
    }
    return exitStatus(m, err);
}

} // namespace dropsize::cli
