// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// GpuResizer on a CUDA device. Every CUDA call is checked and turned into a GpuResult; nothing
// here aborts, exits or prints. Each of the two slots has its own stream, device buffers and
// pinned staging buffers, so one image's copies overlap the other's kernels; the buffers grow to
// the largest image seen and are reused.

#include "dropsize/kernels/gpu_resizer.h"
#include "launch_shape.h"
#include "resize_pipeline.h"

#include <array>
#include <cstring>
#include <cuda_runtime.h>
#include <string>
#include <utility>

namespace dropsize::kernels {

namespace {

    // Compute capability the build's oldest real architecture needs (CUDA 13: 7.5).
    constexpr int kMinComputeCapability = 75;
    constexpr int kSlots = 2;

    std::string cudaText(cudaError_t e)
    {
        return std::string(cudaGetErrorString(e)) + " (" + cudaGetErrorName(e) + ")";
    }

    GpuResult fromCuda(cudaError_t e, const char* what)
    {
        if (e == cudaSuccess) {
            return {};
        }
        const GpuStatus status
            = e == cudaErrorMemoryAllocation ? GpuStatus::OutOfMemory : GpuStatus::Error;
        return { status, std::string(what) + ": " + cudaText(e) };
    }

    /// The device every call of this file works on (the build's one device: 0).
    constexpr int kDevice = 0;

    /// Makes `device` the calling thread's current device for a scope and gives the thread its
    /// own back after (a caller, PyTorch say, may have chosen another for that thread).
    class CurrentDevice {
    public:
        explicit CurrentDevice(int device) noexcept
        {
            m_known = cudaGetDevice(&m_previous) == cudaSuccess;
            m_switched = !m_known || m_previous != device;
            if (m_switched) {
                m_status = cudaSetDevice(device);
            }
        }
        ~CurrentDevice()
        {
            if (m_switched && m_known) {
                (void)cudaSetDevice(m_previous);
            }
        }
        CurrentDevice(const CurrentDevice&) = delete;
        CurrentDevice& operator=(const CurrentDevice&) = delete;
        cudaError_t status() const noexcept { return m_status; }

    private:
        int m_previous = 0;
        bool m_known = false;
        bool m_switched = false;
        cudaError_t m_status = cudaSuccess;
    };

    template <class Args> __global__ void resizeKernel(Args args)
    {
        device::kernelBody(device::LaunchIndex { blockIdx.x, blockIdx.y, blockDim.x, blockDim.y,
                               threadIdx.x, threadIdx.y },
            args);
    }

    /// Memory from a CUDA allocator (device: cudaMalloc/cudaFree; pinned host memory:
    /// cudaMallocHost/cudaFreeHost), freed with its owner; it grows, never shrinks.
    template <cudaError_t (*Allocate)(void**, std::size_t), cudaError_t (*Release)(void*)>
    class CudaMemory {
    public:
        CudaMemory() = default;
        ~CudaMemory() { reset(); }
        CudaMemory(const CudaMemory&) = delete;
        CudaMemory& operator=(const CudaMemory&) = delete;

        cudaError_t reserve(std::size_t bytes)
        {
            if (bytes <= m_size) {
                return cudaSuccess;
            }
            reset();
            void* p = nullptr;
            const cudaError_t e = Allocate(&p, bytes);
            if (e == cudaSuccess) {
                m_data = static_cast<std::uint8_t*>(p);
                m_size = bytes;
            }
            return e;
        }
        void reset() noexcept
        {
            if (m_data != nullptr) {
                (void)Release(m_data);
            }
            m_data = nullptr;
            m_size = 0;
        }
        std::uint8_t* data() const noexcept { return m_data; }
        std::size_t size() const noexcept { return m_size; }

    private:
        std::uint8_t* m_data = nullptr;
        std::size_t m_size = 0;
    };

    cudaError_t allocateDevice(void** p, std::size_t bytes) { return cudaMalloc(p, bytes); }
    cudaError_t allocatePinned(void** p, std::size_t bytes) { return cudaMallocHost(p, bytes); }
    cudaError_t releaseDevice(void* p) { return cudaFree(p); }
    cudaError_t releasePinned(void* p) { return cudaFreeHost(p); }

