// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "convert/byte_budget.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace dropsize {

int* lossyQuality(EncodeOptions& options, ImageFormat format) noexcept
{
    switch (format) {
    case ImageFormat::Jpeg:
        return &options.jpegQuality;
#if DROPSIZE_WITH_WEBP
    case ImageFormat::Webp:
        // Lossless, the quality is the effort, which does not trade pixels for bytes.
        return options.webpLossless ? nullptr : &options.webpQuality;
#endif
#if DROPSIZE_WITH_HEIF
    case ImageFormat::Avif:
        return &options.avifQuality;
    case ImageFormat::Heif: // read only
#endif
    case ImageFormat::Png:
    case ImageFormat::Unknown:
        return nullptr;
    }
    return nullptr;
}

bool takesByteBudget(ImageFormat format, const EncodeOptions& options) noexcept
{
    EncodeOptions copy = options;
    return lossyQuality(copy, format) != nullptr;
}

Result<ByteBudgetResult> encodeWithin(const EncodeAt& encode, EncodeOptions options,
    ImageFormat format, std::uint64_t maxBytes, const CancelToken* cancel)
{
    int* quality = lossyQuality(options, format);
    if (quality == nullptr) {
        return Error::of(ErrorCode::Internal, Text::tr("a target file size needs a lossy format"));
    }
    ByteBudgetResult result;
    // The output at `q`, kept as the best when it fits; false when it does not.
    auto tryQuality = [&](int q) -> Result<bool> {
        if (cancel != nullptr && cancel->stopRequested()) {
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        *quality = q;
        ++result.encodes;
        auto encoded = encode(options);
        if (!encoded) {
            return std::move(encoded).error();
        }
        if (encoded->size() > maxBytes) {
            // Misses come in falling quality: the last is the lowest tried.
            result.smallestBytes = encoded->size();
            result.lowestTried = q;
            return false;
        }
        result.bytes = std::move(encoded).value(); // the one kept before is freed here
        result.quality = q;
        return true;
    };

    const int highest = std::max(*quality, kLowestSearchedQuality);
    auto first = tryQuality(highest);
    if (!first) {
        return std::move(first).error();
    }
    // Every quality above `low` - 1 that fits was not tried yet; every one above `high` misses.
    int low = kLowestSearchedQuality;
    int high = highest - 1;
    while (!*first && low <= high && result.encodes < kMaxSearchEncodes) {
        const int mid = low + (high - low) / 2;
        auto fits = tryQuality(mid);
        if (!fits) {
            return std::move(fits).error();
        }
        if (*fits) {
            low = mid + 1;
        } else {
            high = mid - 1;
        }
    }
    return result;
}

std::string byteSizeText(std::uint64_t bytes)
{
    char text[48];
    if (bytes < 1024) {
        std::snprintf(text, sizeof text, "%llu %s", static_cast<unsigned long long>(bytes),
            bytes == 1 ? "byte" : "bytes");
        return text;
    }
    const bool mega = bytes >= (std::uint64_t { 1 } << 20);
    const double value = static_cast<double>(bytes) / (mega ? 1048576.0 : 1024.0);
    // Whole numbers without a decimal ("120 KB"), others with one ("1.5 MB").
    const double tenths = static_cast<double>(static_cast<long long>(value * 10 + 0.5)) / 10;
    if (tenths == static_cast<double>(static_cast<long long>(tenths))) {
        std::snprintf(text, sizeof text, "%.0f %s", tenths, mega ? "MB" : "KB");
    } else {
        std::snprintf(text, sizeof text, "%.1f %s", tenths, mega ? "MB" : "KB");
    }
    return text;
}

std::pair<std::string, std::string> byteSizeTexts(std::uint64_t a, std::uint64_t b)
{
    std::string first = byteSizeText(a);
    std::string second = byteSizeText(b);
    if (a != b && first == second) {
        return { std::to_string(a) + " bytes", std::to_string(b) + " bytes" };
    }
    return { std::move(first), std::move(second) };
}

} // namespace dropsize
