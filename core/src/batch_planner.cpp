// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <fstream>
#include <set>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    // A file found by the walk, before its output is chosen.
    struct Candidate {
        fs::path input; // as reached (inside its input folder)
        fs::path outputDir; // folder its output goes to
        std::uint64_t bytes = 0;
        ImageFormat format = ImageFormat::Unknown;
    };

    std::string lower(std::string s)
    {
        std::transform(s.begin(), s.end(), s.begin(),
            [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    }

    ImageFormat sniffFile(const fs::path& path)
    {
        std::array<std::uint8_t, 8> head {};
        std::ifstream in(path, std::ios::binary);
        in.read(reinterpret_cast<char*>(head.data()), head.size());
        return sniffFormat(
            std::span<const std::uint8_t>(head.data(), static_cast<std::size_t>(in.gcount())));
    }

    std::string outputExtension(const fs::path& input, ImageFormat format)
    {
        const std::string ext = input.extension().string();
        const std::string e = lower(ext);
        if (format == ImageFormat::Png) {
            return e == ".png" ? ext : ".png";
        }
        return (e == ".jpg" || e == ".jpeg" || e == ".jpe") ? ext : ".jpg";
    }

    bool isInside(const fs::path& path, const fs::path& root)
    {
        auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end());
        return r == root.end();
    }

    class Walker {
    public:
        Walker(const PlanOptions& options, BatchPlan& plan, std::set<fs::path>& outputRoots)
            : m_options(options)
            , m_plan(plan)
            , m_outputRoots(outputRoots)
        {
        }

        std::vector<Candidate> candidates;

        void addFile(const fs::path& path, const fs::path& outputDir)
        {
            std::error_code ec;
            const auto id = fileIdentity(path);
            if (!id) {
                m_plan.ignored.push_back({ path, "cannot be read" });
                return;
            }
            if (!m_seenFiles.insert(*id).second) {
                m_plan.ignored.push_back({ path, "same file already taken by another path" });
                return;
            }
            const ImageFormat format = sniffFile(path);
            if (format == ImageFormat::Unknown) {
                m_plan.ignored.push_back({ path, "not a JPEG or PNG file" });
                return;
            }
            m_plan.inputIdentities.insert(*id);
            const auto size = fs::file_size(path, ec);
            candidates.push_back({ path, outputDir, ec ? 0 : size, format });
        }

        void walk(const fs::path& dir, const fs::path& root, const fs::path& outputDir)
        {
            std::error_code ec;
            const auto id = fileIdentity(dir);
            if (!id || !m_seenDirs.insert(*id).second) {
                return; // a symlink loop, or a folder reached twice
            }
            std::vector<fs::directory_entry> entries;
            for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
                entries.push_back(*it);
            }
            if (ec) {
                m_plan.problems.push_back(
                    { ErrorCode::Io, "cannot list the folder: " + ec.message(), dir.string() });
                return;
            }
            std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
                return a.path().filename() < b.path().filename();
            });
            for (const fs::directory_entry& entry : entries) {
                visit(entry.path(), root, outputDir);
            }
        }

    private:
        void visit(const fs::path& path, const fs::path& root, const fs::path& outputDir)
        {
            std::error_code ec;
            const std::string name = path.filename().string();
            if (AtomicFileWriter::isTemporaryName(name)) {
                return;
            }
            const fs::file_status link = fs::symlink_status(path, ec);
            if (ec) {
                m_plan.ignored.push_back({ path, "cannot be read: " + ec.message() });
                return;
            }
            if (fs::is_symlink(link)) {
                const fs::path target = fs::canonical(path, ec);
                if (ec) {
                    m_plan.ignored.push_back({ path, "broken symbolic link" });
                    return;
                }
                if (!isInside(target, root)) {
                    m_plan.ignored.push_back(
                        { path, "symbolic link leads out of the input folder" });
                    return;
                }
            }
            const fs::file_status st = fs::status(path, ec);
            if (fs::is_directory(st)) {
                if (!m_options.recursive) {
                    return;
                }
                const fs::path canonical = fs::weakly_canonical(path, ec);
                const bool isOutput = m_outputRoots.count(canonical) != 0
                    || (!m_options.outputDir && name == m_options.outputFolderName);
                if (isOutput) {
                    return; // outputs are never inputs
                }
                walk(path, root, outputDir / path.filename());
            } else if (fs::is_regular_file(st)) {
                addFile(path, outputDir);
            } else {
                m_plan.ignored.push_back({ path, "not a regular file (FIFO, socket or device)" });
            }
        }

        const PlanOptions& m_options;
        BatchPlan& m_plan;
        std::set<fs::path>& m_outputRoots;
        FileIdentitySet m_seenFiles;
        FileIdentitySet m_seenDirs;
    };

} // namespace

