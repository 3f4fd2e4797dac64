// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_reporter.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/utf8.h"

#include <cerrno>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

namespace dropsize::cli {

namespace {

    std::string sizeText(Size s)
    {
        return std::to_string(s.width) + "x" + std::to_string(s.height);
    }

    std::string duration(double seconds)
    {
        const auto s = static_cast<long long>(seconds + 0.5);
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%lld:%02lld", s / 60, s % 60);
        return buffer;
    }

    void appendHex(std::string& out, const char* format, unsigned value)
    {
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, format, value);
        out += buffer;
    }

} // namespace

std::string jsonString(std::string_view text)
{
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const auto cp = utf8CharAt(text, i);
        if (!cp) {
            appendHex(out, "\\udc%02x", c); // a byte that is not UTF-8 (surrogateescape)
            ++i;
            continue;
        }
        if (cp->length > 1) {
            out.append(text.substr(i, cp->length));
        } else if (c == '"') {
            out += "\\\"";
        } else if (c == '\\') {
            out += "\\\\";
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\t') {
            out += "\\t";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c < 0x20 || c == 0x7f) {
            appendHex(out, "\\u%04x", c);
        } else {
            out += static_cast<char>(c);
        }
        i += cp->length;
    }
    return out + "\"";
}

std::string printable(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto cp = utf8CharAt(text, i);
        // Controls (C0, DEL, C1) and the bidirectional overrides and isolates, which can make a
        // name read backwards ("gpj.exe").
        const bool control = cp
            && (cp->code < 0x20 || (cp->code >= 0x7f && cp->code < 0xa0) || cp->code == 0x200e
                || cp->code == 0x200f || (cp->code >= 0x202a && cp->code <= 0x202e)
                || (cp->code >= 0x2066 && cp->code <= 0x2069));
        if (!cp || control) {
            const std::size_t n = cp ? cp->length : 1;
            for (std::size_t k = 0; k < n; ++k) {
                appendHex(out, "\\x%02x", static_cast<unsigned char>(text[i + k]));
            }
            i += n;
            continue;
        }
        out.append(text.substr(i, cp->length));
        i += cp->length;
    }
    return out;
}

std::string jobFinishedJson(const JobReport& r, std::string_view extraMembers)
{
    std::string line = "{\"event\":\"job-finished\",\"id\":" + std::to_string(r.id)
        + ",\"status\":\"" + nameOf(r.status) + "\",\"input\":" + jsonString(utf8(r.input))
        + ",\"output\":" + jsonString(utf8(r.output))
        + ",\"input_bytes\":" + std::to_string(r.inputBytes)
        + ",\"output_bytes\":" + std::to_string(r.outputBytes) + ",\"input_size\":["
        + std::to_string(r.inputSize.width) + "," + std::to_string(r.inputSize.height)
        + "],\"output_size\":[" + std::to_string(r.outputSize.width) + ","
        + std::to_string(r.outputSize.height) + "],\"device\":" + jsonString(nameOf(r.device))
        + ",\"seconds\":" + std::to_string(r.seconds);
    if (r.error) {
        line += ",\"error\":{\"code\":\"" + std::string(nameOf(r.error->code))
            + "\",\"message\":" + jsonString(r.error->message) + "}";
    }
    if (!r.note.empty()) {
        line += ",\"note\":" + jsonString(r.note.english());
    }
    if (!r.warning.empty()) {
        line += ",\"warning\":" + jsonString(r.warning.english());
    }
    if (r.quality != 0) {
        line += ",\"quality\":" + std::to_string(r.quality);
    }
    if (r.ifBigger != IfBigger::Keep) {
        line += ",\"if_bigger\":\"" + std::string(nameOf(r.ifBigger)) + "\"";
    }
    line += ",\"outputs\":[";
    for (std::size_t i = 0; i < r.outputs.size(); ++i) {
        const OutputReport& o = r.outputs[i];
        line += std::string(i == 0 ? "" : ",") + "{\"size\":" + jsonString(o.label)
            + ",\"status\":\"" + nameOf(o.status) + "\",\"output\":" + jsonString(utf8(o.path))
            + ",\"output_size\":[" + std::to_string(o.outputSize.width) + ","
            + std::to_string(o.outputSize.height) + "],\"output_bytes\":" + std::to_string(o.bytes)
            + ",\"device\":" + jsonString(nameOf(o.device))
            + ",\"seconds\":" + std::to_string(o.seconds);
        if (o.error) {
            line += ",\"error\":{\"code\":\"" + std::string(nameOf(o.error->code))
                + "\",\"message\":" + jsonString(o.error->message) + "}";
        }
        if (!o.note.empty()) {
            line += ",\"note\":" + jsonString(o.note.english());
        }
        if (!o.warning.empty()) {
            line += ",\"warning\":" + jsonString(o.warning.english());
        }
        if (o.quality != 0) {
            line += ",\"quality\":" + std::to_string(o.quality);
        }
        if (o.ifBigger != IfBigger::Keep) {
            line += ",\"if_bigger\":\"" + std::string(nameOf(o.ifBigger)) + "\"";
        }
        line += "}";
    }
    return line + "]" + std::string(extraMembers) + "}";
}

