// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The names of every option's values (nameOf, parseName, nameList): each enum's table is beside
// the enum, in the headers below; this one only gathers them for the surfaces that read every
// option (the command line, presets, the window's settings).

#include "dropsize/core/atomic_file_writer.h" // ExistingPolicy
#include "dropsize/core/codec.h" // ChromaSubsampling
#include "dropsize/core/device_info.h" // DeviceChoice
#include "dropsize/core/enum_names.h"
#include "dropsize/core/image_processor.h" // OutputFormat, IfBigger
#include "dropsize/core/resize_spec.h" // SizeMode, Filter
