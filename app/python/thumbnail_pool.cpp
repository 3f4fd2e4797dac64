// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "thumbnail_pool.h"

#include "thumbnail.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <memory>
#include <mutex>
#include <pybind11/stl.h>
#include <stdexcept>
#include <thread>
#include <vector>

namespace py = pybind11;

namespace dropsize::python {

namespace {

    // One source in the pool: a file to read (on a worker) or bytes the caller gave, held by
    // `view` (the caller's buffer, which cannot be resized or freed while it is held; released
    // with the GIL), and what became of it.
    struct PoolJob {
        py::str source; ///< as the caller named it, for messages
        bool fromFile = false; ///< `path` is read by a worker; else `data` is the file
        std::filesystem::path path;
        std::span<const std::uint8_t> data;
        std::unique_ptr<ByteView> view;
        bool started = false;
        bool done = false;
        std::optional<Result<Thumbnail>> result;
    };

    Result<std::vector<std::uint8_t>> readWholeFile(const std::filesystem::path& path)
    {
        std::error_code ec;
        if (std::filesystem::is_directory(path, ec)) {
            return Error::of(ErrorCode::InvalidArgument, Text::tr("is a folder, not an image"));
        }
        // A FIFO or a device would be read until it ends, perhaps never: only files are read.
        const std::filesystem::file_status status = std::filesystem::status(path, ec);
        if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
            return Error::of(ErrorCode::Io, Text::tr("not a regular file"));
        }
        std::unique_ptr<std::FILE, int (*)(std::FILE*)> f(
            std::fopen(path.c_str(), "rb"), &std::fclose);
        if (!f) {
            const int err = errno;
            Error e(err == ENOENT ? ErrorCode::NotFound : ErrorCode::Io,
                "cannot read it: " + systemErrorText(err));
            e.systemCode = err;
            return e;
        }
        std::vector<std::uint8_t> bytes;
        std::uint8_t chunk[1 << 16];
        std::size_t n = 0;
        while ((n = std::fread(chunk, 1, sizeof chunk, f.get())) > 0) {
            bytes.insert(bytes.end(), chunk, chunk + n);
        }
        if (std::ferror(f.get()) != 0) {
            return Error(ErrorCode::Io, "cannot read it: " + systemErrorText(errno));
        }
        return bytes;
    }

    // thumbnails() in C++: the sources are taken in order (submit), made on `threads` worker
    // threads, and handed back in the same order (next); the caller keeps a few in flight.
    class ThumbnailPool {
    public:
        ThumbnailPool(ThumbnailRequest request, int threads)
            : m_request(request)
        {
            const int n = threads > 0
                ? threads
                : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
            try {
                m_workers.reserve(static_cast<std::size_t>(n));
                for (int i = 0; i < n; ++i) {
                    m_workers.emplace_back([this] { work(); });
                }
            } catch (const std::exception& e) {
                // The threads started are ended before the error goes up (a joinable thread's
                // destructor would end the process).
                close();
                throw std::runtime_error(
                    std::string("could not start the worker threads: ") + e.what());
            }
        }

        ThumbnailPool(const ThumbnailPool&) = delete;
        ThumbnailPool& operator=(const ThumbnailPool&) = delete;

        ~ThumbnailPool()
        {
            try {
                close();
            } catch (...) { // NOLINT(bugprone-empty-catch): a join that failed; nothing to do
            }
            // The jobs' buffers are released here, with the GIL the destructor holds.
            m_jobs.clear();
        }

        void submitPath(const py::str& source, const py::bytes& path)
        {
            auto job = std::make_unique<PoolJob>();
            std::string name(path);
            if (name.find('\0') != std::string::npos) {
                throw py::value_error("embedded null byte"); // as open() says
            }
            job->source = source;
            job->fromFile = true;
            job->path = std::filesystem::path(std::move(name));
            add(std::move(job));
        }

        void submitBytes(const py::str& source, const py::object& data)
        {
            auto job = std::make_unique<PoolJob>();
            job->view = std::make_unique<ByteView>(data);
            job->source = source;
            job->data = job->view->bytes();
            add(std::move(job));
        }

        std::size_t pending() const
        {
            const std::lock_guard lock(m_mutex);
            return m_jobs.size();
        }

