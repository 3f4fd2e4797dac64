// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/child_process.h"

#include <stdexcept>

#ifdef _WIN32
#include <windows.h>
#else
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace dropsize::test {

namespace fs = std::filesystem;

std::wstring windowsCommandLine(const std::vector<std::wstring>& args)
{
    std::wstring line;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::wstring& arg = args[i];
        if (i > 0) {
            line += L' ';
        }
        if (i == 0) {
            line += L'"' + arg + L'"';
            continue;
        }
        if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) {
            line += arg;
            continue;
        }
        line += L'"';
        std::size_t backslashes = 0;
        for (const wchar_t c : arg) {
            if (c == L'\\') {
                ++backslashes;
                continue;
            }
            // Backslashes before a quote escape it and themselves: double them, then escape it.
            line.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
            line += c;
            backslashes = 0;
        }
        line.append(2 * backslashes, L'\\'); // before the closing quote
        line += L'"';
    }
    return line;
}

#ifdef _WIN32

namespace {

    std::wstring utf16(const std::string& text)
    {
        if (text.empty()) {
            return {};
        }
        const int size = ::MultiByteToWideChar(
            CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), static_cast<int>(text.size()), nullptr, 0);
        if (size <= 0) {
            throw std::runtime_error("an argument is not UTF-8: " + text);
        }
        std::wstring wide(static_cast<std::size_t>(size), L'\0');
        ::MultiByteToWideChar(
            CP_UTF8, 0, text.data(), static_cast<int>(text.size()), wide.data(), size);
        return wide;
    }

    // A handle the child inherits, closed here when the child has it.
    class InheritedHandle {
    public:
        InheritedHandle(const wchar_t* path, DWORD access, DWORD disposition)
        {
            SECURITY_ATTRIBUTES inherit { sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE };
            m_handle = ::CreateFileW(path, access,
                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, &inherit, disposition,
                FILE_ATTRIBUTE_NORMAL, nullptr);
            if (m_handle == INVALID_HANDLE_VALUE) {
                throw std::runtime_error("cannot open a standard stream for a child process");
            }
        }
        ~InheritedHandle() { ::CloseHandle(m_handle); }
        InheritedHandle(const InheritedHandle&) = delete;
        InheritedHandle& operator=(const InheritedHandle&) = delete;
        HANDLE get() const noexcept { return m_handle; }

    private:
        HANDLE m_handle;
    };

} // namespace

ChildProcess::ChildProcess(const fs::path& program, const std::vector<std::string>& args,
    const fs::path& stdoutFile, const fs::path& stderrFile)
{
    std::vector<std::wstring> wide { program.wstring() };
    for (const std::string& arg : args) {
        wide.push_back(utf16(arg));
    }
    std::wstring commandLine = windowsCommandLine(wide);
    const InheritedHandle in(L"NUL", GENERIC_READ, OPEN_EXISTING);
    const InheritedHandle out(stdoutFile.c_str(), GENERIC_WRITE, CREATE_ALWAYS);
    const InheritedHandle err(stderrFile.c_str(), GENERIC_WRITE, CREATE_ALWAYS);
    STARTUPINFOW startup {};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = in.get();
    startup.hStdOutput = out.get();
    startup.hStdError = err.get();
    PROCESS_INFORMATION info {};
    // Handles are inherited: the three above are the only inheritable ones the tests make.
    // Under Wine, with the test shards busy, CreateProcess fails now and then with
    // ERROR_INTERNAL_ERROR and starts the same program a moment later: that error alone is
    // tried again, a few times.
    for (int attempt = 1;; ++attempt) {
        if (::CreateProcessW(program.c_str(), commandLine.data(), nullptr, nullptr, TRUE, 0,
                nullptr, nullptr, &startup, &info)) {
            break;
        }
        const DWORD error = ::GetLastError();
        if (error != ERROR_INTERNAL_ERROR || attempt == 5) {
            throw std::runtime_error(
                "cannot start " + program.string() + ": error " + std::to_string(error));
        }
        ::Sleep(200);
    }
    ::CloseHandle(info.hThread);
    m_process = info.hProcess;
}

ChildProcess::~ChildProcess()
{
    if (!m_ended) {
        kill();
        (void)wait();
    }
    ::CloseHandle(m_process);
}

int ChildProcess::wait()
{
    if (!m_ended) {
        ::WaitForSingleObject(m_process, INFINITE);
        DWORD code = 0;
        ::GetExitCodeProcess(m_process, &code);
        m_exitCode = static_cast<int>(code);
        m_ended = true;
    }
    return m_exitCode;
}

void ChildProcess::kill()
{
    if (!m_ended) {
        ::TerminateProcess(m_process, kKilled);
    }
}

#else

ChildProcess::ChildProcess(const fs::path& program, const std::vector<std::string>& args,
    const fs::path& stdoutFile, const fs::path& stderrFile)
{
    // Everything the child needs is made before fork: after it, in a process with threads, only
    // async-signal-safe calls are allowed.
    std::vector<char*> argv { const_cast<char*>(program.c_str()) };
    for (const std::string& arg : args) {
        argv.push_back(const_cast<char*>(arg.c_str()));
    }
    argv.push_back(nullptr);
    const int in = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
    const int out = ::open(stdoutFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const int err = ::open(stderrFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    const auto closeAll = [&] {
        for (const int fd : { in, out, err }) {
            if (fd >= 0) {
                ::close(fd);
            }
        }
    };
    if (in < 0 || out < 0 || err < 0) {
        closeAll();
        throw std::runtime_error("cannot open a standard stream for a child process");
    }
    m_pid = ::fork();
    if (m_pid == 0) {
        // dup2 leaves the copies open across exec (it clears close-on-exec).
        if (::dup2(in, 0) < 0 || ::dup2(out, 1) < 0 || ::dup2(err, 2) < 0) {
            ::_exit(127);
        }
        ::execv(program.c_str(), argv.data());
        ::_exit(127); // as a shell reports a program it cannot run
    }
    closeAll();
    if (m_pid < 0) {
        throw std::runtime_error("cannot fork: " + std::string(std::strerror(errno)));
    }
}

ChildProcess::~ChildProcess()
{
    if (!m_ended) {
        kill();
        (void)wait();
    }
}

int ChildProcess::wait()
{
    if (!m_ended) {
        int status = 0;
        while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) { }
        m_exitCode = WIFEXITED(status) ? WEXITSTATUS(status)
            : WIFSIGNALED(status)      ? 128 + WTERMSIG(status)
                                       : -1;
        m_ended = true;
    }
    return m_exitCode;
}

void ChildProcess::kill()
{
    if (!m_ended) {
        ::kill(m_pid, SIGKILL);
    }
}

void ChildProcess::sendSignal(int signal)
{
    if (!m_ended) {
        ::kill(m_pid, signal);
    }
}

#endif

int runProgram(const fs::path& program, const std::vector<std::string>& args,
    const fs::path& stdoutFile, const fs::path& stderrFile)
{
    return ChildProcess(program, args, stdoutFile, stderrFile).wait();
}

} // namespace dropsize::test
