// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// A backend for resize_pipeline.h that runs the kernel bodies on the CPU, one emulated thread at a
// time, over exactly the grid and blocks the CUDA backend launches. "Device" memory is host
// memory. The tests use it to prove, without a GPU, that the GPU program gives the CPU path's
// bytes; it is not a product path.

#include "launch_shape.h"
#include "resize_pipeline.h"

#include <array>
#include <cstring>
#include <vector>

namespace dropsize::kernels {

class EmulatedBackend {
public:
    std::uint8_t* image(Slot slot, std::size_t bytes)
    {
        auto& buffer = m_buffers[static_cast<std::size_t>(slot)];
        // Fresh contents each time, filled with a marker, so a kernel that skips a pixel shows.
        buffer.assign(bytes, 0xA5);
        return buffer.data();
    }

    template <class T> const T* table(Slot slot, const std::vector<T>& values)
    {
        auto& buffer = m_buffers[static_cast<std::size_t>(slot)];
        buffer.resize(values.size() * sizeof(T));
        if (!values.empty()) {
            std::memcpy(buffer.data(), values.data(), buffer.size());
        }
        return reinterpret_cast<const T*>(buffer.data());
    }

    GpuResult upload(std::uint8_t* dst, ConstImageView in)
    {
        const auto rowBytes
            = static_cast<std::size_t>(in.width) * static_cast<std::size_t>(in.channels);
        for (int y = 0; y < in.height; ++y) {
            std::memcpy(dst + static_cast<std::size_t>(y) * rowBytes, in.row(y), rowBytes);
        }
        return {};
    }

    template <class Args> void launch(const Args& args, int width, int height)
    {
        const LaunchShape shape = launchShape(width, height);
        ++m_launches;
        for (unsigned by = 0; by < shape.gridY; ++by) {
            for (unsigned bx = 0; bx < shape.gridX; ++bx) {
                for (unsigned ty = 0; ty < shape.blockY; ++ty) {
                    for (unsigned tx = 0; tx < shape.blockX; ++tx) {
                        device::kernelBody(
                            device::LaunchIndex { bx, by, shape.blockX, shape.blockY, tx, ty },
                            args);
                    }
                }
            }
        }
    }

    GpuResult download(ImageView out, const std::uint8_t* src)
    {
        const auto rowBytes
            = static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.channels);
        for (int y = 0; y < out.height; ++y) {
            std::memcpy(out.row(y), src + static_cast<std::size_t>(y) * rowBytes, rowBytes);
        }
        return {};
    }

    GpuResult status() const { return {}; }

    int launches() const noexcept { return m_launches; }

private:
    std::array<std::vector<std::uint8_t>, static_cast<std::size_t>(Slot::Count)> m_buffers;
    int m_launches = 0;
};

} // namespace dropsize::kernels
