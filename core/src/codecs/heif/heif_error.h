// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// libheif's errors in words, shared by the HEIF/AVIF decoder and the AVIF encoder.

#include "dropsize/core/text.h"

#include <libheif/heif.h>

namespace dropsize::heif {

/// libheif's message for `e` (or an empty Text when it gives none), trailing spaces and line
/// ends dropped. libheif words an error as "code: subcode" or "code: subcode: detail" with fixed
/// sentences for the code and subcode (its get_error_string()): those are templates with the
/// same English, the detail (free text of libheif's) is verbatim. A message of any other shape
/// stays libheif's own words, verbatim.
Text describe(const heif_error& e);

} // namespace dropsize::heif
