// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/device_info.h"

#include "dropsize/kernels/gpu_resizer.h"

#include <algorithm>
#include <omp.h>
#include <optional>
#include <string>
#include <vector>

namespace dropsize {

DeviceInfo probeDevices()
{
    DeviceInfo info;
    const kernels::GpuProbe gpu = kernels::GpuResizer::probe();
    info.gpuUsable = gpu.status == kernels::GpuStatus::Ok;
    info.gpuName = info.gpuUsable ? gpu.deviceName : std::string();
    info.gpuMemoryBytes = info.gpuUsable ? gpu.memoryBytes : 0;
    info.gpuReason = info.gpuUsable ? Text() : gpuReasonText(gpu.reason);
    info.cpuThreads = std::max(1, omp_get_num_procs());
    return info;
}

Text describeDevices(const DeviceInfo& info)
{
    const Text cpu = (info.cpuThreads == 1 ? Text::tr("%1 CPU thread") : Text::tr("%1 CPU threads"))
                         .arg(info.cpuThreads);
    if (info.gpuUsable) {
        return Text::tr("%1 (GPU) + %2").arg(info.gpuName).arg(cpu);
    }
    return Text::tr("no CUDA device: %1 \u2014 %2").arg(info.gpuReason).arg(cpu);
}

namespace {

    // The arguments that make `format` (placeholders %1, %2, ... in order, none side by side)
    // read `text`, or nullopt when it cannot: each literal piece is found in turn, the first
    // at the start and the last at the end.
    std::optional<std::vector<std::string>> matchFormat(
        std::string_view format, std::string_view text)
    {
        std::vector<std::string_view> pieces;
        std::size_t start = 0;
        for (std::size_t i = 0; i + 1 < format.size(); ++i) {
            if (format[i] == '%' && format[i + 1] >= '1' && format[i + 1] <= '9') {
                pieces.push_back(format.substr(start, i - start));
                start = i + 2;
                ++i;
            }
        }
        pieces.push_back(format.substr(start));
        if (!text.starts_with(pieces.front())) {
            return std::nullopt;
        }
        if (pieces.size() == 1) {
            return text.size() == pieces.front().size() ? std::optional(std::vector<std::string> {})
                                                        : std::nullopt;
        }
        std::vector<std::string> args;
        std::size_t at = pieces.front().size();
        for (std::size_t k = 1; k < pieces.size(); ++k) {
            const bool last = k + 1 == pieces.size();
            std::size_t found = 0;
            if (last) {
                if (!text.substr(at).ends_with(pieces[k])) {
                    return std::nullopt;
                }
                found = text.size() - pieces[k].size();
            } else {
                found = text.find(pieces[k], at);
                if (found == std::string_view::npos || pieces[k].empty()) {
                    return std::nullopt;
                }
            }
            args.emplace_back(text.substr(at, found - at));
            at = found + pieces[k].size();
        }
        return args;
    }

} // namespace

Text gpuReasonText(std::string_view reason)
{
    // The sentences of kernels/ (gpu_resizer_stub.cpp, cuda_resizer.cu), word for word.
    const Text known[] = {
        Text::tr("this build has no CUDA kernels"),
        Text::tr("no CUDA device found"),
        Text::tr("the NVIDIA driver is missing or too old for CUDA 13 (%1)"),
        Text::tr("CUDA could not start: %1"),
        Text::tr("cannot read the GPU's properties: %1"),
        Text::tr("%1 is too old for this build (compute capability %2, needs %3)"),
        Text::tr("the image needs more than the GPU memory budget"),
        Text::tr("the GPU was not opened"),
    };
    for (const Text& candidate : known) {
        if (auto args = matchFormat(candidate.format(), reason)) {
            Text text = candidate;
            for (std::string& a : *args) {
                text = std::move(text).arg(std::move(a));
            }
            return text;
        }
    }
    return Text::verbatim(std::string(reason));
}

} // namespace dropsize
