// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/enum_names.h"
#include "dropsize/core/text.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// Where the resize step of a batch may run.
enum class DeviceChoice {
    Auto, ///< the GPU when one is usable, beside the CPU workers
    Cpu, ///< CPU workers only
    Gpu, ///< the GPU queue first; jobs fall back to the CPU when it is not usable
};

template <> struct EnumNames<DeviceChoice> {
    static constexpr EnumName<DeviceChoice> names[] = {
        { DeviceChoice::Auto, "auto" },
        { DeviceChoice::Cpu, "cpu" },
        { DeviceChoice::Gpu, "gpu" },
    };
};

/// What this machine offers the scheduler.
struct DeviceInfo {
    bool gpuUsable = false;
    std::string gpuName; ///< set when gpuUsable
    std::uint64_t gpuMemoryBytes = 0; ///< the GPU's memory, when gpuUsable
    Text gpuReason; ///< why not, when !gpuUsable ("this build has no CUDA kernels", ...)
    int cpuThreads = 1; ///< CPU workers a batch starts by default
};

/// Probes the GPU (through kernels/) and counts the cores. Never throws, never prints.
DeviceInfo probeDevices();

/// One line for people: "NVIDIA H100 (GPU) + 16 CPU threads" or
/// "no CUDA device: this build has no CUDA kernels — 2 CPU threads".
Text describeDevices(const DeviceInfo& info);

/// The GPU half's reason why it cannot be used or failed (kernels' plain English, which cannot
/// use core's Text), as a Text: its known sentences become templates with their details as
/// arguments, so that the window can translate them; anything else stays verbatim. english()
/// gives `reason` back unchanged.
Text gpuReasonText(std::string_view reason);

} // namespace dropsize
