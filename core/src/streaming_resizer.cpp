// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "streaming_resizer.h"

#include "resample_rows.h"
#include "resampler.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace dropsize {

namespace {

    // Pillow's resize() copies a crop instead of resampling when the box is integral and of the
    // output's size; CpuResizer handles that case.
    bool isCropShortcut(const ResizePlan& p)
    {
        const float* b = p.box;
        return b[0] - static_cast<float>(static_cast<int>(b[0])) == 0
            && b[2] - b[0] == static_cast<float>(p.resampled.width)
            && b[1] - static_cast<float>(static_cast<int>(b[1])) == 0
            && b[3] - b[1] == static_cast<float>(p.resampled.height);
    }

    bool needsHorizontal(const ResizePlan& p)
    {
        return p.resampled.width != p.reduced.width || p.box[0] != 0
            || p.box[2] != static_cast<float>(p.resampled.width);
    }

    bool needsVertical(const ResizePlan& p)
    {
        return p.resampled.height != p.reduced.height || p.box[1] != 0
            || p.box[3] != static_cast<float>(p.resampled.height);
    }

    ResampleCoefficients horizontalCoefficients(const ResizePlan& p)
    {
        return needsHorizontal(p)
            ? computeCoefficients(p.reduced.width, p.box[0], p.box[2], p.resampled.width, p.filter)
            : detail::identityCoefficients(p.resampled.width);
    }

    ResampleCoefficients verticalCoefficients(const ResizePlan& p)
    {
        return needsVertical(p) ? computeCoefficients(
                   p.reduced.height, p.box[1], p.box[3], p.resampled.height, p.filter)
                                : detail::identityCoefficients(p.resampled.height);
    }

    int widestCount(const ResampleCoefficients& k)
    {
        int widest = 1;
        for (int i = 0; i < k.outSize; ++i) {
            widest = std::max(widest, k.count(i));
        }
        return widest;
    }

} // namespace

bool StreamingResizer::canStream(const ResizePlan& plan) noexcept
{
    return plan.resample && plan.filter != Filter::Nearest && !isCropShortcut(plan);
}

std::uint64_t StreamingResizer::memoryEstimate(const ResizePlan& p, int channels) noexcept
{
    const bool reduce = p.reduceX > 1 || p.reduceY > 1;
    const int window
        = static_cast<int>(std::ceil(filterSupport(p.filter)
              * std::max(1.0, static_cast<double>(p.reduced.height) / p.resampled.height)))
            * 2
        + 1;
    return (reduce ? Image::byteSize(p.decoded.width, p.reduceY + 1, channels) : 0)
        + Image::byteSize(p.resampled.width, window + detail::kStripRows, channels)
        + Image::byteSize(p.reduced.width, detail::kStripRows, channels)
        + Image::byteSize(p.resampled.width, p.resampled.height, channels)
        + static_cast<std::uint64_t>(p.resampled.width) * static_cast<std::uint64_t>(channels) * 4;
}

Result<StreamingResizer> StreamingResizer::create(const ResizePlan& plan, int channels)
{
    if (!canStream(plan) || channels < 1 || channels > 4) {
        return Error { ErrorCode::InvalidArgument, "plan cannot be streamed", {} };
    }
    StreamingResizer r;
    r.m_plan = plan;
    r.m_channels = channels;
    r.m_reduce = plan.reduceX > 1 || plan.reduceY > 1;
    r.m_kx = horizontalCoefficients(plan);
    r.m_ky = verticalCoefficients(plan);
    const Size out = plan.resampled;
    // The vertical pass reads reduced rows [first(0), first(h-1) + count(h-1)); its bounds are
    // shifted to that window as in Pillow's ImagingResampleInner.
    r.m_firstRow = r.m_ky.first(0);
    r.m_lastRow = r.m_ky.first(out.height - 1) + r.m_ky.count(out.height - 1);
    for (int i = 0; i < out.height; ++i) {
        r.m_ky.bounds[static_cast<std::size_t>(2 * i)] -= r.m_firstRow;
    }
    // The widest vertical window, plus a strip of rows resampled together.
    r.m_ringRows = widestCount(r.m_ky) + detail::kStripRows;
    r.m_rowPointers.resize(static_cast<std::size_t>(std::max(r.m_ringRows, plan.reduceY)));
    r.m_accumulator.resize(
        static_cast<std::size_t>(out.width) * static_cast<std::size_t>(channels));

    auto ring = Image::allocate(out.width, r.m_ringRows, channels);
    auto output = Image::allocate(out.width, out.height, channels);
    if (!ring || !output) {
        return Error { ErrorCode::OutOfMemory, "not enough memory to resize", {} };
    }
    r.m_ring = std::move(ring).value();
    r.m_strip.assign(static_cast<std::size_t>(plan.reduced.width) * detail::kStripRows
            * static_cast<std::size_t>(channels),
        0);
    r.m_output = std::move(output).value();
    if (r.m_reduce) {
        auto block = Image::allocate(plan.decoded.width, plan.reduceY, channels);
        auto reduced = Image::allocate(plan.reduced.width, 1, channels);
        if (!block || !reduced) {
            return Error { ErrorCode::OutOfMemory, "not enough memory to resize", {} };
        }
        r.m_block = std::move(block).value();
        r.m_reducedRow = std::move(reduced).value();
    }
    return r;
}