    using DeviceBuffer = CudaMemory<allocateDevice, releaseDevice>;
    using PinnedBuffer = CudaMemory<allocatePinned, releasePinned>;

    class Stream {
    public:
        Stream() = default;
        ~Stream()
        {
            if (m_stream != nullptr) {
                (void)cudaStreamDestroy(m_stream);
            }
        }
        Stream(const Stream&) = delete;
        Stream& operator=(const Stream&) = delete;
        cudaError_t create() { return cudaStreamCreateWithFlags(&m_stream, cudaStreamNonBlocking); }
        cudaStream_t get() const noexcept { return m_stream; }

    private:
        cudaStream_t m_stream = nullptr;
    };

    /// One slot: a stream and the buffers of the job it runs. Also the Backend of runProgram().
    class CudaSlot {
    public:
        cudaError_t create() { return m_stream.create(); }

        void begin(std::size_t budget)
        {
            // Work a failed submit left queued may still read the pinned buffers: let it end.
            (void)cudaStreamSynchronize(m_stream.get());
            // A failure before this job (an allocation that failed) is not this job's: the
            // launches report the last error.
            (void)cudaGetLastError();
            m_error = {};
            m_budget = budget;
            m_out = {};
        }

        std::uint8_t* image(Slot slot, std::size_t bytes)
        {
            DeviceBuffer& b = m_buffers[static_cast<std::size_t>(slot)];
            if (!m_error && bytes > b.size()) {
                if (allocated() - b.size() + bytes > m_budget) {
                    m_error = { GpuStatus::OutOfMemory,
                        "the image needs more than the GPU memory budget" };
                } else {
                    m_error = fromCuda(b.reserve(bytes), "cudaMalloc");
                }
            }
            return b.data();
        }

        template <class T> const T* table(Slot slot, const std::vector<T>& values)
        {
            const std::size_t bytes = values.size() * sizeof(T);
            std::uint8_t* d = image(slot, bytes);
            if (!m_error && bytes > 0) {
                // Pageable source: the copy is staged before the call returns.
                m_error = fromCuda(cudaMemcpyAsync(d, values.data(), bytes, cudaMemcpyHostToDevice,
                                       m_stream.get()),
                    "copy of a table to the GPU");
            }
            return reinterpret_cast<const T*>(d);
        }

        GpuResult upload(std::uint8_t* dst, ConstImageView in)
        {
            const std::size_t rowBytes
                = static_cast<std::size_t>(in.width) * static_cast<std::size_t>(in.channels);
            const std::size_t bytes = rowBytes * static_cast<std::size_t>(in.height);
            if (GpuResult r = fromCuda(m_pinnedIn.reserve(bytes), "cudaMallocHost"); !r) {
                return r;
            }
            for (int y = 0; y < in.height; ++y) {
                std::memcpy(m_pinnedIn.data() + static_cast<std::size_t>(y) * rowBytes, in.row(y),
                    rowBytes);
            }
            return fromCuda(cudaMemcpyAsync(dst, m_pinnedIn.data(), bytes, cudaMemcpyHostToDevice,
                                m_stream.get()),
                "copy of the image to the GPU");
        }

        template <class Args> void launch(const Args& args, int width, int height)
        {
            if (m_error || width <= 0 || height <= 0) {
                return;
            }
            const LaunchShape s = launchShape(width, height);
            resizeKernel<<<dim3(s.gridX, s.gridY), dim3(s.blockX, s.blockY), 0, m_stream.get()>>>(
                args);
            m_error = fromCuda(cudaGetLastError(), "kernel launch");
        }

        /// Enqueues the copy of the result into pinned memory; collect() waits for it.
        GpuResult download(ImageView out, const std::uint8_t* src)
        {
            m_out = out;
            const std::size_t bytes = static_cast<std::size_t>(out.width)
                * static_cast<std::size_t>(out.channels) * static_cast<std::size_t>(out.height);
            if (GpuResult r = fromCuda(m_pinnedOut.reserve(bytes), "cudaMallocHost"); !r) {
                return r;
            }
            return fromCuda(cudaMemcpyAsync(m_pinnedOut.data(), src, bytes, cudaMemcpyDeviceToHost,
                                m_stream.get()),
                "copy of the result from the GPU");
        }

