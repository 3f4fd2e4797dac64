// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// libFuzzer target: what dropsize-cli reads besides images and arguments, and the names it
// makes. The input is read three ways: as a list (--files-from, with and without --null), as a
// report given to --merge-reports (and to the check that decides whether a report may be
// replaced), and, up to its first line feed, as a name pattern (--name) expanded for a name
// that fills the file system's 255 bytes and for the input's own bytes as a name.
#include "cli/manifest.h"
#include "cli/report_merge.h"
#include "cli/report_writer.h"
#include "dropsize/core/name_template.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <unistd.h>

namespace {

// One scratch file for the process, removed at its exit.
const std::filesystem::path& scratchFile()
{
    static const std::filesystem::path path = [] {
        std::string name
            = (std::filesystem::temp_directory_path() / "dropsize-fuzz-XXXXXX").string();
        const int fd = ::mkstemp(name.data());
        if (fd < 0) {
            std::abort();
        }
        ::close(fd);
        std::atexit([] { std::filesystem::remove(scratchFile()); });
        return std::filesystem::path(name);
    }();
    return path;
}

void checkList(std::string_view text)
{
    for (const bool null : { false, true }) {
        const auto paths = dropsize::cli::manifestPaths(text, null);
        if (!paths) {
            continue;
        }
        if (!null && text.find('\0') != std::string_view::npos) {
            __builtin_trap(); // a list with NUL bytes read by lines
        }
        for (const std::filesystem::path& p : *paths) {
            const std::string& name = p.native();
            if (name.empty() || name.find(null ? '\0' : '\n') != std::string::npos) {
                __builtin_trap(); // an empty entry, or one holding its separator
            }
        }
    }
}

void checkReport(std::string_view text)
{
    const std::filesystem::path& file = scratchFile();
    std::FILE* out = std::fopen(file.c_str(), "wb");
    if (out == nullptr) {
        std::abort();
    }
    std::fwrite(text.data(), 1, text.size(), out);
    std::fclose(out);
    (void)dropsize::cli::isReportOf(file, dropsize::Shard {});
    std::FILE* sink = std::fopen("/dev/null", "w");
    const int code = dropsize::cli::mergeReports({ file }, text.size() % 2 == 0, sink, sink);
    std::fclose(sink);
    if (code != 0 && code != 1 && code != 2 && code != dropsize::cli::kExitRetry) {
        __builtin_trap(); // an exit status the merge does not promise
    }
}

void checkPattern(std::string_view text)
{
    const std::string_view first = text.substr(0, text.find('\n'));
    auto pattern = dropsize::NameTemplate::parse(first);
    if (!pattern) {
        return;
    }
    const std::string longName(251, 'a');
    for (const std::string_view name : { std::string_view(longName), text }) {
        dropsize::NameFields fields { name, "jpg", { 4000, 3000 }, "fit4000x3000", 12345, 6 };
        for (const auto rules : { dropsize::NameRules::Posix, dropsize::NameRules::Windows }) {
            const std::string out = pattern->expand(fields, rules);
            std::size_t start = 0;
            for (;;) {
                const std::size_t slash = out.find('/', start);
                const std::size_t length
                    = (slash == std::string::npos ? out.size() : slash) - start;
                if (length == 0 || length > 255) {
                    __builtin_trap(); // an empty name, or one no file system takes
                }
                if (slash == std::string::npos) {
                    break;
                }
                start = slash + 1;
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    checkList(text);
    checkReport(text);
    checkPattern(text);
    return 0;
}
