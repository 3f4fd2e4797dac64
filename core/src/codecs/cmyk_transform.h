// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace dropsize {

/// The standard CMYK profile, built into the library from its ICC file at build time
/// (core/CMakeLists.txt: basICColor's ISO Coated v2 300%): for a CMYK JPEG that carries no
/// profile, or one that lcms2 cannot read CMYK with.
std::span<const std::uint8_t> standardCmykProfile() noexcept;

/// lcms2's transform from a CMYK JPEG's samples (libjpeg's CMYK output; YCCK comes out of
/// libjpeg as CMYK) to sRGB, made once per image and used row by row. The intent is relative
/// colorimetric without black point compensation, as libvips converts by default. lcms2 works in
/// a context of its own, so that what it allocates for this image is counted (memoryBytes()) and
/// capped. Move-only; one thread at a time.
class CmykTransform {
public:
    /// What lcms2 may allocate for one image's transform at most, whatever the memory limit: a
    /// profile that needs more gives way to the standard one (whose transform holds about 0.5 MB).
    static constexpr std::uint64_t kMaxMemory = 64ull << 20;

    /// The transform from `profile` (the file's ICC profile; empty when it has none) for samples
    /// stored inverted (Adobe's convention, which Adobe's APP14 marker announces) or not. No
    /// profile, or one that is broken, is not a CMYK one or that lcms2 cannot read CMYK with,
    /// gives way to the standard profile, and `warning` says so in words for the job's note;
    /// otherwise `warning` is left empty. Fails only when even the standard profile's transform
    /// cannot be made within `memoryLimit` bytes (or kMaxMemory).
    [[nodiscard]] static Result<CmykTransform> create(std::span<const std::uint8_t> profile,
        bool inverted, std::uint64_t memoryLimit, Text& warning);

    /// The note for a file profile given up for the standard one, `why` saying what was wrong.
    [[nodiscard]] static Text standardUsedBecause(Text why);

    CmykTransform(CmykTransform&&) noexcept;
    CmykTransform& operator=(CmykTransform&&) noexcept;
    CmykTransform(const CmykTransform&) = delete;
    CmykTransform& operator=(const CmykTransform&) = delete;
    ~CmykTransform();

    /// `width` CMYK pixels of 4 bytes to sRGB pixels of 3 bytes.
    void toRgb(const std::uint8_t* cmyk, std::uint8_t* rgb, int width) const noexcept;

    /// Bytes lcms2 holds for the transform, its context included.
    std::uint64_t memoryBytes() const noexcept;

    /// True when the transform is the standard profile's.
    bool usesStandardProfile() const noexcept;

private:
    struct State;
    explicit CmykTransform(std::unique_ptr<State> state) noexcept;

    std::unique_ptr<State> m_state;
};

} // namespace dropsize
