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

Result<std::vector<fs::path>> manifestPaths(std::string_view text, bool null)
{
    const char separator = null ? '\0' : '\n';
    if (!null && text.find('\0') != std::string_view::npos) {
        // Read by lines, its names would be one path (or the first alone): refused, not guessed.
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr(
                "it holds NUL bytes, which separate the names of a list written with %1: read it "
                "with %1")
                .arg("--null"));
    }
    if (null && !text.empty() && text.find('\0') == std::string_view::npos
        && text.find('\n') != std::string_view::npos) {
        // A list written with --null ends every name with NUL; one with line feeds and no NUL
        // is a list of lines, which read so would be one name.
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("it holds line feeds and no NUL byte: it is a list of lines, read without %1")
                .arg("--null"));
    }
    // A line feed alone or a carriage return before it: the second only when every line has
    // it (a list written on Windows). Where some lines have it and others not, a carriage
    // return could be a name's last byte: refused, not guessed.
    bool windowsLines = !null;
    bool anyCarriageReturn = false;
    for (std::string_view rest = text; !null && !rest.empty();) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
        if (line.empty()) {
            continue;
        }
        const bool cr = line.back() == '\r';
        anyCarriageReturn = anyCarriageReturn || cr;
        windowsLines = windowsLines && cr;
    }
    if (anyCarriageReturn && !windowsLines) {
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("some of its lines end in a carriage return and others do not: a name that "
                     "ends in one cannot be told from a Windows line end; write the list with %1 "
                     "and read it with %1")
                .arg("--null"));
    }
    std::vector<fs::path> paths;
    while (!text.empty()) {
        const std::size_t end = text.find(separator);
        std::string_view entry = text.substr(0, end);
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (windowsLines && entry.ends_with('\r')) {
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
    auto paths = manifestPaths(text, null);
    if (!paths) {
        // Named: the list, then why.
        return Error::of(paths.error().code,
            Text::tr("the list %1: %2")
                .arg(file == "-" ? std::string("(standard input)") : utf8(file))
                .arg(paths.error().text),
            file == "-" ? std::string("-") : utf8(file));
    }
    return paths;
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
        if (!null && path.ends_with('\r')) {
            // Read back, it would lose the carriage return (taken for a Windows line end).
            return Error::of(ErrorCode::InvalidArgument,
                Text::tr("%1 ends in a carriage return, which a list read back takes for a "
                         "Windows line end; a list of such names needs %2")
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
