// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <pybind11/pybind11.h>

namespace dropsize::python {

/// Registers dropsize._native.ThumbnailPool: thumbnails() on worker threads of its own.
void registerThumbnailPool(pybind11::module_& module);

} // namespace dropsize::python
