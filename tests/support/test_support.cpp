// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/test_support.h"

#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <stdexcept>
#include <tuple>
#include <utility>
#include <zlib.h>
#ifdef _WIN32
#include <windows.h>
#else
#include <fcntl.h>
#include <grp.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace dropsize::test {

namespace fs = std::filesystem;

std::optional<fs::path> testdataDir()
{
    // Tests read the environment but never change it.
    if (const char* env = std::getenv("DROPSIZE_TESTDATA"); // NOLINT(concurrency-mt-unsafe)
        env != nullptr && *env != '\0') {
        return fs::is_directory(env) ? std::optional<fs::path>(env) : std::nullopt;
    }
    const fs::path dir = DROPSIZE_TESTDATA_DIR;
    if (fs::is_directory(dir / "exif-orientation")) {
        return fs::weakly_canonical(dir);
    }
    return std::nullopt;
}

// The build's paths come in as definitions of this file alone (tests/CMakeLists.txt), so that no
// other test file's compile command names the checkout's folder.
fs::path sourcePath(const fs::path& relative) { return fs::path(DROPSIZE_SOURCE_DIR) / relative; }

fs::path goldenPath(const fs::path& relative) { return sourcePath("tests/golden") / relative; }

fs::path builtCliPath() { return DROPSIZE_CLI_PATH; }

std::vector<std::uint8_t> readFile(const fs::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot read " + path.string());
    }
    return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
}

void writeFile(const fs::path& path, const std::vector<std::uint8_t>& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(
        reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
        throw std::runtime_error("cannot write " + path.string());
    }
}

#ifdef _WIN32
namespace {

    // FILETIME: 100 ns steps since 1601-01-01 UTC, 11644473600 s before 1970.
    constexpr std::int64_t kEpochDifference = 11644473600;

} // namespace

std::optional<ModifiedTime> modifiedTime(const fs::path& path)
{
    HANDLE file = ::CreateFileW(path.wstring().c_str(), FILE_READ_ATTRIBUTES,
        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
        FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        return std::nullopt;
    }
    FILETIME written {};
    const bool ok = ::GetFileTime(file, nullptr, nullptr, &written) != 0;
    ::CloseHandle(file);
    if (!ok) {
        return std::nullopt;
    }
    const auto ticks = static_cast<std::int64_t>(
        (static_cast<std::uint64_t>(written.dwHighDateTime) << 32) | written.dwLowDateTime);
    return ModifiedTime { ticks / 10'000'000 - kEpochDifference,
        static_cast<std::uint32_t>(ticks % 10'000'000) * 100 };
}

bool setModifiedTime(const fs::path& path, ModifiedTime time)
{
    HANDLE file = ::CreateFileW(path.wstring().c_str(), FILE_WRITE_ATTRIBUTES,
        FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
        FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        return false;
    }
    const auto ticks = static_cast<std::uint64_t>(
        (time.seconds + kEpochDifference) * 10'000'000 + time.nanoseconds / 100);
    FILETIME written {};
    written.dwLowDateTime = static_cast<DWORD>(ticks & 0xffffffffu);
    written.dwHighDateTime = static_cast<DWORD>(ticks >> 32);
    const bool ok = ::SetFileTime(file, nullptr, nullptr, &written) != 0;
    ::CloseHandle(file);
    return ok;
}
#else
std::optional<ModifiedTime> modifiedTime(const fs::path& path)
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        return std::nullopt;
    }
    return ModifiedTime { static_cast<std::int64_t>(st.st_mtim.tv_sec),
        static_cast<std::uint32_t>(st.st_mtim.tv_nsec) };
}

bool setModifiedTime(const fs::path& path, ModifiedTime time)
{
    timespec times[2] {};
    times[0].tv_nsec = UTIME_OMIT;
    times[1].tv_sec = static_cast<time_t>(time.seconds);
    times[1].tv_nsec = static_cast<long>(time.nanoseconds);
    return ::utimensat(AT_FDCWD, path.c_str(), times, 0) == 0;
}
#endif

std::uint32_t pixelCrc(ConstImageView image)
{
    uLong crc = crc32(0L, Z_NULL, 0);
    const auto rowBytes = static_cast<uInt>(image.width * image.channels);
    for (int y = 0; y < image.height; ++y) {
        crc = crc32(crc, image.row(y), rowBytes);
    }
    return static_cast<std::uint32_t>(crc);
}

int firstDifferentRow(ConstImageView a, ConstImageView b)
{
    if (a.width != b.width || a.height != b.height || a.channels != b.channels) {
        return 0;
    }
    const auto rowBytes = static_cast<std::size_t>(a.width) * static_cast<std::size_t>(a.channels);
    for (int y = 0; y < a.height; ++y) {
        if (std::memcmp(a.row(y), b.row(y), rowBytes) != 0) {
            return y;
        }
    }
    return -1;
}

