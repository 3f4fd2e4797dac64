// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_reporter.h"

#include <string>

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

} // namespace

std::string jsonString(const std::string& text)
{
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                char buffer[8];
                std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
                out += buffer;
            } else {
                out += ch;
            }
        }
    }
    return out + "\"";
}

CliReporter::CliReporter(bool json, bool progressLine)
    : m_json(json)
    , m_progressLine(progressLine && !json)
{
}

void CliReporter::onBatchStarted(std::size_t jobCount)
{
    std::lock_guard lock(m_mutex);
    m_total = jobCount;
    m_start = std::chrono::steady_clock::now();
    if (m_json) {
        std::printf("{\"event\":\"batch-started\",\"jobs\":%zu}\n", jobCount);
        std::fflush(stdout);
    }
}

void CliReporter::onJobStarted(const Job& job)
{
    if (!m_json) {
        return;
    }
    std::lock_guard lock(m_mutex);
    std::printf("{\"event\":\"job-started\",\"id\":%zu,\"input\":%s,\"output\":%s}\n", job.id,
        jsonString(job.input.string()).c_str(), jsonString(job.output.string()).c_str());
    std::fflush(stdout);
}

void CliReporter::onJobFinished(const JobReport& r)
{
    std::lock_guard lock(m_mutex);
    ++m_done;
    if (m_json) {
        std::string line = "{\"event\":\"job-finished\",\"id\":" + std::to_string(r.id)
            + ",\"status\":\"" + jobStatusName(r.status) + "\",\"input\":"
            + jsonString(r.input.string()) + ",\"output\":" + jsonString(r.output.string())
            + ",\"input_bytes\":" + std::to_string(r.inputBytes)
            + ",\"output_bytes\":" + std::to_string(r.outputBytes) + ",\"input_size\":["
            + std::to_string(r.inputSize.width) + "," + std::to_string(r.inputSize.height)
            + "],\"output_size\":[" + std::to_string(r.outputSize.width) + ","
            + std::to_string(r.outputSize.height) + "],\"device\":" + jsonString(r.device)
            + ",\"seconds\":" + std::to_string(r.seconds);
        if (r.error) {
            line += ",\"error\":{\"code\":\"" + std::string(errorCodeName(r.error->code))
                + "\",\"message\":" + jsonString(r.error->message) + "}";
        }
        std::printf("%s}\n", line.c_str());
        std::fflush(stdout);
        return;
    }
    if (m_progressLine) {
        std::fputs("\r\033[K", stderr);
    }
    switch (r.status) {
    case JobStatus::Ok:
        std::printf("ok       %s -> %s  %s -> %s  %llu -> %llu bytes  %s %.2fs\n",
            r.input.string().c_str(), r.output.string().c_str(), sizeText(r.inputSize).c_str(),
            sizeText(r.outputSize).c_str(), static_cast<unsigned long long>(r.inputBytes),
            static_cast<unsigned long long>(r.outputBytes), r.device.c_str(), r.seconds);
        break;
    case JobStatus::Skipped:
        std::printf(
            "skipped  %s: %s\n", r.input.string().c_str(), r.error ? r.error->message.c_str() : "");
        break;
    case JobStatus::Failed:
        std::fflush(stdout);
        std::fprintf(stderr, "failed   %s: %s\n", r.input.string().c_str(),
            r.error ? r.error->message.c_str() : "unknown error");
        break;
    case JobStatus::Cancelled:
        break;
    }
    std::fflush(stdout);
    drawProgress();
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
    if (m_json) {
        std::printf("{\"event\":\"batch-finished\",\"total\":%zu,\"ok\":%zu,\"skipped\":%zu,"
                    "\"failed\":%zu,\"cancelled\":%zu,\"input_bytes\":%llu,\"output_bytes\":%llu,"
                    "\"seconds\":%.3f,\"ok_on_gpu\":%zu,\"gpu\":%s}\n",
            s.total, s.ok, s.skipped, s.failed, s.cancelled,
            static_cast<unsigned long long>(s.inputBytes),
            static_cast<unsigned long long>(s.outputBytes), s.seconds, s.okOnGpu,
            s.gpuName.empty() ? "null" : jsonString(s.gpuName).c_str());
        std::fflush(stdout);
        return;
    }
    if (m_progressLine) {
        std::fputs("\r\033[K", stderr);
    }
    std::fprintf(stderr,
        "%s%zu resized, %zu skipped, %zu failed%s in %s (%.1f images/s); %llu -> %llu bytes\n",
        s.wasCancelled ? "Cancelled: " : "Done: ", s.ok, s.skipped, s.failed,
        s.cancelled > 0 ? (", " + std::to_string(s.cancelled) + " not done").c_str() : "",
        duration(s.seconds).c_str(), s.seconds > 0 ? static_cast<double>(s.ok) / s.seconds : 0.0,
        static_cast<unsigned long long>(s.inputBytes),
        static_cast<unsigned long long>(s.outputBytes));
    if (!s.gpuName.empty() && s.seconds > 0) {
        // Per device: how many each resized, and at what rate over the batch.
        const std::size_t cpu = s.ok - s.okOnGpu;
        std::fprintf(stderr, "  GPU %s: %zu (%.1f images/s); CPU: %zu (%.1f images/s)\n",
            s.gpuName.c_str(), s.okOnGpu, static_cast<double>(s.okOnGpu) / s.seconds, cpu,
            static_cast<double>(cpu) / s.seconds);
    }
}

void CliReporter::onNotice(const std::string& message)
{
    std::lock_guard lock(m_mutex);
    if (m_json) {
        std::printf("{\"event\":\"notice\",\"message\":%s}\n", jsonString(message).c_str());
        std::fflush(stdout);
        return;
    }
    if (m_progressLine) {
        std::fputs("\r\033[K", stderr);
    }
    std::fprintf(stderr, "note: %s\n", message.c_str());
}

} // namespace dropsize::cli
