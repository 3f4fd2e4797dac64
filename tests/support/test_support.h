// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image.h"
#include "dropsize/core/text.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dropsize::test {

/// The shared test images, or nullopt when they are not next to the checkout.
std::optional<std::filesystem::path> testdataDir();

/// A file of the source tree, read in place: `relative` to its top folder.
std::filesystem::path sourcePath(const std::filesystem::path& relative);

/// A file of tests/golden, read in place: a golden table ("pillow_golden.tsv") or a fixture
/// ("fixtures/s444.jpg"; the tables name their fixtures so).
std::filesystem::path goldenPath(const std::filesystem::path& relative);

/// The command line the build made (dropsize-cli), where the build wrote it.
std::filesystem::path builtCliPath();

/// GTEST_SKIP()s the calling test with a message when the shared test images are missing.
#define DROPSIZE_REQUIRE_TESTDATA(dirVar)                                                          \
    const auto dirVar##Opt = ::dropsize::test::testdataDir();                                      \
    if (!dirVar##Opt) {                                                                            \
        GTEST_SKIP() << "shared test data not found (../shared/testdata next to the checkout, "    \
                        "or DROPSIZE_TESTDATA): skipping";                                         \
    }                                                                                              \
    const std::filesystem::path& dirVar = *dirVar##Opt

std::vector<std::uint8_t> readFile(const std::filesystem::path& path);
void writeFile(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes);

/// CRC-32 of an image's pixels, row by row without padding (what the golden TSV holds).
std::uint32_t pixelCrc(ConstImageView image);

/// The first row where `a` and `b` differ (size, channels or a sample; strides may differ), or
/// -1 where they are the same pixels.
int firstDifferentRow(ConstImageView a, ConstImageView b);

/// A fresh folder under the system's temporary folder, removed with everything in it.
class TempDir {
public:
    TempDir();
    ~TempDir();
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const noexcept { return m_path; }

private:
    std::filesystem::path m_path;
};

/// Sets (or, with nullopt, unsets) an environment variable for the life of this object, then
/// puts back what it was. For tests of what the engine reads from the environment; not for
/// tests that run threads while it changes.
class ScopedEnvironment {
public:
    ScopedEnvironment(std::string name, const std::optional<std::string>& value);
    ~ScopedEnvironment();
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    std::string m_name;
    std::optional<std::string> m_previous;
};

/// Runs `body` where file permissions apply: in this process, or, when the tests run as root
/// (who reads any file), in a child process that has become the unprivileged user "nobody"
/// (uid and gid 65534). Returns what `body` returned; the folders it reads must be open to
/// others. POSIX only.
std::string runWithoutPrivileges(const std::function<std::string()>& body);

/// A synthetic RGB image with edges and gradients, for tests that need pixels but no files.
Image makeTestImage(int width, int height, int channels, unsigned seed = 1);

/// A copy of `image`, pixels and all (Image itself is move-only).
Image copyOf(const Image& image);

/// One PNG chunk: length, type, data and CRC, for tests that build PNG files by hand.
std::vector<std::uint8_t> pngChunk(const char type[4], const std::vector<std::uint8_t>& data);

/// One APP2 "ICC_PROFILE" segment to write: its sequence number, its number of parts, and which
/// piece of the profile it holds.
struct IccSegment {
    int sequence;
    int count;
    int piece;
};

/// `jpeg` with its ICC profile segments replaced by `segments`, after its SOI: `profile` cut in
/// `pieces` pieces of equal size (the last shorter), each segment holding the piece it names.
std::vector<std::uint8_t> jpegWithIccSegments(const std::vector<std::uint8_t>& jpeg,
    const std::vector<std::uint8_t>& profile, int pieces, const std::vector<IccSegment>& segments);

/// A big-endian TIFF structure whose only entry is orientation `value`, padded with `padding`
/// zero bytes (which the reader never looks at) to make a large EXIF segment or chunk.
std::vector<std::uint8_t> exifWithOrientation(int value, std::size_t padding = 0);

/// A file's modification time as seconds and nanoseconds since 1970 (UTC), read and set by the
/// system's own calls (stat and utimensat; GetFileTime and SetFileTime), apart from the engine's,
/// so that a test compares the engine with the system. Nullopt / false on failure.
struct ModifiedTime {
    std::int64_t seconds = 0;
    std::uint32_t nanoseconds = 0;
    bool operator==(const ModifiedTime&) const = default;
};
std::optional<ModifiedTime> modifiedTime(const std::filesystem::path& path);
bool setModifiedTime(const std::filesystem::path& path, ModifiedTime time);

/// Writes a synthetic JPEG (quality 90) or PNG of the given size to `path`.
void writeTestJpeg(const std::filesystem::path& path, int width, int height, int channels = 3);
void writeTestPng(const std::filesystem::path& path, int width, int height, int channels = 3);

/// Every verbatim part of `text` (a library's words, a path, a number), `text` itself when it
/// is verbatim: what the window shows untranslated.
std::vector<std::string> verbatimParts(const Text& text);

/// A (relative) path as UTF-8 with '/' between its names, on Windows too: how lists and the
/// tests' expectations spell paths. (std::filesystem's generic_string() would go through the
/// ANSI code page on Windows.)
std::string genericUtf8(const std::filesystem::path& path);

/// The names of what `dir` holds (not below it), as UTF-8, sorted.
std::vector<std::string> fileNames(const std::filesystem::path& dir);

} // namespace dropsize::test
