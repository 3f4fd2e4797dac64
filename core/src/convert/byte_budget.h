// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// A byte budget (--max-bytes, ProcessOptions::maxBytes): the highest quality whose output fits,
// found by a bounded binary search over the lossy encoder's quality.

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/result.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace dropsize {

/// The quality field of `options` that the encoder of `format` reads, which a byte budget
/// lowers; null for a format that has none (PNG is lossless). A lossy format joins the search by
/// one case here (byte_budget.cpp).
int* lossyQuality(EncodeOptions& options, ImageFormat format) noexcept;

/// True when a byte budget applies to outputs in `format` with these encoder options (a
/// lossless WebP takes none).
bool takesByteBudget(ImageFormat format, const EncodeOptions& options = {}) noexcept;

/// The lossy and the lossless outputs of this build, in words for the batch's notice.
#if DROPSIZE_WITH_WEBP && DROPSIZE_WITH_HEIF
inline constexpr const char* kLossyOutputs = "JPEG, AVIF, lossy WebP";
#elif DROPSIZE_WITH_WEBP
inline constexpr const char* kLossyOutputs = "JPEG, lossy WebP";
#elif DROPSIZE_WITH_HEIF
inline constexpr const char* kLossyOutputs = "JPEG, AVIF";
#else
inline constexpr const char* kLossyOutputs = "JPEG";
#endif
#if DROPSIZE_WITH_WEBP
inline constexpr const char* kLosslessOutputs = "PNG, lossless WebP";
#else
inline constexpr const char* kLosslessOutputs = "PNG";
#endif

/// The lowest quality the search tries (every lossy encoder's scale starts at 1 or below).
inline constexpr int kLowestSearchedQuality = 1;

/// Encodes at most this many times for one output: the configured quality, then a binary search
/// over the qualities below it (log2 of 100, rounded up).
inline constexpr int kMaxSearchEncodes = 8;

/// What the search found.
struct ByteBudgetResult {
    /// The output at the highest quality tried whose size is at most the target; empty when
    /// even the lowest quality does not fit.
    std::vector<std::uint8_t> bytes;
    int quality = 0; ///< the quality of `bytes`
    /// When nothing fits: the lowest quality tried (kLowestSearchedQuality, as the search
    /// always reaches it then) and its output's size, for the message.
    int lowestTried = 0;
    std::uint64_t smallestBytes = 0;
    int encodes = 0; ///< how many encodes it took
    bool fits() const noexcept { return !bytes.empty(); }
};

/// Encodes with `options` (their quality for `format` is the highest tried) and then, while the
/// result is over `maxBytes`, by a binary search over the qualities from
/// kLowestSearchedQuality up: the highest quality found whose output is at most `maxBytes`
/// bytes, within kMaxSearchEncodes encodes. A file's size does not always fall with its quality
/// by a byte or two, so the result is the highest among those tried, which always fits. Holds
/// at most two outputs at once: the best that fits and the current one. Fails when an encode
/// fails, and with ErrorCode::Cancelled when `cancel` is set between two encodes. `format`
/// must take a byte budget.
using EncodeAt = std::function<Result<std::vector<std::uint8_t>>(const EncodeOptions& options)>;
[[nodiscard]] Result<ByteBudgetResult> encodeWithin(const EncodeAt& encode, EncodeOptions options,
    ImageFormat format, std::uint64_t maxBytes, const CancelToken* cancel = nullptr);

/// A size in bytes as people read it, 1024-based: "1 byte", "512 bytes", "120 KB", "1.5 MB".
std::string byteSizeText(std::uint64_t bytes);

/// "120 KB" and "100 KB" for two sizes, exact ("123001 bytes", "123000 bytes") when the rounded
/// texts would be the same.
std::pair<std::string, std::string> byteSizeTexts(std::uint64_t a, std::uint64_t b);

} // namespace dropsize
