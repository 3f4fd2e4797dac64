// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/limits.h"
#include "dropsize/core/version.h"
#include "pixels.h"
#include "resize_folder.h"
#include "thumbnail.h"
#include "thumbnail_pool.h"

#include <pybind11/pybind11.h>

// dropsize._native: the engine's calls for the dropsize package (app/python/dropsize), which
// checks and documents their arguments.
PYBIND11_MODULE(_native, module)
{
    module.doc() = "Dropsize's engine for Python: use the dropsize package, which wraps it.";
    dropsize::python::registerPixels(module);
    dropsize::python::registerThumbnail(module);
    dropsize::python::registerThumbnailPool(module);
    dropsize::python::registerResizeFolder(module);
    module.attr("__version__") = std::string(dropsize::versionString());
    module.attr("MAX_SIDE") = dropsize::kMaxSide; // the largest image side the engine takes
}