        GpuResult status() const { return m_error; }
        cudaStream_t stream() const noexcept { return m_stream.get(); }

        GpuResult collect()
        {
            if (GpuResult r = fromCuda(cudaStreamSynchronize(m_stream.get()), "GPU work"); !r) {
                return r;
            }
            const std::size_t rowBytes
                = static_cast<std::size_t>(m_out.width) * static_cast<std::size_t>(m_out.channels);
            for (int y = 0; y < m_out.height; ++y) {
                std::memcpy(m_out.row(y),
                    m_pinnedOut.data() + static_cast<std::size_t>(y) * rowBytes, rowBytes);
            }
            m_out = {}; // written once: the caller owns it from here
            return {};
        }

        std::size_t allocated() const noexcept
        {
            std::size_t total = 0;
            for (const DeviceBuffer& b : m_buffers) {
                total += b.size();
            }
            return total;
        }

    private:
        Stream m_stream;
        std::array<DeviceBuffer, static_cast<std::size_t>(Slot::Count)> m_buffers;
        PinnedBuffer m_pinnedIn;
        PinnedBuffer m_pinnedOut;
        ImageView m_out;
        GpuResult m_error;
        std::size_t m_budget = 0;
    };

} // namespace

GpuImage::~GpuImage() { release(); }

GpuImage::GpuImage(GpuImage&& other) noexcept
    : m_data(std::exchange(other.m_data, nullptr))
    , m_width(other.m_width)
    , m_height(other.m_height)
    , m_channels(other.m_channels)
    , m_device(other.m_device)
{
}

GpuImage& GpuImage::operator=(GpuImage&& other) noexcept
{
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_width = other.m_width;
        m_height = other.m_height;
        m_channels = other.m_channels;
        m_device = other.m_device;
    }
    return *this;
}

void GpuImage::release() noexcept
{
    if (m_data == nullptr) {
        return;
    }
    // Freed on its own device, whichever thread lets go of it (and whatever device that thread
    // had chosen, given back after).
    const CurrentDevice on(m_device);
    (void)cudaFree(m_data);
    m_data = nullptr;
}

GpuResult GpuImage::copyTo(ImageView out) const
{
    if (m_data == nullptr || out.width != m_width || out.height != m_height
        || out.channels != m_channels) {
        return { GpuStatus::Error, "the copy's size differs from the image on the GPU" };
    }
    const CurrentDevice on(m_device);
    if (GpuResult r = fromCuda(on.status(), "cudaSetDevice"); !r) {
        return r;
    }
    const std::size_t rowBytes
        = static_cast<std::size_t>(m_width) * static_cast<std::size_t>(m_channels);
    return fromCuda(cudaMemcpy2D(out.data, static_cast<std::size_t>(out.stride), m_data, rowBytes,
                        rowBytes, static_cast<std::size_t>(m_height), cudaMemcpyDeviceToHost),
        "copy of the image from the GPU");
}

struct GpuResizer::Impl {
    std::array<CudaSlot, kSlots> slots;
    std::size_t budgetPerSlot = 0;
    bool open = false;

    /// `job(slot)` on an open device, made current for it (the thread's own given back after).
    template <class Job> GpuResult onSlot(int slot, const Job& job)
    {
        if (!open || slot < 0 || slot >= kSlots) {
            return { GpuStatus::Error, "the GPU was not opened" };
        }
        const CurrentDevice on(kDevice);
        if (GpuResult r = fromCuda(on.status(), "cudaSetDevice"); !r) {
            return r;
        }
        return job(slots[static_cast<std::size_t>(slot)]);
    }
};

GpuResizer::GpuResizer()
    : m_impl(std::make_unique<Impl>())
{
}

