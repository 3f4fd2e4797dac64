// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/manifest.h"

#include "dropsize/core/path_text.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace fs = std::filesystem;

namespace dropsize::cli {

std::vector<fs::path> manifestPaths(std::string_view text, bool null)
{
    std::vector<fs::path> paths;
    const char separator = null ? '\0' : '\n';
    while (!text.empty()) {
        const std::size_t end = text.find(separator);
        std::string_view entry = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (!null && entry.ends_with('\r')) {
            entry.remove_suffix(1);
        }
        if (!entry.empty()) {
            paths.push_back(pathFromUtf8(std::string(entry)));
        }
    }
    return paths;
}

Result<std::vector<fs::path>> readManifest(const fs::path& file, bool null)
{
    std::string text;
    if (file == "-") {
        std::ostringstream all;
        all << std::cin.rdbuf();
        if (std::cin.bad()) {
            return Error::of(
                ErrorCode::Io, Text::tr("cannot read the list from standard input"), "-");
        }
        text = std::move(all).str();
    } else {
        std::ifstream in(file, std::ios::binary);
        if (!in) {
            Error e = Error::of(ErrorCode::Io,
                Text::tr("cannot read the list %1: %2").arg(utf8(file)).arg(systemError(errno)),
                utf8(file));
            e.systemCode = errno;
            return e;
        }
        text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        if (in.bad()) {
            return Error::of(
                ErrorCode::Io, Text::tr("cannot read the list %1").arg(utf8(file)), utf8(file));
        }
    }
    return manifestPaths(text, null);
}

Result<std::string> listText(const BatchPlan& plan, const std::optional<fs::path>& base, bool null)
{
    // Compared and written with '/' between names: on Windows too, where either is one.
    const auto generic = [](const fs::path& p) {
        std::string text = utf8(p);
#ifdef _WIN32
        std::replace(text.begin(), text.end(), '\\', '/');
#endif
        return text;
    };
    std::string prefix;
    if (base) {
        prefix = generic(*base);
        if (!prefix.empty() && prefix.back() != '/') {
            prefix += '/';
        }
    }
    std::vector<std::string> lines;
    lines.reserve(plan.jobs.size());
    for (const Job& job : plan.jobs) {
        std::string path = generic(job.input());
        if (!prefix.empty() && path.starts_with(prefix)) {
            path.erase(0, prefix.size());
        }
        if (!null && path.find('\n') != std::string::npos) {
            return Error::of(ErrorCode::InvalidArgument,
                Text::tr("%1 has a line feed in its name; a list of such names needs %2")
                    .arg(utf8(job.input()))
                    .arg("--null"),
                utf8(job.input()));
        }
        lines.push_back(std::move(path));
    }
    std::sort(lines.begin(), lines.end());
    std::string text;
    for (const std::string& line : lines) {
        text += line;
        text += null ? '\0' : '\n';
    }
    return text;
}

} // namespace dropsize::cli