std::string ignoredJson(const IgnoredPath& ignored)
{
    return "{\"event\":\"ignored\",\"path\":" + jsonString(utf8(ignored.path))
        + ",\"reason\":" + jsonString(ignored.reason.english()) + "}";
}

CliReporter::CliReporter(bool json, bool progressLine, LineSink sink)
    : m_json(json)
    , m_progressLine(progressLine && !json)
    , m_sink(std::move(sink))
{
}

void CliReporter::onOutputClosed(std::function<void()> callback)
{
    std::lock_guard lock(m_mutex);
    m_onClosed = std::move(callback);
}

bool CliReporter::emit(const std::string& line)
{
    if (m_closed.load()) {
        return false;
    }
    if (m_sink) {
        if (m_sink(line)) {
            return true;
        }
        m_closed = true;
        if (m_onClosed) {
            m_onClosed();
        }
        return false;
    }
    const bool written = std::fputs(line.c_str(), stdout) >= 0 && std::fflush(stdout) == 0;
    if (written) {
        return true;
    }
    m_closed = true;
    clearProgress();
    std::fprintf(stderr,
        "dropsize-cli: standard output was closed (%s); stopping: files being written finish, "
        "no partial file is left, and the summary follows here\n",
        systemErrorText(errno).c_str());
    if (m_onClosed) {
        m_onClosed();
    }
    return false;
}

void CliReporter::clearProgress()
{
    if (m_progressLine) {
        std::fputs("\r\033[K", stderr);
    }
}

void CliReporter::reportIgnored(const std::vector<IgnoredPath>& ignored)
{
    std::lock_guard lock(m_mutex);
    m_ignored = ignored.size();
    if (!m_json) {
        return;
    }
    for (const IgnoredPath& i : ignored) {
        if (!emit(ignoredJson(i) + "\n")) {
            return;
        }
    }
}

void CliReporter::onBatchStarted(std::size_t jobCount)
{
    std::lock_guard lock(m_mutex);
    m_total = jobCount;
    m_start = std::chrono::steady_clock::now();
    if (m_json) {
        emit("{\"event\":\"batch-started\",\"jobs\":" + std::to_string(jobCount) + "}\n");
    }
}

void CliReporter::onJobStarted(const Job& job)
{
    if (!m_json) {
        return;
    }
    std::lock_guard lock(m_mutex);
    emit("{\"event\":\"job-started\",\"id\":" + std::to_string(job.id) + ",\"input\":"
        + jsonString(utf8(job.input())) + ",\"output\":" + jsonString(utf8(job.output())) + "}\n");
}

