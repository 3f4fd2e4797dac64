// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <pybind11/pybind11.h>

namespace dropsize::python {

/// Registers dropsize._native.resize_folder(): a batch with the command line's flags.
void registerResizeFolder(pybind11::module_& module);

} // namespace dropsize::python
