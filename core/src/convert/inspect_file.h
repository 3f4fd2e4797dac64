// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Reading a file's header as a job reads it, without its memory: the first bytes, then more of
// the file only when the header goes on past them (each header parsed once, by one decoder).
// The dry run, the planner (for a name that says the output's size) and each job use it.

#include "dropsize/core/image_processor.h"
#include "files/platform_files.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>

namespace dropsize {

/// A file's first bytes (or the whole file, when it is small) and the image opened on them, its
/// header read.
struct FileHeader {
    platform::FileBytes bytes;
    OpenedImage image;
};

/// Opens `input` with `processor` and reads its header, with the processor's limits.
Result<FileHeader> readFileHeader(
    const std::filesystem::path& input, const ImageProcessor& processor);

/// Reads more of the file `image` was opened on (at most `maxRead` bytes; `bytes` replaced) and
/// gives it to the decoder; fails when the file changed since its first bytes were read.
Status readMore(const std::filesystem::path& input, platform::FileBytes& bytes, OpenedImage& image,
    std::uint64_t limit, std::size_t maxRead = static_cast<std::size_t>(-1));

/// Adds `more` to a note, "; "-joined: a note may already say why an image's size was kept.
void addNote(Text& note, Text more);

/// What a job's report and the dry run say about a file: why its size is kept or only cropped
/// (sizeNote()), and what its decoder did otherwise than the file asked.
Text fileNote(const ImageHeader& header, const ResizeSpec& spec);

} // namespace dropsize