        /// The oldest source's thumbnail, waiting for it without the GIL: a numpy array, or the
        /// ImageError raised.
        py::object next()
        {
            {
                const std::lock_guard lock(m_mutex);
                if (m_jobs.empty()) {
                    throw py::stop_iteration();
                }
            }
            std::unique_ptr<PoolJob> job; // freed with the GIL held (its buffer)
            while (!job) {
                bool closed = false;
                {
                    const py::gil_scoped_release unlocked;
                    std::unique_lock lock(m_mutex);
                    closed = m_closing;
                    if (!closed && m_changed.wait_for(lock, std::chrono::milliseconds(100), [this] {
                            return m_jobs.front()->done;
                        })) {
                        job = std::move(m_jobs.front());
                        m_jobs.pop_front();
                    }
                }
                if (closed) {
                    throw py::value_error("the pool is closed");
                }
                // Ctrl-C while an image is being made: KeyboardInterrupt now, not after it.
                if (!job && PyErr_CheckSignals() != 0) {
                    throw py::error_already_set();
                }
            }
            if (!*job->result) {
                raiseImageError(job->result->error(), job->source);
            }
            return toPython(std::move(*job->result).value(), m_request.onGpu);
        }

        /// Stops the workers (what is running is cancelled) and waits for them.
        void close()
        {
            {
                const std::lock_guard lock(m_mutex);
                m_closing = true;
            }
            m_cancel.requestStop();
            m_changed.notify_all();
            const py::gil_scoped_release unlocked;
            for (std::thread& t : m_workers) {
                if (t.joinable()) {
                    t.join();
                }
            }
        }

    private:
        void add(std::unique_ptr<PoolJob> job)
        {
            {
                const std::lock_guard lock(m_mutex);
                if (m_closing) {
                    throw py::value_error("the pool is closed");
                }
                m_jobs.push_back(std::move(job));
            }
            m_changed.notify_all();
        }

        void work()
        {
            std::unique_lock lock(m_mutex);
            while (true) {
                PoolJob* job = nullptr;
                m_changed.wait(lock, [&] {
                    if (m_closing) {
                        return true;
                    }
                    auto it = std::find_if(m_jobs.begin(), m_jobs.end(),
                        [](const std::unique_ptr<PoolJob>& j) { return !j->started; });
                    job = it == m_jobs.end() ? nullptr : it->get();
                    return job != nullptr;
                });
                if (m_closing) {
                    return;
                }
                job->started = true;
                lock.unlock();
                Result<Thumbnail> made = run(*job);
                lock.lock();
                job->result.emplace(std::move(made));
                job->done = true;
                m_changed.notify_all();
            }
        }

        Result<Thumbnail> run(const PoolJob& job) const
        {
            try {
                if (!job.fromFile) {
                    return makeThumbnail(job.data, m_request, &m_cancel);
                }
                auto bytes = readWholeFile(job.path);
                if (!bytes) {
                    return std::move(bytes).error();
                }
                return makeThumbnail(*bytes, m_request, &m_cancel);
            } catch (const std::bad_alloc&) {
                return Error::of(ErrorCode::OutOfMemory, Text::tr("out of memory"));
            }
        }

        ThumbnailRequest m_request;
        CancelToken m_cancel;
        mutable std::mutex m_mutex;
        std::condition_variable m_changed;
        std::deque<std::unique_ptr<PoolJob>> m_jobs; ///< in the order given; the oldest first
        bool m_closing = false;
        std::vector<std::thread> m_workers;
    };

} // namespace

void registerThumbnailPool(py::module_& module)
{
    py::class_<ThumbnailPool>(module, "ThumbnailPool")
        .def(py::init([](int width, int height, double percent, int filter,
                          std::optional<double> reducingGap, bool exifTranspose,
                          const std::string& device, bool onGpu, int threads) {
            return std::make_unique<ThumbnailPool>(thumbnailRequest(width, height, percent, filter,
                                                       reducingGap, exifTranspose, device, onGpu),
                threads);
        }),
            py::arg("width"), py::arg("height"), py::arg("percent"), py::arg("filter"),
            py::arg("reducing_gap"), py::arg("exif_transpose"), py::arg("device"),
            py::arg("on_gpu"), py::arg("threads"))
        .def("submit_path", &ThumbnailPool::submitPath, py::arg("source"), py::arg("path"))
        .def("submit_bytes", &ThumbnailPool::submitBytes, py::arg("source"), py::arg("data"))
        .def("pending", &ThumbnailPool::pending)
        .def("next", &ThumbnailPool::next)
        .def("close", &ThumbnailPool::close);
}

} // namespace dropsize::python