#ifndef _WIN32
std::string runWithoutPrivileges(const std::function<std::string()>& body)
{
    if (::geteuid() != 0) {
        return body();
    }
    int fds[2];
    if (::pipe(fds) != 0) {
        return "pipe failed";
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        std::string out = "cannot become nobody";
        if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0) {
            out = body();
        }
        const char* p = out.data();
        std::size_t left = out.size();
        while (left > 0) {
            const ssize_t n = ::write(fds[1], p, left);
            if (n <= 0) {
                break;
            }
            p += n;
            left -= static_cast<std::size_t>(n);
        }
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string out;
    char buffer[4096];
    for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;) {
        out.append(buffer, static_cast<std::size_t>(n));
    }
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return out;
}
#endif

namespace {

    void setEnvironment(const std::string& name, const std::optional<std::string>& value)
    {
#ifdef _WIN32
        // An empty value unsets a variable for _putenv_s, which is what nullopt asks for.
        (void)::_putenv_s(name.c_str(), value ? value->c_str() : "");
#else
        if (value) {
            ::setenv(name.c_str(), value->c_str(), 1); // NOLINT(concurrency-mt-unsafe)
        } else {
            ::unsetenv(name.c_str()); // NOLINT(concurrency-mt-unsafe)
        }
#endif
    }

} // namespace

ScopedEnvironment::ScopedEnvironment(std::string name, const std::optional<std::string>& value)
    : m_name(std::move(name))
{
    if (const char* previous = std::getenv(m_name.c_str())) { // NOLINT(concurrency-mt-unsafe)
        m_previous = previous;
    }
    setEnvironment(m_name, value);
}

ScopedEnvironment::~ScopedEnvironment() { setEnvironment(m_name, m_previous); }

TempDir::TempDir()
{
    static std::atomic<unsigned> counter { 0 };
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    m_path = fs::temp_directory_path()
        / ("dropsize-test-" + std::to_string(stamp) + "-" + std::to_string(counter++));
    fs::create_directories(m_path);
    // Open to others, so that a test can read it as an unprivileged user.
    std::error_code ec;
    fs::permissions(m_path,
        fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec
            | fs::perms::others_read | fs::perms::others_exec,
        ec);
}

TempDir::~TempDir()
{
    std::error_code ec;
    fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(m_path, ec);
}

Image copyOf(const Image& image)
{
    Image copy
        = std::move(Image::allocate(image.width(), image.height(), image.channels())).value();
    std::memcpy(copy.data(), image.data(),
        Image::byteSize(image.width(), image.height(), image.channels()));
    return copy;
}

std::vector<std::uint8_t> jpegWithIccSegments(const std::vector<std::uint8_t>& jpeg,
    const std::vector<std::uint8_t>& profile, int pieces, const std::vector<IccSegment>& segments)
{
    std::vector<std::uint8_t> out(jpeg.begin(), jpeg.begin() + 2);
    const std::size_t pieceSize = (profile.size() + static_cast<std::size_t>(pieces) - 1)
        / static_cast<std::size_t>(pieces);
    for (const IccSegment& s : segments) {
        const std::size_t from
            = std::min(profile.size(), pieceSize * static_cast<std::size_t>(s.piece));
        const std::size_t to = std::min(profile.size(), from + pieceSize);
        const std::size_t length = 2 + 14 + (to - from);
        const std::uint8_t head[] = { 0xff, 0xe2, static_cast<std::uint8_t>(length >> 8),
            static_cast<std::uint8_t>(length & 0xff) };
        out.insert(out.end(), std::begin(head), std::end(head));
        const char* name = "ICC_PROFILE";
        out.insert(out.end(), name, name + 12); // with its NUL
        out.push_back(static_cast<std::uint8_t>(s.sequence));
        out.push_back(static_cast<std::uint8_t>(s.count));
        out.insert(out.end(), profile.begin() + static_cast<std::ptrdiff_t>(from),
            profile.begin() + static_cast<std::ptrdiff_t>(to));
    }
    // The other segments as they were, up to the scan.
    std::size_t at = 2;
    while (at + 4 <= jpeg.size() && jpeg[at] == 0xff && jpeg[at + 1] != 0xda) {
        const std::size_t length = (std::size_t { jpeg[at + 2] } << 8) | jpeg[at + 3];
        const bool icc = jpeg[at + 1] == 0xe2 && length >= 14
            && std::memcmp(jpeg.data() + at + 4, "ICC_PROFILE", 12) == 0;
        if (!icc) {
            out.insert(out.end(), jpeg.begin() + static_cast<std::ptrdiff_t>(at),
                jpeg.begin() + static_cast<std::ptrdiff_t>(std::min(jpeg.size(), at + 2 + length)));
        }
        at += 2 + length;
    }
    if (at < jpeg.size()) {
        out.insert(out.end(), jpeg.begin() + static_cast<std::ptrdiff_t>(at), jpeg.end());
    }
    return out;
}

