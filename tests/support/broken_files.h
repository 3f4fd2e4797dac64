// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Damaged PNG and JPEG files, made from good ones (the shared test data's where present, else
// our own encoder's) by the kinds of damage a user meets: truncation, bad checksums, bad
// headers, damaged compressed data, missing tables. The tests of the libraries' messages decode
// them and check what the error says.

#include "dropsize/core/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dropsize::test {

struct BrokenFile {
    std::string what; ///< the damage, for a test's trace: "IHDR: bit depth 3"
    std::vector<std::uint8_t> bytes;
};

/// Damaged PNGs, and the shared test data's broken ones (testpngs/bad*.png) when present.
std::vector<BrokenFile> brokenPngs();

/// Damaged JPEGs, from libjpeg-turbo's test images when present (else our own encoder's).
std::vector<BrokenFile> brokenJpegs();

/// The error of opening `file` and decoding its pixels; a decode that succeeds is an error of
/// code Internal with an empty text.
Error decodeFailure(const std::vector<std::uint8_t>& file);

} // namespace dropsize::test
