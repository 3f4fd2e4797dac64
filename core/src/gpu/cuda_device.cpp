// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/device_info.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/kernels/gpu_resizer.h"
#include "gpu/gpu_program.h"

namespace dropsize {

namespace {

    Status toStatus(const kernels::GpuResult& r)
    {
        switch (r.status) {
        case kernels::GpuStatus::Ok:
            return {};
        case kernels::GpuStatus::OutOfMemory:
            return Error::of(
                ErrorCode::OutOfMemory, Text::tr("GPU: %1").arg(gpuReasonText(r.message)));
        case kernels::GpuStatus::Unavailable:
        case kernels::GpuStatus::Error:
            break;
        }
        return Error::of(ErrorCode::Internal, Text::tr("GPU: %1").arg(gpuReasonText(r.message)));
    }

    /// A result kept in device memory: kernels::GpuImage behind core's interface.
    class CudaPixels final : public GpuPixels {
    public:
        explicit CudaPixels(kernels::GpuImage image) noexcept
            : m_image(std::move(image))
        {
        }

        std::uint8_t* data() const override { return m_image.data(); }
        int device() const override { return m_image.device(); }
        Size size() const override { return { m_image.width(), m_image.height() }; }
        int channels() const override { return m_image.channels(); }
        Status copyTo(ImageView out) const override { return toStatus(m_image.copyTo(out)); }

    private:
        kernels::GpuImage m_image;
    };

    /// kernels::GpuResizer behind core's GpuDevice interface.
    class CudaDevice final : public GpuDevice {
    public:
        explicit CudaDevice(std::string name)
            : m_name(std::move(name))
        {
        }

        kernels::GpuResult open(std::uint64_t budget)
        {
            return m_resizer.open(static_cast<std::size_t>(budget));
        }

        std::string name() const override { return m_name; }
        int slotCount() const override { return kernels::GpuResizer::slotCount(); }

        Status submit(
            int slot, const ResizePlan& plan, ConstImageView decoded, ImageView out) override
        {
            auto program = programFor(plan, decoded, Size { out.width, out.height }, out.channels);
            if (!program) {
                return program.error();
            }
            return toStatus(m_resizer.submit(slot, *program, decoded, out));
        }

        Status collect(int slot) override { return toStatus(m_resizer.collect(slot)); }

        Result<std::unique_ptr<GpuPixels>> resizeOnDevice(
            int slot, const ResizePlan& plan, ConstImageView decoded) override
        {
            auto program = programFor(plan, decoded, plan.output, decoded.channels);
            if (!program) {
                return std::move(program).error();
            }
            kernels::GpuImage image;
            if (Status done = toStatus(m_resizer.resizeToDevice(slot, *program, decoded, image));
                !done) {
                return std::move(done).error();
            }
            return std::unique_ptr<GpuPixels>(std::make_unique<CudaPixels>(std::move(image)));
        }

    private:
        /// The plan's program, when `decoded` and the output (`out`, `outChannels`) are its
        /// sizes.
        static Result<kernels::ResizeProgram> programFor(
            const ResizePlan& plan, ConstImageView decoded, Size out, int outChannels)
        {
            auto program = makeGpuProgram(plan, decoded.channels);
            if (!program) {
                return program;
            }
            if (Size { decoded.width, decoded.height } != program->steps.source
                || out != program->out || outChannels != decoded.channels) {
                return Error::of(
                    ErrorCode::Internal, Text::tr("GPU: image sizes differ from the plan"));
            }
            return program;
        }

        std::string m_name;
        kernels::GpuResizer m_resizer;
    };

} // namespace

Result<std::unique_ptr<GpuDevice>> openCudaDevice(std::uint64_t memoryBudget)
{
    const kernels::GpuProbe probe = kernels::GpuResizer::probe();
    if (probe.status != kernels::GpuStatus::Ok) {
        return Error::of(ErrorCode::NotFound, gpuReasonText(probe.reason));
    }
    auto device = std::make_unique<CudaDevice>(probe.deviceName);
    if (const kernels::GpuResult opened = device->open(memoryBudget); !opened) {
        return Error::of(ErrorCode::Internal, gpuReasonText(opened.message));
    }
    return std::unique_ptr<GpuDevice>(std::move(device));
}

} // namespace dropsize
