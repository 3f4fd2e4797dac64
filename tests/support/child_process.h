// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace dropsize::test {

/// The command line that gives `args` back to a Windows program that splits its command line
/// as the Microsoft C runtime and CommandLineToArgvW do: an argument with a space, a tab, a
/// quote or nothing in it is quoted, a quote in it is escaped with a backslash, and backslashes
/// are doubled where they come before a quote (the one closing the argument included); other
/// backslashes stay as they are. `args[0]` is the program, quoted without escapes, as Windows
/// reads the first argument.
std::wstring windowsCommandLine(const std::vector<std::wstring>& args);

/// A program run with an argument vector, no shell in between: standard input is the null
/// device, standard output and error go to files (made or emptied). On Windows the arguments,
/// UTF-8, are passed as UTF-16 through CreateProcessW; on POSIX through fork and exec as they
/// are. Ending a ChildProcess that is still running kills it.
class ChildProcess {
public:
    /// Exit code of a process ended by kill(): 128 + SIGKILL, as a POSIX shell reports it.
    static constexpr int kKilled = 137;

    /// Starts it; throws std::runtime_error when it cannot be started.
    ChildProcess(const std::filesystem::path& program, const std::vector<std::string>& args,
        const std::filesystem::path& stdoutFile, const std::filesystem::path& stderrFile);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    /// Waits for it to end; its exit code. On POSIX a death by a signal reads 128 + the signal,
    /// as a shell reports it.
    int wait();

    /// Ends it at once, with no chance to clean up (SIGKILL; TerminateProcess), as a power cut
    /// or the task manager would; wait() then gives kKilled.
    void kill();

#ifndef _WIN32
    /// Sends it `signal` (SIGTERM, say: a stop it can handle), if it is still running.
    void sendSignal(int signal);
#endif

private:
#ifdef _WIN32
    void* m_process = nullptr; ///< the process's HANDLE
#else
    int m_pid = -1;
#endif
    int m_exitCode = -1;
    bool m_ended = false;
};

/// Runs a program to its end (see ChildProcess); its exit code.
int runProgram(const std::filesystem::path& program, const std::vector<std::string>& args,
    const std::filesystem::path& stdoutFile, const std::filesystem::path& stderrFile);

} // namespace dropsize::test
