// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// libFuzzer target: dropsize-cli's command-line parser. The input is argv without the program
// name, its arguments separated by NUL bytes. What a command line that parses asks for is then
// planned for a few image shapes, as the batch would plan it.
#include "cli/cli_options.h"
#include "dropsize/core/options.h"
#include "dropsize/core/resize_plan.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> args;
    const char* text = reinterpret_cast<const char*>(data);
    std::size_t start = 0;
    for (std::size_t i = 0; i <= size; ++i) {
        if (i == size || data[i] == 0) {
            if (i > start || i < size) {
                args.emplace_back(text + start, i - start);
            }
            start = i + 1;
        }
    }
    auto parsed = dropsize::cli::parseCommandLine(args);
    // --help, --version and --list-presets need no inputs: they print and stop.
    if (!parsed || parsed->help || parsed->version || parsed->listPresets) {
        return 0;
    }
    if (parsed->inputs.empty() && !parsed->filesFrom) {
        __builtin_trap(); // accepted without anything to resize (a list is read later)
    }
    if (parsed->shard
        && (parsed->shard->count == 0 || parsed->shard->index >= parsed->shard->count
            || parsed->plan.onExisting == dropsize::ExistingPolicy::Rename)) {
        __builtin_trap(); // a part that does not exist, or one whose names depend on others
    }
    if (parsed->mergeReports) {
        return 0; // the inputs are reports: nothing is resized
    }
    const dropsize::ResizeSpec& spec = parsed->batch.process.spec;
    if (!dropsize::validate(spec)) {
        __builtin_trap(); // accepted a spec the engine refuses
    }
    // Whatever was accepted lies within the option table's limits.
    const auto within = [](const dropsize::OptionInfo& option, double value) {
        return value >= option.min && value <= option.max;
    };
    const dropsize::EncodeOptions& encode = parsed->batch.process.encode;
    if (!within(dropsize::option::kJpegQuality, encode.jpegQuality)
        || !within(dropsize::option::kPngCompression, encode.pngCompression)
        || (parsed->batch.threads != 0
            && !within(dropsize::option::kThreads, parsed->batch.threads))) {
        __builtin_trap();
    }
    using dropsize::kMaxSide;
    static const dropsize::ImageInfo kShapes[] = {
        { 1, 1, 3, true, 1 },
        { 4000, 3000, 3, true, 6 },
        { kMaxSide, 1, 1, false, 1 },
        { 3, kMaxSide, 4, false, 8 },
    };
    for (const dropsize::ImageInfo& info : kShapes) {
        (void)dropsize::makeResizePlan(info, spec);
    }
    return 0;
}
