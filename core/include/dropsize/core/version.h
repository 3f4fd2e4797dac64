// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <string>

namespace dropsize {

/// "0.1.0"
const char* versionString() noexcept;
/// Short git revision of the build, or "unknown".
const char* gitRevision() noexcept;
/// The image libraries this build runs on, e.g. "libjpeg-turbo 2.1.5 (API 62), libpng 1.6.39".
std::string libraryVersions();

} // namespace dropsize
