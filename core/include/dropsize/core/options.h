// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/build_config.h"
#include "dropsize/core/limits.h"
#include "dropsize/core/number_text.h"
#include "dropsize/core/option_names.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// What an option's value is, which says how it is read from text.
enum class OptionKind {
    Switch, ///< on or off; on the command line a flag without a value
    Integer, ///< a whole number from min to max
    Number, ///< a plain decimal number from min to max ("12.5")
    Size, ///< "WxH", each side an integer from min to max
    Choice, ///< one of an enum's names (enum_names.h; the table beside the enum)
    Folder, ///< a path
    Text, ///< free text that a parser of its own reads (a list of sizes, a name pattern)
};

/// One option a user can set, as every surface names it: the window's settings key, the
/// command line's flag, its limits and its help. Its default is that of the option structs
/// default-constructed (ResizeSpec, EncodeOptions, DecodeLimits, PlanOptions, BatchOptions); the
/// value it sets is the caller's to say (the command line's table and the settings store's each
/// map it to their own struct).
struct OptionInfo {
    OptionKind kind = OptionKind::Switch;
    std::string_view key = {}; ///< in the window's settings file; empty where the window has none
    std::string_view flag = {}; ///< on the command line; empty where it has none
    std::string_view valueName = {}; ///< what --help calls the value ("Q"); empty for a switch
    double min = 0; ///< inclusive, for Integer, Number and each side of a Size
    double max = 0;
    /// For --help, which fills in {min}, {max}, {default} and {choices} (every name of the
    /// enum, the default marked).
    std::string_view help = {};
    /// A Choice's test of a name (isNameOf<E> of its enum E).
    bool (*isChoice)(std::string_view) noexcept = nullptr;
    /// An Integer that counts bytes, written with K (1024) or M (1048576) after it if any.
    bool bytes = false;
    /// One of the options that say the size (at most one of them is given).
    bool choosesSize = false;
    /// A preset may set it (presetOptions()): what an output looks like, not where the batch
    /// reads or how it runs.
    bool inPresets = false;
};

/// An option's value read from its text; the member its kind reads is set.
struct OptionValue {
    std::uint64_t integer = 0; ///< Integer (for a byte count, in bytes)
    double number = 0; ///< Number
    std::uint64_t width = 0; ///< Size
    std::uint64_t height = 0; ///< Size
    std::string text; ///< Choice (the name as written), Folder and Text: the text as it is
};

/// `text` read as `option` takes it, within its limits: a Switch takes no text, an Integer a
/// whole number (parseWholeNumber(), or parseByteCount() for bytes), a Number a plain decimal
/// (parsePlainNumber()), a Size "WxH" (parseSizeText()) with each side within the limits, a
/// Choice one of its enum's names, a Folder any text but none; a Text is taken as it is (its
/// own parser reads it: parseSizeList(), NameTemplate::parse()). nullopt otherwise. The
/// command line, the presets file and the window's presets read every value with it.
std::optional<OptionValue> parseOptionValue(const OptionInfo& option, std::string_view text);

/// The options of a batch, in the order --help shows them.
namespace option {