Status StreamingResizer::pushRows(std::uint8_t* rows, std::ptrdiff_t stride, int count)
{
    const int width = m_plan.decoded.width;
    const auto rowBytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(m_channels);
    if (m_nextDecodedRow + count > m_plan.decoded.height) {
        return Error { ErrorCode::Internal, "more rows than the image has", {} };
    }
    for (int i = 0; i < count; ++i, ++m_nextDecodedRow) {
        std::uint8_t* row = rows + static_cast<std::ptrdiff_t>(i) * stride;
        if (m_plan.premultiply) {
            CpuResizer::premultiply({ row, width, 1, m_channels, stride });
        }
        if (!m_reduce) {
            takeReducedRow(row);
            continue;
        }
        const int* box = m_plan.reduceBox;
        const int y = m_nextDecodedRow;
        if (y < box[1] || y >= box[3]) {
            continue;
        }
        std::memcpy(m_block.view().row(m_blockRows++), row, rowBytes);
        if (m_blockRows == m_plan.reduceY || y == box[3] - 1) {
            // The last block averages only the rows that exist, as Pillow's corners do.
            for (int r = 0; r < m_blockRows; ++r) {
                m_rowPointers[static_cast<std::size_t>(r)] = m_block.view().row(r);
            }
            detail::reduceRow(m_rowPointers.data(), m_blockRows, m_channels, box[0],
                box[2] - box[0], m_plan.reduceX, m_reducedRow.data());
            m_blockRows = 0;
            takeReducedRow(m_reducedRow.data());
        }
    }
    return {};
}

void StreamingResizer::takeReducedRow(const std::uint8_t* row)
{
    const int r = m_nextReducedRow++;
    if (r < m_firstRow || r >= m_lastRow) {
        return;
    }
    const int i = r - m_firstRow;
    const int slot = i % detail::kStripRows;
    detail::putStripRow(row, m_plan.reduced.width, m_channels, slot, m_strip.data());
    if (slot != detail::kStripRows - 1 && r != m_lastRow - 1) {
        return;
    }
    // A full strip (or the last rows): resample it into the ring, then every output row whose
    // window now lies complete in the ring.
    ImageView ring = m_ring.view();
    const int stripFirst = i - slot;
    std::uint8_t* stripRows[detail::kStripRows];
    for (int s = 0; s <= slot; ++s) {
        stripRows[s] = ring.row((stripFirst + s) % m_ringRows);
    }
    detail::horizontalStrip(m_strip.data(), m_channels, m_kx, stripRows, slot + 1);
    const Size out = m_plan.resampled;
    const int rowBytes = out.width * m_channels;
    while (m_nextOutputRow < out.height
        && m_ky.first(m_nextOutputRow) + m_ky.count(m_nextOutputRow) <= i + 1) {
        const int yy = m_nextOutputRow++;
        const int first = m_ky.first(yy);
        for (int t = 0; t < m_ky.count(yy); ++t) {
            m_rowPointers[static_cast<std::size_t>(t)] = ring.row((first + t) % m_ringRows);
        }
        detail::verticalRow(m_rowPointers.data(), m_ky.weightsAt(yy), m_ky.count(yy), rowBytes,
            m_accumulator.data(), m_output.view().row(yy));
    }
}

Result<Image> StreamingResizer::finish()
{
    if (m_nextOutputRow != m_plan.resampled.height) {
        return Error { ErrorCode::CorruptData, "the image ended before all its rows were decoded",
            {} };
    }
    return std::move(m_output);
}

} // namespace dropsize