void CliReporter::onJobFinished(const JobReport& r)
{
    std::lock_guard lock(m_mutex);
    ++m_done;
    if (m_json) {
        emit(jobFinishedJson(r) + "\n");
        return;
    }
    clearProgress();
    const std::string input = printable(utf8(r.input));
    if (r.outputs.size() > 1) {
        // A line for each size: what was written, skipped or why it failed.
        for (const OutputReport& o : r.outputs) {
            emitOutput(r, o, input);
        }
        drawProgress();
        return;
    }
    switch (r.status) {
    case JobStatus::Ok: {
        char numbers[160];
        std::snprintf(numbers, sizeof numbers, "  %s -> %s  %llu -> %llu bytes  %s %.2fs",
            sizeText(r.inputSize).c_str(), sizeText(r.outputSize).c_str(),
            static_cast<unsigned long long>(r.inputBytes),
            static_cast<unsigned long long>(r.outputBytes), nameOf(r.device), r.seconds);
        emit("ok       " + input + " -> " + printable(utf8(r.output)) + numbers
            + (r.quality != 0 ? "  quality " + std::to_string(r.quality) : "")
            + (r.note.empty() ? "" : "  (" + r.note.english() + ")") + "\n");
        if (!r.warning.empty()) {
            std::fprintf(
                stderr, "warning  %s: %s\n", input.c_str(), printable(r.warning.english()).c_str());
        }
        break;
    }
    case JobStatus::Skipped:
        emit("skipped  " + input + ": " + (r.error ? printable(r.error->message) : "") + "\n");
        break;
    case JobStatus::Failed:
        std::fprintf(stderr, "failed   %s: %s\n", input.c_str(),
            r.error ? printable(r.error->message).c_str() : "unknown error");
        break;
    case JobStatus::Cancelled:
        break;
    }
    drawProgress();
}

void CliReporter::emitOutput(const JobReport& r, const OutputReport& o, const std::string& input)
{
    const std::string output = printable(utf8(o.path));
    switch (o.status) {
    case JobStatus::Ok: {
        char numbers[160];
        std::snprintf(numbers, sizeof numbers, "  %s -> %s  %llu -> %llu bytes  %s %.2fs",
            sizeText(r.inputSize).c_str(), sizeText(o.outputSize).c_str(),
            static_cast<unsigned long long>(r.inputBytes), static_cast<unsigned long long>(o.bytes),
            nameOf(o.device), o.seconds);
        std::string line = "ok       ";
        line.append(input).append(" -> ").append(output).append(numbers);
        if (o.quality != 0) {
            line.append("  quality ").append(std::to_string(o.quality));
        }
        if (!o.note.empty()) {
            line.append("  (").append(o.note.english()).append(")");
        }
        emit(line + "\n");
        if (!o.warning.empty()) {
            std::fprintf(stderr, "warning  %s -> %s: %s\n", input.c_str(), output.c_str(),
                printable(o.warning.english()).c_str());
        }
        break;
    }
    case JobStatus::Skipped: {
        std::string line = "skipped  ";
        line.append(input).append(" -> ").append(output).append(": ");
        if (o.error) {
            line.append(printable(o.error->message));
        }
        emit(line + "\n");
        break;
    }
    case JobStatus::Failed:
        std::fprintf(stderr, "failed   %s -> %s: %s\n", input.c_str(), output.c_str(),
            o.error ? printable(o.error->message).c_str() : "unknown error");
        break;
    case JobStatus::Cancelled:
        break;
    }
}

void CliReporter::drawProgress()
{
    if (!m_progressLine || m_total == 0) {
        return;
    }
    const double elapsed
        = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    const double rate = elapsed > 0 ? static_cast<double>(m_done) / elapsed : 0.0;
    const double left = rate > 0 ? static_cast<double>(m_total - m_done) / rate : 0.0;
    std::fprintf(
        stderr, "[%zu/%zu] %.1f images/s, %s left", m_done, m_total, rate, duration(left).c_str());
    std::fflush(stderr);
}

