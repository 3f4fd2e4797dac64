// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The one public header of the GPU half: plain C++, no CUDA types, so core compiles the same
// with or without the CUDA toolkit.

#include <memory>
#include <string>

namespace dropsize::kernels {

enum class GpuStatus {
    Ok,
    Unavailable, ///< built without CUDA, no driver or no device
    OutOfMemory,
    Error,
};

/// What the machine offers: whether a device can be used, its name, or why not.
struct GpuProbe {
    GpuStatus status = GpuStatus::Unavailable;
    std::string deviceName;
    std::string reason;
};

/// Owner of one CUDA device. Without CUDA (this build's stub), probe() says so and the
/// scheduler runs every job on the CPU.
class GpuResizer {
public:
    GpuResizer();
    ~GpuResizer();
    GpuResizer(const GpuResizer&) = delete;
    GpuResizer& operator=(const GpuResizer&) = delete;

    /// Finds out whether a device is usable; never throws, never prints.
    static GpuProbe probe();

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace dropsize::kernels