GpuResizer::~GpuResizer()
{
    if (m_impl && m_impl->open) {
        const CurrentDevice on(kDevice);
        for (CudaSlot& slot : m_impl->slots) {
            (void)slot.collect();
        }
        m_impl.reset(); // its streams and buffers go on the device too
    }
}

GpuProbe GpuResizer::probe()
{
    GpuProbe probe;
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e == cudaErrorInsufficientDriver) {
        probe.reason = std::string("the NVIDIA driver is missing or too old for CUDA 13 (")
            + cudaGetErrorName(e) + ")";
        return probe;
    }
    if (e == cudaErrorNoDevice || (e == cudaSuccess && count == 0)) {
        probe.reason = "no CUDA device found";
        return probe;
    }
    if (e != cudaSuccess) {
        probe.reason = "CUDA could not start: " + cudaText(e);
        return probe;
    }
    cudaDeviceProp props {};
    if (const cudaError_t pe = cudaGetDeviceProperties(&props, kDevice); pe != cudaSuccess) {
        probe.reason = "cannot read the GPU's properties: " + cudaText(pe);
        return probe;
    }
    probe.deviceName = props.name;
    probe.memoryBytes = props.totalGlobalMem;
    const int cc = props.major * 10 + props.minor;
    if (cc < kMinComputeCapability) {
        probe.reason = std::string(props.name) + " is too old for this build (compute capability "
            + std::to_string(props.major) + "." + std::to_string(props.minor) + ", needs 7.5)";
        return probe;
    }
    probe.status = GpuStatus::Ok;
    return probe;
}

GpuResult GpuResizer::open(std::size_t memoryBudget)
{
    if (m_impl->open) {
        return {};
    }
    const GpuProbe p = probe();
    if (p.status != GpuStatus::Ok) {
        return { p.status, p.reason };
    }
    // The streams are made on the device; the calling thread keeps its own current device.
    const CurrentDevice on(kDevice);
    if (GpuResult r = fromCuda(on.status(), "cudaSetDevice"); !r) {
        return r;
    }
    for (CudaSlot& slot : m_impl->slots) {
        if (GpuResult r = fromCuda(slot.create(), "cudaStreamCreate"); !r) {
            return r;
        }
    }
    m_impl->budgetPerSlot = memoryBudget / kSlots;
    m_impl->open = true;
    return {};
}

int GpuResizer::slotCount() noexcept { return kSlots; }

GpuResult GpuResizer::submit(
    int slot, const ResizeProgram& program, ConstImageView in, ImageView out)
{
    return m_impl->onSlot(slot, [&](CudaSlot& s) {
        s.begin(m_impl->budgetPerSlot);
        return runProgram(s, program, in, out);
    });
}

GpuResult GpuResizer::resizeToDevice(
    int slot, const ResizeProgram& program, ConstImageView in, GpuImage& out)
{
    return m_impl->onSlot(slot, [&](CudaSlot& s) {
        s.begin(m_impl->budgetPerSlot);
        GpuImage made;
        GpuResult r = runSteps(s, program, in, [&](const std::uint8_t* result) -> GpuResult {
            const std::size_t bytes
                = imageBytes(program.out.width, program.out.height, program.channels);
            void* memory = nullptr;
            if (GpuResult a = fromCuda(cudaMalloc(&memory, bytes), "cudaMalloc"); !a) {
                return a;
            }
            made.m_data = static_cast<std::uint8_t*>(memory);
            made.m_width = program.out.width;
            made.m_height = program.out.height;
            made.m_channels = program.channels;
            made.m_device = kDevice;
            return fromCuda(
                cudaMemcpyAsync(memory, result, bytes, cudaMemcpyDeviceToDevice, s.stream()),
                "copy of the result on the GPU");
        });
        // Waited for either way: a failed job leaves nothing queued that reads its buffers.
        if (GpuResult done = fromCuda(cudaStreamSynchronize(s.stream()), "GPU work"); r && !done) {
            r = done;
        }
        if (r) {
            out = std::move(made);
        }
        return r;
    });
}

GpuResult GpuResizer::collect(int slot)
{
    return m_impl->onSlot(slot, [](CudaSlot& s) { return s.collect(); });
}

} // namespace dropsize::kernels
