// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The command line the tests hand to Windows' CreateProcessW: it must split back into the same
// arguments.

#include "support/child_process.h"

#include <gtest/gtest.h>
#ifdef _WIN32
#include <windows.h>
// After windows.h, which it needs.
#include <shellapi.h>
#endif

namespace dropsize::test {
namespace {

    const std::vector<std::wstring> kArguments { L"C:\\Program Files\\x.exe", L"plain",
        L"two words", L"", L"a\"b", L"back\\slash", L"end\\", L"end\\ space\\", L"q\\\"x",
        L"\\\\server\\share\\", L"tab\there", L"\"" };

    TEST(ChildProcess, QuotesACommandLineAsTheMicrosoftRuntimeSplitsIt)
    {
        // Backslashes are literal unless a quote follows them; a quote in an argument is \";
        // the closing quote of an argument that ends in backslashes needs them doubled.
        EXPECT_EQ(windowsCommandLine(kArguments),
            L"\"C:\\Program Files\\x.exe\" plain \"two words\" \"\" \"a\\\"b\" back\\slash end\\ "
            L"\"end\\ space\\\\\" \"q\\\\\\\"x\" \\\\server\\share\\ \"tab\there\" \"\\\"\"");
    }

#ifdef _WIN32
    TEST(ChildProcess, ACommandLineSplitsBackIntoItsArguments)
    {
        int count = 0;
        LPWSTR* split = ::CommandLineToArgvW(windowsCommandLine(kArguments).c_str(), &count);
        ASSERT_NE(split, nullptr);
        const std::vector<std::wstring> back(split, split + count);
        ::LocalFree(split);
        EXPECT_EQ(back, kArguments);
    }
#endif

} // namespace
} // namespace dropsize::test
