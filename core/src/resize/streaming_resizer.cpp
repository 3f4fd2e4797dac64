// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/streaming_resizer.h"

#include "resize/cpu_resizer.h"
#include "resize/resample_rows.h"
#include "resize/resample_steps.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace dropsize {

namespace {

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
    if (!plan.resample) {
        return false;
    }
    const ResampleSteps::Kind kind
        = resampleKind(plan.reduced, plan.resampled, plan.filter, plan.box);
    return kind == ResampleSteps::Kind::Separable || kind == ResampleSteps::Kind::Copy;
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
        return Error::of(ErrorCode::InvalidArgument, Text::tr("plan cannot be streamed"));
    }
    auto steps = planResample(plan, channels);
    if (!steps) {
        return std::move(steps).error();
    }
    StreamingResizer r;
    r.m_steps = std::move(steps).value();
    r.m_channels = channels;
    ResampleSteps& s = r.m_steps;
    const Size out = s.out;
    // Every row goes through both row kernels: a pass Pillow skips copies.
    if (!s.horizontal) {
        s.kx = detail::identityCoefficients(out.width);
    }
    if (!s.vertical) {
        s.ky = detail::identityCoefficients(out.height);
    }
    // The widest vertical window, plus a strip of rows resampled together.
    r.m_ringRows = widestCount(s.ky) + detail::kStripRows;
    r.m_rowPointers.resize(static_cast<std::size_t>(std::max(r.m_ringRows, s.reduceY)));
    r.m_accumulator.resize(
        static_cast<std::size_t>(out.width) * static_cast<std::size_t>(channels));

    auto ring = Image::allocate(out.width, r.m_ringRows, channels);
    auto output = Image::allocate(out.width, out.height, channels);
    if (!ring || !output) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("not enough memory to resize"));
    }
    r.m_ring = std::move(ring).value();
    r.m_strip.assign(static_cast<std::size_t>(s.in.width) * detail::kStripRows
            * static_cast<std::size_t>(channels),
        0);
    r.m_output = std::move(output).value();
    if (s.reduces()) {
        auto block = Image::allocate(s.source.width, s.reduceY, channels);
        auto reduced = Image::allocate(s.in.width, 1, channels);
        if (!block || !reduced) {
            return Error::of(ErrorCode::OutOfMemory, Text::tr("not enough memory to resize"));
        }
        r.m_block = std::move(block).value();
        r.m_reducedRow = std::move(reduced).value();
    }
    return r;
}

Status StreamingResizer::pushRows(std::uint8_t* rows, std::ptrdiff_t stride, int count)
{
    const int width = m_steps.source.width;
    const auto rowBytes = static_cast<std::size_t>(width) * static_cast<std::size_t>(m_channels);
    if (m_nextDecodedRow + count > m_steps.source.height) {
        return Error::of(ErrorCode::Internal, Text::tr("more rows than the image has"));
    }
    for (int i = 0; i < count; ++i, ++m_nextDecodedRow) {
        std::uint8_t* row = rows + static_cast<std::ptrdiff_t>(i) * stride;
        if (m_steps.premultiply) {
            CpuResizer::premultiply({ row, width, 1, m_channels, stride });
        }
        if (!m_steps.reduces()) {
            takeReducedRow(row);
            continue;
        }
        const int* box = m_steps.reduceBox;
        const int y = m_nextDecodedRow;
        if (y < box[1] || y >= box[3]) {
            continue;
        }
        std::memcpy(m_block.view().row(m_blockRows++), row, rowBytes);
        if (m_blockRows == m_steps.reduceY || y == box[3] - 1) {
            // The last block averages only the rows that exist, as Pillow's corners do.
            for (int r = 0; r < m_blockRows; ++r) {
                m_rowPointers[static_cast<std::size_t>(r)] = m_block.view().row(r);
            }
            detail::reduceRow(m_rowPointers.data(), m_blockRows, m_channels, box[0],
                box[2] - box[0], m_steps.reduceX, m_reducedRow.data());
            m_blockRows = 0;
            takeReducedRow(m_reducedRow.data());
        }
    }
    return {};
}

void StreamingResizer::takeReducedRow(const std::uint8_t* row)
{
    // Only the rows the vertical pass reads; its bounds count from the first of them.
    const int r = m_nextReducedRow++;
    const int firstRow = m_steps.firstRow;
    const int lastRow = firstRow + m_steps.tempRows;
    if (r < firstRow || r >= lastRow) {
        return;
    }
    const int i = r - firstRow;
    const int slot = i % detail::kStripRows;
    detail::putStripRow(row, m_steps.in.width, m_channels, slot, m_strip.data());
    if (slot != detail::kStripRows - 1 && r != lastRow - 1) {
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
    const ResampleCoefficients& ky = m_steps.ky;
    detail::horizontalStrip(m_strip.data(), m_channels, m_steps.kx, stripRows, slot + 1);
    const Size out = m_steps.out;
    const int rowBytes = out.width * m_channels;
    while (m_nextOutputRow < out.height
        && ky.first(m_nextOutputRow) + ky.count(m_nextOutputRow) <= i + 1) {
        const int yy = m_nextOutputRow++;
        const int first = ky.first(yy);
        for (int t = 0; t < ky.count(yy); ++t) {
            m_rowPointers[static_cast<std::size_t>(t)] = ring.row((first + t) % m_ringRows);
        }
        detail::verticalRow(m_rowPointers.data(), ky.weightsAt(yy), ky.count(yy), rowBytes,
            m_accumulator.data(), m_output.view().row(yy));
    }
}

Result<Image> StreamingResizer::finish()
{
    if (m_nextOutputRow != m_steps.out.height) {
        return Error::of(
            ErrorCode::CorruptData, Text::tr("the image ended before all its rows were decoded"));
    }
    return std::move(m_output);
}

} // namespace dropsize
