// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_help.h"
#include "cli/cli_options.h"
#include "cli/cli_reporter.h"
#include "cli/dry_run.h"
#include "cli/manifest.h"
#include "cli/report_merge.h"
#include "cli/report_writer.h"
#include "cli/signal_watcher.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/presets.h"
#include "dropsize/core/process_memory.h"
#include "dropsize/core/version.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#ifdef _WIN32
#include <windows.h>
// After windows.h, which it needs.
#include <fcntl.h>
#include <io.h>
#include <shellapi.h>
#else
#include <cerrno>
#include <fcntl.h>
#include <unistd.h>
#endif
#include <vector>

namespace {

// Exit statuses (also in --help and docs/cli.md).
constexpr int kExitOk = 0;
constexpr int kExitFailed = 1;
constexpr int kExitUsage = 2;
constexpr int kExitSignalBase = 128; // + the signal: 130 for SIGINT, 143 for SIGTERM
constexpr int kExitOutputClosed = 141; // 128 + SIGPIPE, as a shell reports a pipe's death
constexpr int kExitRetry = dropsize::cli::kExitRetry; // 75: run the shard again

#ifdef _WIN32
// main()'s argv is in the ANSI code page, where a name it cannot hold becomes '?': the
// arguments are taken from the UTF-16 command line instead and turned into UTF-8, what the
// parser and the engine expect. (CommandLineToArgvW is shell32's, a library MinGW and MSVC
// link by default.)
std::vector<std::string> utf8Arguments()
{
    std::vector<std::string> args;
    int count = 0;
    LPWSTR* wide = ::CommandLineToArgvW(::GetCommandLineW(), &count);
    if (wide == nullptr) {
        return args;
    }
    for (int i = 1; i < count; ++i) {
        // Through core's utf8(), as every path the engine reports: a name with a lone surrogate
        // (which NTFS allows) keeps it, where WideCharToMultiByte would make it U+FFFD and so
        // name another file.
        args.push_back(dropsize::utf8(std::filesystem::path(wide[i])));
    }
    ::LocalFree(wide);
    return args;
}

// The console shows what the program writes as UTF-8 while it runs, and gets its code page back
// afterwards (it belongs to the console, which the caller keeps). Without a console (output to a
// pipe or file) there is nothing to switch: the bytes are UTF-8 anyway.
class Utf8Console {
public:
    Utf8Console()
        : m_previous(::GetConsoleOutputCP())
    {
        if (m_previous != 0 && m_previous != CP_UTF8) {
            ::SetConsoleOutputCP(CP_UTF8);
        }
    }
    ~Utf8Console()
    {
        if (m_previous != 0 && m_previous != CP_UTF8) {
            ::SetConsoleOutputCP(m_previous);
        }
    }
    Utf8Console(const Utf8Console&) = delete;
    Utf8Console& operator=(const Utf8Console&) = delete;

private:
    UINT m_previous;
};
#endif

// Streams as the program needs them, before anything is written.
void prepareStreams()
{
#ifdef _WIN32
    // Binary mode: a line ends with "\n" alone, as on POSIX. In text mode the C runtime writes
    // "\r\n", so a file or pipe would get bytes that differ from system to system and JSON lines
    // that end in a carriage return; a console takes the line feed alone as a new line.
    (void)::_setmode(::_fileno(stdout), _O_BINARY);
    (void)::_setmode(::_fileno(stderr), _O_BINARY);
#else
    // Standard input, output and error closed by the caller (2>&-) would make the next files
    // opened take their numbers: messages would then be written into an output image.
    for (int fd = 0; fd <= 2; ++fd) {
        if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            (void)::open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        }
    }
    // A closed pipe on stdout is an error to handle (stop cleanly, with the summary on stderr),
    // not a death that loses the summary.
    std::signal(SIGPIPE, SIG_IGN);
#endif
}

// What a stop signal reaches: the plan's cancel token, and the scheduler while one runs.
struct StopState {
    dropsize::CancelToken stop;
    std::atomic<int> signal { 0 };
    std::mutex mutex;
    dropsize::BatchScheduler* running = nullptr; // guarded by mutex

    void onSignal(int s)
    {
        signal = s;
        stop.requestStop();
        std::lock_guard lock(mutex);
        if (running != nullptr) {
            running->cancel();
        }
    }

    void setRunning(dropsize::BatchScheduler* scheduler)
    {
        std::lock_guard lock(mutex);
        running = scheduler;
    }
};

void sayError(const std::string& message)
{
    std::fprintf(stderr, "dropsize-cli: %s\n", dropsize::cli::printable(message).c_str());
}

