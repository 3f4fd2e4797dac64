// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// What the command line's end-to-end tests share: the program under test and what it wrote.

#include "support/test_support.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#ifdef _WIN32
#include <windows.h>
#endif

namespace dropsize::test {

/// The program under test. On Windows it is found beside this one (every program of a build is
/// in its bin folder): builtCliPath() is a path of the machine that built it, which a cross
/// build's machine names differently (a Unix path) from the one that runs the tests.
inline std::filesystem::path cliProgram()
{
#ifdef _WIN32
    std::wstring self(32768, L'\0');
    const DWORD size = ::GetModuleFileNameW(nullptr, self.data(), static_cast<DWORD>(self.size()));
    self.resize(size);
    return std::filesystem::path(self).parent_path() / L"dropsize-cli.exe";
#else
    return builtCliPath();
#endif
}

/// What a run of the program gave: its exit code, standard output and standard error.
struct CliRun {
    int exitCode = -1;
    std::string out;
    std::string err;
};

/// A file's bytes, read in binary mode: what the program wrote, line ends included.
inline std::string slurp(const std::filesystem::path& p)
{
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace dropsize::test