    inline constexpr OptionInfo kSizeMode {
        .kind = OptionKind::Choice, .key = "size/mode", .isChoice = isNameOf<SizeMode>
    };
    inline constexpr OptionInfo kPercent { .kind = OptionKind::Number,
        .key = "size/percent",
        .flag = "--percent",
        .valueName = "P",
        .min = kMinPercent,
        .max = kMaxPercent,
        .help = "scale both sides to P percent, {min} to {max} (decimals allowed; default "
                "{default})",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kFit { .kind = OptionKind::Size,
        .flag = "--fit",
        .valueName = "WxH",
        .min = 1,
        .max = kMaxSide,
        .help = "largest size that fits in W x H, aspect kept",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kLongEdge { .kind = OptionKind::Integer,
        .key = "size/longEdge",
        .flag = "--long-edge",
        .valueName = "N",
        .min = 1,
        .max = kMaxSide,
        .help = "longer side becomes N pixels, aspect kept",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kShortEdge { .kind = OptionKind::Integer,
        .key = "size/shortEdge",
        .flag = "--short-edge",
        .valueName = "N",
        .min = 1,
        .max = kMaxSide,
        .help = "shorter side becomes N pixels, aspect kept",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kFill { .kind = OptionKind::Size,
        .flag = "--fill",
        .valueName = "WxH",
        .min = 1,
        .max = kMaxSide,
        .help = "exactly W x H, aspect kept: covers the box, then crops it, centred; without "
                "--enlarge an image smaller than the box on a side is cropped to the box's shape, "
                "not scaled",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kExact { .kind = OptionKind::Size,
        .flag = "--size",
        .valueName = "WxH",
        .min = 1,
        .max = kMaxSide,
        .help = "exactly W x H; stretches (aspect not kept)",
        .choosesSize = true,
        .inPresets = true };
    /// The window's two sides of --fit, --fill and --size.
    inline constexpr OptionInfo kWidth {
        .kind = OptionKind::Integer, .key = "size/width", .min = 1, .max = kMaxSide
    };
    inline constexpr OptionInfo kHeight {
        .kind = OptionKind::Integer, .key = "size/height", .min = 1, .max = kMaxSide
    };
    /// Several sizes in one pass: each input is decoded once and written once per size.
    inline constexpr OptionInfo kSizes { .kind = OptionKind::Text,
        .key = "size/sizes",
        .flag = "--sizes",
        .valueName = "LIST",
        .help = "write every image at each size of LIST, such as 2048,1024,256 (long edges) or "
                "50%,fit:800x600,short:1080,fill:512x512,exact:640x480; each input is read "
                "once, and each size's outputs go to a folder named by its label (2048, "
                "fit800x600, 50pct) unless --name names the size",
        .choosesSize = true,
        .inPresets = true };
    inline constexpr OptionInfo kEnlarge { .kind = OptionKind::Switch,
        .key = "size/enlarge",
        .flag = "--enlarge",
        .help = "allow outputs larger than the input (never by default)",
        .inPresets = true };
    inline constexpr OptionInfo kFilter { .kind = OptionKind::Choice,
        .key = "size/filter",
        .flag = "--filter",
        .valueName = "NAME",
        .help = "{choices}; lanczos is sharper",
        .isChoice = isNameOf<Filter>,
        .inPresets = true };
    /// Pillow's thumbnail(reducing_gap): ResizeSpec::reducingGap, read by parseReducingGap(),
    /// which holds its limits (kMinReducingGap, kMaxReducingGap: the 1 and 8 below).
    inline constexpr OptionInfo kReducingGap { .kind = OptionKind::Text,
        .key = "size/reducingGap",
        .flag = "--reducing-gap",
        .valueName = "G",
        .help = "Pillow's reducing gap, 1 to 8 or none (default {default}): a JPEG is "
                "decoded at a smaller scale, and an image reduced by whole factors, while it stays "
                "G times the output, before the filter; 1 is fastest (as far as the output "
                "allows, like sharp's shrink-on-load), larger is nearer a resample of the whole "
                "image, none never does either; the pixels are Pillow's for each",
        .inPresets = true };

    inline constexpr OptionInfo kOutputFolder { .kind = OptionKind::Folder,
        .key = "output/folder",
        .flag = "--output",
        .valueName = "DIR",
        .help = "write all outputs under DIR (mirroring the input folders)" };
    inline constexpr OptionInfo kNameTemplate { .kind = OptionKind::Text,
        .key = "output/nameTemplate",
        .flag = "--name",
        .valueName = "PATTERN",
        .help = "name outputs by PATTERN, such as {name}_{w}x{h}: {name} the input's name "
                "without extension, {ext} the output's extension, {w} and {h} its size, {size} "
                "the size's label, {n} the input's number; the extension is added; \"/\" makes "
                "sub-folders; characters the file system refuses become _ (default {name})",
        .inPresets = true };
#if DROPSIZE_WITH_HEIF
    inline constexpr std::string_view kFormatHelp
        = "{choices}; keep writes each image in its input's format, a HEIC/HEIF as JPEG";
#else
    inline constexpr std::string_view kFormatHelp
        = "{choices}; keep writes each image in its input's format";
#endif
    inline constexpr OptionInfo kFormat { .kind = OptionKind::Choice,
        .key = "output/format",
        .flag = "--format",
        .valueName = "F",
        .help = kFormatHelp,
        .isChoice = isNameOf<OutputFormat>,
        .inPresets = true };
    inline constexpr OptionInfo kJpegQuality { .kind = OptionKind::Integer,
        .key = "output/jpegQuality",
        .flag = "--quality",
        .valueName = "Q",
        .min = kMinJpegQuality,
        .max = kMaxJpegQuality,
        .help = "JPEG quality {min}-{max} (default {default})",
        .inPresets = true };
    inline constexpr OptionInfo kSubsampling { .kind = OptionKind::Choice,
        .key = "output/subsampling",
        .flag = "--subsampling",
        .valueName = "S",
        .help = "JPEG chroma subsampling: {choices}",
        .isChoice = isNameOf<ChromaSubsampling>,
        .inPresets = true };
    inline constexpr OptionInfo kProgressive { .kind = OptionKind::Switch,
        .key = "output/progressive",
        .flag = "--progressive",
        .help = "write progressive JPEG",
        .inPresets = true };
    inline constexpr OptionInfo kPngCompression { .kind = OptionKind::Integer,
        .key = "output/pngCompression",
        .flag = "--png-compression",
        .valueName = "L",
        .min = kMinPngCompression,
        .max = kMaxPngCompression,
        .help = "PNG compression level {min}-{max} (default {default})",
        .inPresets = true };
#if DROPSIZE_WITH_WEBP
    inline constexpr OptionInfo kWebpQuality { .kind = OptionKind::Integer,
        .key = "output/webpQuality",
        .flag = "--webp-quality",
        .valueName = "Q",
        .min = kMinWebpQuality,
        .max = kMaxWebpQuality,
        .help = "WebP quality {min}-{max} (default {default}); with --webp-lossless, the effort "
                "(higher: smaller files, slower)",
        .inPresets = true };
    inline constexpr OptionInfo kWebpLossless { .kind = OptionKind::Switch,
        .key = "output/webpLossless",
        .flag = "--webp-lossless",
        .help = "write lossless WebP: the exact pixels, in larger files",
        .inPresets = true };
#endif
#if DROPSIZE_WITH_HEIF
    inline constexpr OptionInfo kAvifQuality { .kind = OptionKind::Integer,
        .key = "output/avifQuality",
        .flag = "--avif-quality",
        .valueName = "Q",
        .min = kMinAvifQuality,
        .max = kMaxAvifQuality,
        .help = "AVIF quality {min}-{max} (default {default})",
        .inPresets = true };
    inline constexpr OptionInfo kAvifSpeed { .kind = OptionKind::Integer,
        .key = "output/avifSpeed",
        .flag = "--avif-speed",
        .valueName = "S",
        .min = kMinAvifSpeed,
        .max = kMaxAvifSpeed,
        .help = "AVIF encoder speed {min} (slowest, smallest) to {max} (default {default})",
        .inPresets = true };
#endif
    inline constexpr OptionInfo kStripMetadata { .kind = OptionKind::Switch,
        .key = "output/stripMetadata",
        .flag = "--strip-metadata",
        .help = "drop EXIF and ICC profile (kept by default)",
        .inPresets = true };
    inline constexpr OptionInfo kOnExisting { .kind = OptionKind::Choice,
        .key = "output/existing",
        .flag = "--on-existing",
        .valueName = "MODE",
        .help = "when an output exists: {choices}; with skip, re-running resumes",
        .isChoice = isNameOf<ExistingPolicy>,
        .inPresets = true };

    /// On the command line, the negation of the window's "Keep file dates".
    inline constexpr OptionInfo kKeepDates { .kind = OptionKind::Switch,
        .key = "output/keepDates",
        .flag = "--no-keep-dates",
        .help = "give outputs the time they are written as their date (by default each takes "
                "its input's modification time)",
        .inPresets = true };
    inline constexpr OptionInfo kIfBigger { .kind = OptionKind::Choice,
        .key = "output/ifBigger",
        .flag = "--if-bigger",
        .valueName = "MODE",
        .help = "when an output in its input's format would be larger than the input: "
                "{choices}; keep writes it anyway, skip writes nothing, copy writes the input's "
                "bytes unchanged under the output's name",
        .isChoice = isNameOf<IfBigger>,
        .inPresets = true };
    /// 1024-based: K is 1024 bytes, M 1024 K.
    inline constexpr OptionInfo kMaxBytes { .kind = OptionKind::Integer,
        .key = "output/maxBytes",
        .flag = "--max-bytes",
        .valueName = "N",
        .min = 1,
        .max = static_cast<double>(kMaxTargetBytes),
        .help = "write each lossy output at the highest quality, up to its format's quality "
                "option, whose file is at most N bytes; K and M count 1024 and 1048576 bytes "
                "(200K, 2M); lossless outputs (PNG, lossless WebP) are written as usual",
        .bytes = true,
        .inPresets = true };

    inline constexpr OptionInfo kThreads { .kind = OptionKind::Integer,
        .key = "run/threads",
        .flag = "--threads",
        .valueName = "N",
        .min = 1,
        .max = kMaxThreads,
        .help = "worker threads, {min} to {max} (default: all cores)" };
    inline constexpr OptionInfo kDevice { .kind = OptionKind::Choice,
        .key = "run/device",
        .flag = "--device",
        .valueName = "D",
        .help = "{choices}: auto uses the GPU beside the CPU threads when there is one; gpu "
                "gives every resize to the GPU (the CPU when there is none, said once)",
        .isChoice = isNameOf<DeviceChoice> };
    /// On the command line, the negation of the window's "Include sub-folders".
    inline constexpr OptionInfo kRecursive { .kind = OptionKind::Switch,
        .key = "input/recursive",
        .flag = "--no-recursive",
        .help = "do not walk into sub-folders" };
    inline constexpr OptionInfo kPixelLimit { .kind = OptionKind::Number,
        .flag = "--max-megapixels",
        .valueName = "N",
        .min = kMinMegapixels,
        .max = kMaxMegapixels,
        .help = "refuse images larger than N megapixels (default {default})" };
    inline constexpr OptionInfo kMemoryLimit { .kind = OptionKind::Integer,
        .flag = "--max-memory-mb",
        .valueName = "N",
        .min = kMinMemoryMiB,
        .max = kMaxMemoryMiB,
        .help = "refuse images needing more than N MiB to process, at least {min} (default "
                "{default})" };

    /// Every option above.
    inline constexpr const OptionInfo* kAll[]
        = { &kSizeMode, &kPercent, &kFit, &kLongEdge, &kShortEdge, &kFill, &kExact, &kWidth,
              &kHeight, &kSizes, &kEnlarge, &kFilter, &kReducingGap, &kOutputFolder, &kNameTemplate,
              &kFormat, &kJpegQuality, &kSubsampling, &kProgressive, &kPngCompression,
#if DROPSIZE_WITH_WEBP
              &kWebpQuality, &kWebpLossless,
#endif
#if DROPSIZE_WITH_HEIF
              &kAvifQuality, &kAvifSpeed,
#endif
              &kStripMetadata, &kOnExisting, &kKeepDates, &kIfBigger, &kMaxBytes, &kThreads,
              &kDevice, &kRecursive, &kPixelLimit, &kMemoryLimit };

} // namespace option

} // namespace dropsize
