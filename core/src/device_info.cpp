// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/device_info.h"

#include "dropsize/core/option_names.h"
#include "dropsize/kernels/gpu_resizer.h"

#include <algorithm>
#include <omp.h>

namespace dropsize {

const char* deviceChoiceName(DeviceChoice choice) noexcept { return nameOf(choice); }

std::optional<DeviceChoice> parseDeviceChoice(std::string_view name) noexcept
{
    return parseName<DeviceChoice>(name);
}

DeviceInfo probeDevices()
{
    DeviceInfo info;
    const kernels::GpuProbe gpu = kernels::GpuResizer::probe();
    info.gpuUsable = gpu.status == kernels::GpuStatus::Ok;
    info.gpuName = info.gpuUsable ? gpu.deviceName : std::string();
    info.gpuReason = info.gpuUsable ? std::string() : gpu.reason;
    info.cpuThreads = std::max(1, omp_get_num_procs());
    return info;
}

std::string describeDevices(const DeviceInfo& info)
{
    const std::string cpu
        = std::to_string(info.cpuThreads) + (info.cpuThreads == 1 ? " CPU thread" : " CPU threads");
    if (info.gpuUsable) {
        return info.gpuName + " (GPU) + " + cpu;
    }
    return "no CUDA device: " + info.gpuReason + " \u2014 " + cpu;
}

} // namespace dropsize