// --help, --list-presets, --version and --merge-reports: answered without a batch.
std::optional<int> answerAlone(const dropsize::cli::CliOptions& options)
{
    using namespace dropsize;
    if (options.help) {
        std::fputs(cli::usageText().c_str(), stdout);
        return kExitOk;
    }
    if (options.listPresets) {
        PresetStore presets(presetFilePath());
        if (auto loaded = presets.load(); !loaded) {
            std::fprintf(stderr, "dropsize-cli: cannot read the presets in %s: %s\n",
                cli::printable(loaded.error().path).c_str(),
                cli::printable(loaded.error().message).c_str());
            return kExitUsage;
        }
        for (const std::string& problem : cli::presetProblemLines(presets)) {
            sayError(problem);
        }
        std::fputs(cli::presetListText(presets).c_str(), stdout);
        return kExitOk;
    }
    if (options.version) {
        std::printf("dropsize-cli %s (git %s)\n%s\nDevices: %s\n", versionString(), gitRevision(),
            libraryVersions().c_str(), describeDevices(probeDevices()).english().c_str());
        return kExitOk;
    }
    if (options.mergeReports) {
        return cli::mergeReports(options.inputs, options.json, stdout, stderr);
    }
    return std::nullopt;
}

// --files-from: the list's paths become the inputs (with --root, the only ones).
bool readList(dropsize::cli::CliOptions& options)
{
    auto listed = dropsize::cli::readManifest(*options.filesFrom, options.null);
    if (!listed) {
        sayError(listed.error().message);
        return false;
    }
    if (options.root) {
        options.inputs = std::move(listed).value();
        options.plan.listRoot = *options.root;
    } else {
        options.inputs.insert(options.inputs.end(), listed->begin(), listed->end());
    }
    return true;
}

// --report, opened before anything is read: a report that cannot be written is a usage error,
// not a batch done for nothing. False when it cannot be (said).
bool openReport(
    const dropsize::cli::CliOptions& options, std::unique_ptr<dropsize::cli::ReportWriter>& report)
{
    using namespace dropsize;
    const Shard part = options.shard.value_or(Shard {}); // a run alone is part 0 of 1
    auto file = cli::reportFilePath(*options.report, options.shard);
    if (!file) {
        sayError(file.error().message);
        return false;
    }
    // The run's own list is never replaced, whatever it holds (a report, read as names).
    if (options.filesFrom) {
        const auto list = fileIdentity(*options.filesFrom);
        if (list && list == fileIdentity(*file)) {
            std::fprintf(stderr,
                "dropsize-cli: --report %s: it is this run's --files-from list; a report "
                "never replaces another file: choose another --report path\n",
                cli::printable(utf8(*file)).c_str());
            return false;
        }
    }
    auto opened = cli::ReportWriter::open(*file, part);
    if (!opened) {
        sayError(opened.error().message);
        return false;
    }
    report = std::move(opened).value();
    return true;
}

// The exit status of a plan that could not be made, said on standard error (and as a JSON
// event with --json, so that a script reading the events learns why there are none).
int planFailed(const dropsize::Error& error, const dropsize::cli::CliOptions& options, int signal)
{
    using namespace dropsize;
    if (options.json) {
        std::printf("{\"event\":\"error\",\"code\":\"%s\",\"path\":%s,\"message\":%s}\n",
            nameOf(error.code), cli::jsonString(error.path).c_str(),
            cli::jsonString(error.message).c_str());
        std::fflush(stdout);
    }
    if (error.code == ErrorCode::Cancelled) {
        std::fputs("Cancelled while looking for images: nothing was written\n", stderr);
        return options.shard ? kExitRetry : kExitSignalBase + signal;
    }
    std::fprintf(stderr, "dropsize-cli: %s: %s\n", cli::printable(error.path).c_str(),
        cli::printable(error.message).c_str());
    return kExitUsage;
}

// --list: the plan's inputs on standard output, relative to the root or to the one input
// folder (a list for --files-from --root).
int printList(const dropsize::BatchPlan& plan, const dropsize::cli::CliOptions& options)
{
    std::optional<std::filesystem::path> base;
    std::error_code ec;
    if (options.root) {
        base = std::filesystem::canonical(*options.root, ec);
    } else if (options.inputs.size() == 1 && std::filesystem::is_directory(options.inputs[0], ec)) {
        base = std::filesystem::canonical(options.inputs[0], ec);
    }
    if (ec) {
        base.reset();
    }
    auto text = dropsize::cli::listText(plan, base, options.null);
    if (!text) {
        // Refused as a whole (a name no list without --null can hold): nothing is written.
        sayError(text.error().message);
        return kExitUsage;
    }
    const bool written = std::fwrite(text->data(), 1, text->size(), stdout) == text->size()
        && std::fflush(stdout) == 0;
    if (!written) {
        std::fputs("dropsize-cli: the list could not be written to standard output\n", stderr);
        return kExitOutputClosed;
    }
    return kExitOk;
}

