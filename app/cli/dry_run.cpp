// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/dry_run.h"

#include "cli/cli_reporter.h"
#include "dropsize/core/image_processor.h"

#include <fstream>
#include <iterator>
#include <vector>

namespace dropsize::cli {

void printDryRun(const BatchPlan& plan, const CliOptions& options, std::FILE* out)
{
    const ImageProcessor processor(options.batch.process);
    for (const Job& job : plan.jobs) {
        std::string status = "resize";
        std::string detail;
        Size from;
        Size to;
        if (job.skipReason) {
            status = "skip";
            detail = job.skipReason->message;
        } else {
            std::ifstream in(job.input, std::ios::binary);
            const std::vector<std::uint8_t> bytes { std::istreambuf_iterator<char>(in),
                std::istreambuf_iterator<char>() };
            auto inspected = processor.inspect(bytes);
            if (!inspected) {
                status = "fail";
                detail = inspected.error().message;
            } else {
                from = { inspected->header.info.width, inspected->header.info.height };
                to = inspected->plan.output;
            }
        }
        if (options.json) {
            std::fprintf(out,
                "{\"event\":\"plan\",\"id\":%zu,\"action\":\"%s\",\"input\":%s,\"output\":%s,"
                "\"input_size\":[%d,%d],\"output_size\":[%d,%d],\"reason\":%s}\n",
                job.id, status.c_str(), jsonString(job.input.string()).c_str(),
                jsonString(job.output.string()).c_str(), from.width, from.height, to.width,
                to.height, jsonString(detail).c_str());
        } else if (detail.empty()) {
            std::fprintf(out, "%-7s %s -> %s  %dx%d -> %dx%d\n", status.c_str(),
                job.input.string().c_str(), job.output.string().c_str(), from.width, from.height,
                to.width, to.height);
        } else {
            std::fprintf(
                out, "%-7s %s: %s\n", status.c_str(), job.input.string().c_str(), detail.c_str());
        }
    }
    for (const IgnoredPath& ignored : plan.ignored) {
        if (options.json) {
            std::fprintf(out, "{\"event\":\"ignored\",\"path\":%s,\"reason\":%s}\n",
                jsonString(ignored.path.string()).c_str(), jsonString(ignored.reason).c_str());
        } else {
            std::fprintf(
                out, "ignore  %s: %s\n", ignored.path.string().c_str(), ignored.reason.c_str());
        }
    }
    std::fprintf(options.json ? stderr : out, "%zu images planned, %zu other paths ignored\n",
        plan.jobs.size(), plan.ignored.size());
}

} // namespace dropsize::cli