void CliReporter::onBatchFinished(const BatchSummary& s)
{
    std::lock_guard lock(m_mutex);
    if (m_json && !m_closed.load()) {
        char line[512];
        std::snprintf(line, sizeof line,
            "{\"event\":\"batch-finished\",\"total\":%zu,\"ok\":%zu,\"skipped\":%zu,"
            "\"failed\":%zu,\"cancelled\":%zu,\"ignored\":%zu,\"sizes\":%zu,\"outputs\":%zu,"
            "\"outputs_ok\":%zu,\"outputs_skipped\":%zu,\"outputs_failed\":%zu,"
            "\"outputs_cancelled\":%zu,\"input_bytes\":%llu,"
            "\"output_bytes\":%llu,\"seconds\":%.3f,\"ok_on_gpu\":%zu,\"gpu\":",
            s.total, s.ok, s.skipped, s.failed, s.cancelled, m_ignored, s.sizes, s.outputs,
            s.outputsOk, s.outputsSkipped, s.outputsFailed, s.outputsCancelled,
            static_cast<unsigned long long>(s.inputBytes),
            static_cast<unsigned long long>(s.outputBytes), s.seconds, s.okOnGpu);
        if (emit(
                std::string(line) + (s.gpuName.empty() ? "null" : jsonString(s.gpuName)) + "}\n")) {
            return;
        }
    }
    clearProgress();
    if (s.sizes > 1) {
        // Inputs and outputs apart: an input counts as failed when any of its sizes did.
        std::fprintf(stderr,
            "%s%zu inputs at %zu sizes: %zu outputs written, %zu skipped, %zu failed%s; inputs: "
            "%zu resized, %zu skipped, %zu failed%s%s in %s (%.1f outputs/s); %llu -> %llu "
            "bytes\n",
            s.wasCancelled ? "Cancelled: " : "Done: ", s.total, s.sizes, s.outputsOk,
            s.outputsSkipped, s.outputsFailed,
            s.outputsCancelled > 0
                ? (", " + std::to_string(s.outputsCancelled) + " not done").c_str()
                : "",
            s.ok, s.skipped, s.failed,
            s.cancelled > 0 ? (", " + std::to_string(s.cancelled) + " not done").c_str() : "",
            m_ignored > 0 ? (", " + std::to_string(m_ignored) + " other paths ignored").c_str()
                          : "",
            duration(s.seconds).c_str(),
            s.seconds > 0 ? static_cast<double>(s.outputsOk) / s.seconds : 0.0,
            static_cast<unsigned long long>(s.inputBytes),
            static_cast<unsigned long long>(s.outputBytes));
    } else {
        std::fprintf(stderr,
            "%s%zu resized, %zu skipped, %zu failed%s%s in %s (%.1f images/s); %llu -> %llu "
            "bytes\n",
            s.wasCancelled ? "Cancelled: " : "Done: ", s.ok, s.skipped, s.failed,
            s.cancelled > 0 ? (", " + std::to_string(s.cancelled) + " not done").c_str() : "",
            m_ignored > 0 ? (", " + std::to_string(m_ignored) + " other paths ignored").c_str()
                          : "",
            duration(s.seconds).c_str(),
            s.seconds > 0 ? static_cast<double>(s.ok) / s.seconds : 0.0,
            static_cast<unsigned long long>(s.inputBytes),
            static_cast<unsigned long long>(s.outputBytes));
    }
    if (!s.gpuName.empty() && s.seconds > 0) {
        // Per device: how many each resized, and at what rate over the batch.
        const std::size_t cpu = s.ok - s.okOnGpu;
        std::fprintf(stderr, "  GPU %s: %zu (%.1f images/s); CPU: %zu (%.1f images/s)\n",
            s.gpuName.c_str(), s.okOnGpu, static_cast<double>(s.okOnGpu) / s.seconds, cpu,
            static_cast<double>(cpu) / s.seconds);
    }
}

void CliReporter::onNotice(const Text& message)
{
    const std::string english = message.english();
    std::lock_guard lock(m_mutex);
    if (m_json) {
        emit("{\"event\":\"notice\",\"message\":" + jsonString(english) + "}\n");
        return;
    }
    clearProgress();
    std::fprintf(stderr, "note: %s\n", english.c_str());
}

} // namespace dropsize::cli