BatchPlanner::BatchPlanner(PlanOptions options)
    : m_options(std::move(options))
{
}

Result<BatchPlan> BatchPlanner::plan(const std::vector<fs::path>& inputs) const
{
    BatchPlan plan;
    std::error_code ec;

    // Where each input's outputs go, decided before the walk so that no output folder is read.
    struct Root {
        fs::path path;
        bool folder;
        fs::path outputDir;
    };
    std::vector<Root> roots;
    std::set<fs::path> outputRoots;
    std::optional<fs::path> chosenOut;
    if (m_options.outputDir) {
        chosenOut = fs::weakly_canonical(fs::absolute(*m_options.outputDir), ec);
        outputRoots.insert(*chosenOut);
    }
    for (const fs::path& given : inputs) {
        const fs::path abs = fs::absolute(given).lexically_normal();
        const fs::file_status st = fs::status(abs, ec);
        if (!fs::exists(st)) {
            plan.problems.push_back(
                { ErrorCode::NotFound, "no such file or folder", given.string() });
            continue;
        }
        const fs::path canonical = fs::canonical(abs, ec);
        if (fs::is_directory(st)) {
            if (chosenOut && *chosenOut == canonical) {
                return Error { ErrorCode::InvalidArgument,
                    "the output folder is also an input folder; choose another output folder",
                    given.string() };
            }
            fs::path out = canonical / m_options.outputFolderName;
            if (chosenOut) {
                out = inputs.size() > 1 ? *chosenOut / canonical.filename() : *chosenOut;
            }
            outputRoots.insert(out);
            roots.push_back({ canonical, true, out });
        } else if (fs::is_regular_file(st)) {
            const fs::path parent = canonical.parent_path();
            if (chosenOut && *chosenOut == parent) {
                return Error { ErrorCode::InvalidArgument,
                    "the output folder is the folder of an input file; choose another output "
                    "folder",
                    given.string() };
            }
            roots.push_back(
                { canonical, false, chosenOut ? *chosenOut : parent / m_options.outputFolderName });
        } else {
            plan.ignored.push_back({ given, "not a regular file (FIFO, socket or device)" });
        }
    }

    Walker walker(m_options, plan, outputRoots);
    for (const Root& root : roots) {
        if (root.folder) {
            walker.walk(root.path, root.path, root.outputDir);
        } else {
            walker.addFile(root.path, root.outputDir);
        }
    }

    std::set<fs::path> taken;
    for (Candidate& c : walker.candidates) {
        const ImageFormat outFormat = m_options.format == OutputFormat::Jpeg ? ImageFormat::Jpeg
            : m_options.format == OutputFormat::Png                          ? ImageFormat::Png
                                                                             : c.format;
        const fs::path wanted
            = c.outputDir / (c.input.stem().string() + outputExtension(c.input, outFormat));
        fs::path output = wanted;
        // Two inputs never share an output; under Rename an existing file is not one either.
        for (int n = 1; taken.count(output) != 0
             || (m_options.onExisting == ExistingPolicy::Rename && fs::exists(output, ec));
             ++n) {
            output = numberedName(wanted, n);
        }
        taken.insert(output);
        Job job;
        job.id = plan.jobs.size();
        job.input = c.input;
        job.output = output;
        job.inputBytes = c.bytes;
        job.format = c.format;
        const auto outId = fileIdentity(output);
        if (outId && plan.inputIdentities.count(*outId) != 0) {
            job.skipReason = Error { ErrorCode::Exists,
                "the output would replace an input file; choose another output folder",
                output.string() };
        } else if (outId && m_options.onExisting == ExistingPolicy::Skip) {
            job.skipReason = Error { ErrorCode::Exists, "output exists", output.string() };
        }
        plan.jobs.push_back(std::move(job));
        if (std::find(plan.outputDirs.begin(), plan.outputDirs.end(), output.parent_path())
            == plan.outputDirs.end()) {
            plan.outputDirs.push_back(output.parent_path());
        }
    }
    return plan;
}

} // namespace dropsize