std::vector<std::uint8_t> pngChunk(const char type[4], const std::vector<std::uint8_t>& data)
{
    std::vector<std::uint8_t> out;
    const auto n = static_cast<std::uint32_t>(data.size());
    for (int s = 24; s >= 0; s -= 8) {
        out.push_back(static_cast<std::uint8_t>(n >> s));
    }
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(type), 4);
    crc = crc32(crc, data.data(), static_cast<uInt>(data.size()));
    for (int s = 24; s >= 0; s -= 8) {
        out.push_back(static_cast<std::uint8_t>(crc >> s));
    }
    return out;
}

std::vector<std::uint8_t> exifWithOrientation(int value, std::size_t padding)
{
    std::vector<std::uint8_t> exif = { 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0,
        1, 0, static_cast<std::uint8_t>(value), 0, 0, 0, 0, 0, 0 };
    exif.resize(exif.size() + padding, 0);
    return exif;
}

Image makeTestImage(int width, int height, int channels, unsigned seed)
{
    auto made = Image::allocate(width, height, channels);
    if (!made) {
        throw std::runtime_error("allocation failed");
    }
    Image image = std::move(made).value();
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> noise(0, 40);
    ImageView v = image.view();
    for (int y = 0; y < height; ++y) {
        std::uint8_t* p = v.row(y);
        for (int x = 0; x < width; ++x) {
            for (int c = 0; c < channels; ++c) {
                int value = ((x * (c + 1) * 7 + y * 3) % 256 + noise(rng)) % 256;
                if (((x / 8) + (y / 8)) % 2 == 0 && c != 3) {
                    value = 255 - value; // sharp edges
                }
                if (c == 3 || (channels == 2 && c == 1)) {
                    value = (x * 255) / std::max(1, width - 1); // alpha ramp, 0 and 255 included
                }
                p[x * channels + c] = static_cast<std::uint8_t>(value);
            }
        }
    }
    return image;
}

namespace {

    enum class TestFormat { Jpeg, Png };

    // The bytes of writeTestJpeg()'s and writeTestPng()'s files, each made once per process:
    // the pixels are the same every time (makeTestImage()'s fixed seed), and making them was most
    // of what a test that writes many large images cost under the sanitizers.
    const std::vector<std::uint8_t>& testImageBytes(
        TestFormat format, int width, int height, int channels)
    {
        static std::mutex mutex;
        static std::map<std::tuple<TestFormat, int, int, int>, std::vector<std::uint8_t>> made;
        const std::lock_guard lock(mutex);
        const auto key = std::make_tuple(format, width, height, channels);
        if (const auto found = made.find(key); found != made.end()) {
            return found->second;
        }
        const Image image = makeTestImage(width, height, channels);
        EncodeOptions options;
        options.jpegQuality = 90;
        options.pngCompression = 1;
        auto bytes = format == TestFormat::Jpeg ? JpegEncoder::encode(image.view(), options, {})
                                                : PngEncoder::encode(image.view(), options, {});
        if (!bytes) {
            throw std::runtime_error(bytes.error().message);
        }
        return made.emplace(key, std::move(*bytes)).first->second;
    }

} // namespace

void writeTestJpeg(const fs::path& path, int width, int height, int channels)
{
    writeFile(path, testImageBytes(TestFormat::Jpeg, width, height, channels));
}

void writeTestPng(const fs::path& path, int width, int height, int channels)
{
    writeFile(path, testImageBytes(TestFormat::Png, width, height, channels));
}

std::string genericUtf8(const std::filesystem::path& path)
{
    std::string text = dropsize::utf8(path);
#ifdef _WIN32
    std::replace(text.begin(), text.end(), '\\', '/');
#endif
    return text;
}

std::vector<std::string> fileNames(const std::filesystem::path& dir)
{
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        names.push_back(dropsize::utf8(entry.path().filename()));
    }
    std::sort(names.begin(), names.end());
    return names;
}

std::vector<std::string> verbatimParts(const Text& text)
{
    if (!text.isTemplate()) {
        return { text.verbatimText() };
    }
    std::vector<std::string> parts;
    for (const Text& a : text.args()) {
        std::vector<std::string> inner = verbatimParts(a);
        parts.insert(parts.end(), inner.begin(), inner.end());
    }
    return parts;
}

} // namespace dropsize::test
