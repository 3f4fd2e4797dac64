// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Bad inputs for every codec of the build (truncated, corrupt, over the limits, not encodable)
// and the errors the codecs give for them: what the tests of the engine's error texts check,
// in core (templates, arguments) and in the window (their translation).

#include "dropsize/core/result.h"

#include <string>
#include <vector>

namespace dropsize::test {

struct CodecFailure {
    std::string what; ///< the input, for a test's trace: "truncated JPEG"
    Error error; ///< what the codec returned
    /// Whether the error carries a library's own sentence (libjpeg's, libpng's, libheif's).
    bool libraryWords = false;
};

/// Makes each bad input and runs its codec on it. A codec that does not fail is listed with an
/// error of code Internal and an empty text, which the tests' checks then report.
std::vector<CodecFailure> codecFailures();

} // namespace dropsize::test
