// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_options.h"

#include "dropsize/core/option_names.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>

namespace dropsize::cli {

namespace {

    Error usage(std::string message)
    {
        return Error { ErrorCode::InvalidArgument, std::move(message), {} };
    }

    std::optional<long long> parseInt(std::string_view s)
    {
        if (s.empty() || s[0] < '0' || s[0] > '9') {
            return std::nullopt; // no sign
        }
        long long v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size()) {
            return std::nullopt;
        }
        return v;
    }

    // Plain decimal only ("50", "12.5", ".5"): no sign, exponent, hex ("0x20"), spaces or
    // locale-dependent separators.
    std::optional<double> parseNumber(const std::string& s)
    {
        std::size_t digits = 0;
        std::size_t points = 0;
        for (const char c : s) {
            if (c >= '0' && c <= '9') {
                ++digits;
            } else if (c == '.') {
                ++points;
            } else {
                return std::nullopt;
            }
        }
        if (digits == 0 || points > 1) {
            return std::nullopt;
        }
        double v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) {
            return std::nullopt;
        }
        return v;
    }

    std::optional<std::pair<int, int>> parseSize(const std::string& s)
    {
        const std::size_t x = s.find_first_of("xX");
        if (x == std::string::npos) {
            return std::nullopt;
        }
        const auto w = parseInt(std::string_view(s).substr(0, x));
        const auto h = parseInt(std::string_view(s).substr(x + 1));
        if (!w || !h || *w < 1 || *h < 1 || *w > (1 << 20) || *h > (1 << 20)) {
            return std::nullopt;
        }
        return std::pair { static_cast<int>(*w), static_cast<int>(*h) };
    }

} // namespace

std::string usageText()
{
    return R"(Usage: dropsize-cli PATH... [options]

Resizes every JPEG and PNG in the given files and folders. Outputs go to a ResizeImage folder
inside each input folder (next to a given file) unless --output says otherwise; originals are
never changed. The pixels are those of Pillow's Image.thumbnail() followed by exif_transpose().

Size (one of; default --percent 50):
  --percent P          scale both sides to P percent (decimals allowed)
  --fit WxH            largest size that fits in W x H, aspect kept
  --long-edge N        longer side becomes N pixels, aspect kept
  --size WxH           exactly W x H
  --enlarge            allow outputs larger than the input (never by default)
  --filter NAME        nearest, box, bilinear, hamming, bicubic (default), lanczos (sharper)

Output:
  --output DIR         write all outputs under DIR (mirroring the input folders)
  --format F           keep (default), jpeg or png
  --quality Q          JPEG quality 1-100 (default 85)
  --subsampling S      JPEG chroma subsampling: 444, 422 or 420 (default)
  --progressive        write progressive JPEG
  --png-compression L  PNG compression level 0-9 (default 6)
  --strip-metadata     drop EXIF and ICC profile (kept by default)
  --on-existing MODE   skip (default: re-running resumes), overwrite or rename

Run:
  --threads N          worker threads (default: all cores)
  --device D           auto (default: the GPU beside the CPU threads when there is one), cpu,
                       or gpu (every resize on the GPU; the CPU when there is none, said once)
  --no-recursive       do not walk into sub-folders
  --max-megapixels N   refuse images larger than N megapixels (default 200)
  --max-memory-mb N    refuse images needing more than N MiB to process (default 1024)
  --dry-run            print the plan (each input, its output and size, or why it would be
                       skipped or fail), with the same checks and limits as a run
  --json               one JSON object per event and line on standard output; bytes of a
                       name that are not UTF-8 are written as \udcXX (Python's
                       "surrogateescape")
  --help               this text
  --version            version and libraries

Exit status:
  0    every image was resized or skipped
  1    some failed: each failure names its file and the reason (also with --dry-run)
  2    usage error, or an output folder that cannot be used; nothing was read or written
  130  stopped by Ctrl-C (SIGINT), 143 by SIGTERM: images being written finish, the rest
       are left for a re-run, no partial file is left; a second signal ends it at once
  141  standard output was closed (its reader went away): stopped as on Ctrl-C, with the
       summary on standard error
)";
}