// Runs the batch, reporting on standard error (or as JSON lines) and to the report file.
int runBatch(const dropsize::BatchPlan& plan, const dropsize::cli::CliOptions& options,
    dropsize::cli::ReportWriter* report, StopState& stop)
{
    using namespace dropsize;
#ifdef _WIN32
    const bool terminal = ::_isatty(::_fileno(stderr)) != 0;
#else
    const bool terminal = ::isatty(STDERR_FILENO) != 0;
#endif
    cli::CliReporter reporter(options.json, terminal);
    cli::RunObservers observers(reporter, report);
    BatchScheduler scheduler(options.batch, &observers);
    reporter.onOutputClosed([&scheduler] { scheduler.cancel(); });
    stop.setRunning(&scheduler);
    if (stop.stop.stopRequested()) {
        scheduler.cancel(); // a signal between planning and here
    }
    reporter.reportIgnored(plan.ignored);
    if (report != nullptr) {
        report->reportIgnored(plan.ignored);
    }
    const BatchSummary summary = scheduler.run(plan);
    stop.setRunning(nullptr);
    int exitCode = summary.failed == 0 && !summary.wasCancelled ? kExitOk : kExitFailed;
    if (reporter.outputClosed()) {
        exitCode = kExitOutputClosed;
    } else if (summary.wasCancelled && stop.signal.load() != 0) {
        // A shard stopped by its engine (preempted, evicted, cancelled) is one to run again.
        exitCode = options.shard ? kExitRetry : kExitSignalBase + stop.signal.load();
    } else if (observers.leftForRetry() > 0) {
        exitCode = kExitRetry; // a full disk, an I/O error, no memory: another run may do them
    }
    if (report != nullptr) {
        if (Status finished = report->finish(summary, exitCode); !finished) {
            sayError(finished.error().message);
            if (exitCode == kExitOk || exitCode == kExitFailed) {
                exitCode = kExitRetry; // the work is done, but no report says so
            }
        }
    }
    return exitCode;
}

int runCli(const std::vector<std::string>& args)
{
    using namespace dropsize;
    prepareStreams();
#ifdef _WIN32
    const Utf8Console console;
#endif
    // The watcher in place before anything is read: a stop while folders are listed counts too.
    // It blocks SIGINT/SIGTERM in every thread started after it, and ends before `stop` does.
    StopState stop;
    SignalWatcher signals;
    signals.onSignal([&stop](int signal) { stop.onSignal(signal); });

    auto parsed = cli::parseCommandLine(args);
    if (!parsed) {
        sayError(parsed.error().message);
        return kExitUsage;
    }
    cli::CliOptions& options = *parsed;
    for (const std::string& problem : options.presetProblems) {
        sayError(problem);
    }
    if (const auto answered = answerAlone(options)) {
        return *answered;
    }
    if (options.filesFrom && !readList(options)) {
        return kExitUsage;
    }
    std::unique_ptr<cli::ReportWriter> report;
    if (options.report && !openReport(options, report)) {
        return kExitUsage;
    }
    options.plan.cancel = &stop.stop;
    auto plan = BatchPlanner(options.plan).plan(options.inputs);
    if (!plan) {
        return planFailed(plan.error(), options, stop.signal.load());
    }
    if (options.list) {
        return printList(*plan, options);
    }
    // Now that the inputs and outputs are known, and still before anything is written.
    if (report) {
        if (Status fits = report->checkAgainst(*plan); !fits) {
            sayError(fits.error().message);
            return kExitUsage;
        }
    }
    if (options.dryRun) {
        const cli::DryRunCounts counts = cli::printDryRun(*plan, options, stdout, &stop.stop);
        if (stop.stop.stopRequested()) {
            return kExitSignalBase + stop.signal.load();
        }
        if (counts.outputClosed) {
            std::fputs("dropsize-cli: standard output was closed; the dry run stopped there "
                       "(it writes no file)\n",
                stderr);
            return kExitOutputClosed;
        }
        return counts.failed == 0 ? kExitOk : kExitFailed;
    }
    return runBatch(*plan, options, report.get(), stop);
}

} // namespace

int main(int argc, char** argv)
{
    dropsize::keepFreedMemory();
    // A job's failures are values and end that job only; what is left to throw (memory while
    // planning, say) ends the run with a message instead of an abort.
    try {
#ifdef _WIN32
        (void)argc;
        (void)argv;
        return runCli(utf8Arguments());
#else
        return runCli(std::vector<std::string>(argv + 1, argv + argc));
#endif
    } catch (const std::exception& e) {
        std::fprintf(stderr, "dropsize-cli: stopped by an unexpected error: %s\n", e.what());
    } catch (...) {
        std::fputs("dropsize-cli: stopped by an unexpected error\n", stderr);
    }
    return kExitFailed;
}
