// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_options.h"
#include "cli/cli_reporter.h"
#include "cli/dry_run.h"
#include "cli/signal_watcher.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/version.h"

#include <cstdio>
#include <string>
#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif
#include <vector>

int main(int argc, char** argv)
{
    using namespace dropsize;
    SignalWatcher signals; // blocks SIGINT/SIGTERM in every thread started after it

    auto parsed = cli::parseCommandLine(std::vector<std::string>(argv + 1, argv + argc));
    if (!parsed) {
        std::fprintf(stderr, "dropsize-cli: %s\n", parsed.error().message.c_str());
        return 2;
    }
    const cli::CliOptions& options = *parsed;
    if (options.help) {
        std::fputs(cli::usageText().c_str(), stdout);
        return 0;
    }
    if (options.version) {
        std::printf("dropsize-cli %s (git %s)\n%s\nDevices: %s\n", versionString(), gitRevision(),
            libraryVersions().c_str(), describeDevices(probeDevices()).c_str());
        return 0;
    }

    auto plan = BatchPlanner(options.plan).plan(options.inputs);
    if (!plan) {
        std::fprintf(stderr, "dropsize-cli: %s: %s\n", plan.error().path.c_str(),
            plan.error().message.c_str());
        return 2;
    }
    for (const Error& problem : plan->problems) {
        std::fprintf(stderr, "failed   %s: %s\n", problem.path.c_str(), problem.message.c_str());
    }
    if (options.dryRun) {
        cli::printDryRun(*plan, options, stdout);
        return plan->problems.empty() ? 0 : 1;
    }

#ifdef _WIN32
    const bool terminal = ::_isatty(::_fileno(stderr)) != 0;
#else
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
#endif
    cli::CliReporter reporter(options.json, terminal);
    BatchScheduler scheduler(options.batch, &reporter);
    signals.onSignal([&scheduler] { scheduler.cancel(); });
    const BatchSummary summary = scheduler.run(*plan);
    const bool allGood = summary.failed == 0 && !summary.wasCancelled && plan->problems.empty();
    return allGood ? 0 : 1;
}