Result<CliOptions> parseCommandLine(const std::vector<std::string>& args)
{
    CliOptions o;
    bool sizeGiven = false;
    auto setMode = [&](const std::string& flag) -> std::optional<Error> {
        if (sizeGiven) {
            return usage("choose one of --percent, --fit, --long-edge and --size (" + flag + ")");
        }
        sizeGiven = true;
        return std::nullopt;
    };
    ResizeSpec& spec = o.batch.process.spec;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        // An option's value; never the next option ("--output --json" is a mistake, not a
        // folder named --json: write ./--json for that).
        std::optional<std::string> optionAsValue;
        auto value = [&]() -> std::optional<std::string> {
            if (i + 1 >= args.size()) {
                return std::nullopt;
            }
            if (args[i + 1].starts_with("--")) {
                optionAsValue = args[i + 1];
                return std::nullopt;
            }
            return args[++i];
        };
        auto needs = [&](const char* what) {
            return usage(a + " needs " + what
                + (optionAsValue ? ", not the option " + *optionAsValue
                            + " (a name that starts with -- can be given as ./" + *optionAsValue
                            + ")"
                                 : std::string()));
        };
        if (a == "--help" || a == "-h") {
            o.help = true;
        } else if (a == "--version") {
            o.version = true;
        } else if (a == "--json") {
            o.json = true;
        } else if (a == "--dry-run") {
            o.dryRun = true;
        } else if (a == "--enlarge") {
            spec.enlarge = true;
        } else if (a == "--progressive") {
            o.batch.process.encode.progressive = true;
        } else if (a == "--strip-metadata") {
            o.batch.process.stripMetadata = true;
        } else if (a == "--no-recursive") {
            o.plan.recursive = false;
        } else if (a == "--percent") {
            if (auto e = setMode(a)) {
                return *e;
            }
            const auto v = value();
            const auto p = v ? parseNumber(*v) : std::nullopt;
            if (!p) {
                return needs("a number, such as 50 or 12.5");
            }
            spec.mode = SizeMode::Percent;
            spec.percent = *p;
        } else if (a == "--fit" || a == "--size") {
            if (auto e = setMode(a)) {
                return *e;
            }
            const auto v = value();
            const auto s = v ? parseSize(*v) : std::nullopt;
            if (!s) {
                return needs("a size such as 1920x1080");
            }
            spec.mode = a == "--fit" ? SizeMode::Fit : SizeMode::Exact;
            spec.width = s->first;
            spec.height = s->second;
        } else if (a == "--long-edge") {
            if (auto e = setMode(a)) {
                return *e;
            }
            const auto v = value();
            const auto n = v ? parseInt(*v) : std::nullopt;
            if (!n || *n < 1 || *n > (1 << 20)) {
                return needs("a number of pixels, such as 2048");
            }
            spec.mode = SizeMode::LongEdge;
            spec.longEdge = static_cast<int>(*n);
        } else if (a == "--filter") {
            const auto v = value();
            const auto f = v ? parseName<Filter>(*v) : std::nullopt;
            if (!f) {
                return needs(nameList<Filter>().c_str());
            }
            spec.filter = *f;
        } else if (a == "--quality") {
            const auto v = value();
            const auto q = v ? parseInt(*v) : std::nullopt;
            if (!q || *q < 1 || *q > 100) {
                return needs("a JPEG quality from 1 to 100");
            }
            o.batch.process.encode.jpegQuality = static_cast<int>(*q);
        } else if (a == "--subsampling") {
            const auto v = value();
            const auto s = v ? parseName<ChromaSubsampling>(*v) : std::nullopt;
            if (!s) {
                return needs(nameList<ChromaSubsampling>().c_str());
            }
            o.batch.process.encode.subsampling = *s;
        } else if (a == "--png-compression") {
            const auto v = value();
            const auto l = v ? parseInt(*v) : std::nullopt;
            if (!l || *l < 0 || *l > 9) {
                return needs("a level from 0 to 9");
            }
            o.batch.process.encode.pngCompression = static_cast<int>(*l);
        } else if (a == "--format") {
            const auto v = value();
            const auto f = v ? parseName<OutputFormat>(*v) : std::nullopt;
            if (!f) {
                return needs(nameList<OutputFormat>().c_str());
            }
            o.plan.format = *f;
        } else if (a == "--output") {
            const auto v = value();
            if (!v || v->empty()) {
                return needs("a folder");
            }
            o.plan.outputDir = *v;
        } else if (a == "--on-existing") {
            const auto v = value();
            const auto p = v ? parseName<ExistingPolicy>(*v) : std::nullopt;
            if (!p) {
                return needs(nameList<ExistingPolicy>().c_str());
            }
            o.plan.onExisting = *p;
        } else if (a == "--threads") {
            const auto v = value();
            const auto n = v ? parseInt(*v) : std::nullopt;
            if (!n || *n < 1 || *n > 1024) {
                return needs("a thread count from 1 to 1024");
            }
            o.batch.threads = static_cast<int>(*n);
        } else if (a == "--device") {
            const auto v = value();
            const auto d = v ? parseName<DeviceChoice>(*v) : std::nullopt;
            if (!d) {
                return needs(nameList<DeviceChoice>().c_str());
            }
            o.batch.device = *d;
        } else if (a == "--max-megapixels") {
            const auto v = value();
            const auto n = v ? parseNumber(*v) : std::nullopt;
            if (!n || *n <= 0 || *n > 1e6) {
                return needs("a number of megapixels");
            }
            o.batch.process.limits.maxPixels = static_cast<std::uint64_t>(*n * 1e6);
        } else if (a == "--max-memory-mb") {
            const auto v = value();
            const auto n = v ? parseInt(*v) : std::nullopt;
            if (!n || *n < 16 || *n > (1 << 22)) {
                return needs("a number of MiB, at least 16");
            }
            o.batch.process.limits.maxMemoryBytes = static_cast<std::uint64_t>(*n) << 20;
            o.batch.memoryBudget = std::max<std::uint64_t>(
                o.batch.memoryBudget, o.batch.process.limits.maxMemoryBytes);
        } else if (a == "--") {
            for (++i; i < args.size(); ++i) {
                o.inputs.emplace_back(args[i]);
            }
        } else if (a.size() > 1 && a[0] == '-') {
            return usage("unknown option " + a + " (see --help)");
        } else {
            o.inputs.emplace_back(a);
        }
    }
    if (o.help || o.version) {
        return o;
    }
    if (o.inputs.empty()) {
        return usage("no files or folders given (see --help)");
    }
    if (auto valid = validate(spec); !valid) {
        return usage(valid.error().message);
    }
    return o;
}

} // namespace dropsize::cli
