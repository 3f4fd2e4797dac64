// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/heif/avif_encoder.h"

#include "codecs/heif/heif_error.h"
#include "dropsize/core/limits.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <libheif/heif.h>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <system_error>
#include <thread>

namespace dropsize {

namespace {

    struct ContextFree {
        void operator()(heif_context* context) const noexcept { heif_context_free(context); }
    };
    struct EncoderRelease {
        void operator()(heif_encoder* encoder) const noexcept { heif_encoder_release(encoder); }
    };
    struct ImageRelease {
        void operator()(heif_image* image) const noexcept { heif_image_release(image); }
    };
    struct HandleRelease {
        void operator()(heif_image_handle* handle) const noexcept
        {
            heif_image_handle_release(handle);
        }
    };
    struct OptionsFree {
        void operator()(heif_encoding_options* options) const noexcept
        {
            heif_encoding_options_free(options);
        }
    };

    // `what` says which step failed; libheif's own message, when it gives one, follows it.
    Error avifError(const heif_error& e, Text what)
    {
        if (e.message != nullptr && e.message[0] != '\0') {
            what = Text::tr("%1: %2").arg(std::move(what)).arg(heif::describe(e));
        }
        const ErrorCode code = e.code == heif_error_Memory_allocation_error ? ErrorCode::OutOfMemory
                                                                            : ErrorCode::Internal;
        return Error::of(code, Text::tr("%1 encoder: %2").arg("AVIF").arg(std::move(what)));
    }

    Error outOfMemory()
    {
        return Error::of(ErrorCode::OutOfMemory,
            Text::tr("%1 encoder: %2").arg("AVIF").arg(Text::tr("out of memory")));
    }

    Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

    std::atomic<int> g_abandoned { 0 }; ///< encodes nobody waits for, until they have freed all
    std::atomic<bool> g_exiting { false }; ///< set by an atexit handler, once one was needed

    // The one call to aom that cannot be interrupted, with everything it reads. It runs on a
    // thread of its own, so that the worker that asked for it can give up on a cancel and go;
    // whichever of the two lets go last frees libheif's objects.
    struct Encoding {
        std::unique_ptr<heif_context, ContextFree> context;
        std::unique_ptr<heif_encoder, EncoderRelease> encoder;
        std::unique_ptr<heif_image, ImageRelease> pixels;
        std::unique_ptr<heif_encoding_options, OptionsFree> options;

        std::mutex mutex;
        std::condition_variable finishedChanged;
        bool finished = false; ///< the fields below are set
        bool abandoned = false; ///< the worker gave up waiting
        heif_error error {};
        heif_image_handle* handle = nullptr;

        void run()
        {
            heif_image_handle* made = nullptr;
            const heif_error e = heif_context_encode_image(
                context.get(), pixels.get(), encoder.get(), options.get(), &made);
            {
                const std::scoped_lock lock(mutex);
                error = e;
                handle = made;
                finished = true;
            }
            finishedChanged.notify_all();
        }
    };

    // Held while a detached encode frees what it used, and while the exit handler marks the
    // process as exiting: an encode that ends during exit must not free libheif's objects after
    // libheif's own statics are gone. Never destroyed, so that it outlives them too.
    std::mutex& exitMutex()
    {
        static auto* mutex = new std::mutex; // NOLINT(cppcoreguidelines-owning-memory): kept
        return *mutex;
    }

    void registerExitHandler()
    {
        // Registered after libheif was loaded, so it runs before libheif's statics go.
        static const bool registered = std::atexit([] {
            const std::scoped_lock lock(exitMutex());
            g_exiting.store(true, std::memory_order_relaxed);
        }) == 0;
        (void)registered;
    }

    // The encode's own thread: encodes, then lets go of what it used (the last owner frees it;
    // an abandoned encode's result too), unless the process is exiting: then it stops where it
    // is and the exit ends it, its memory left to the system.
    void encodeAlone(std::shared_ptr<Encoding> job)
    {
        job->run();
        std::unique_lock exiting(exitMutex());
        if (g_exiting.load(std::memory_order_relaxed)) {
            exiting.unlock();
            for (;;) {
                std::this_thread::sleep_for(std::chrono::hours(1));
            }
        }
        bool abandoned = false;
        {
            // Final once run() has set `finished`: the worker gives up only before that.
            const std::scoped_lock lock(job->mutex);
            abandoned = job->abandoned;
        }
        if (abandoned) {
            heif_image_handle_release(job->handle);
        }
        job.reset();
        if (abandoned) {
            g_abandoned.fetch_sub(1, std::memory_order_relaxed);
        }
    }

    // Encodes on a thread of its own and waits, looking at `cancel` every 50 ms; on a cancel it
    // leaves the encode to finish alone (aom has no way to stop one: at speed 0 a large image
    // takes minutes) and answers at once. Without a thread to start, it encodes here.
    heif_error encodeUnlessCancelled(
        const std::shared_ptr<Encoding>& job, const CancelToken& cancel, bool& gaveUp)
    {
        gaveUp = false;
        registerExitHandler();
        try {
            std::thread(encodeAlone, job).detach();
        } catch (const std::system_error&) {
            job->run();
            return job->error;
        }
        std::unique_lock lock(job->mutex);
        while (!job->finished) {
            if (cancel.stopRequested()) {
                job->abandoned = true;
                g_abandoned.fetch_add(1, std::memory_order_relaxed);
                gaveUp = true;
                return {};
            }
            job->finishedChanged.wait_for(lock, std::chrono::milliseconds(50));
        }
        return job->error;
    }

    // libheif's writer callback: C calls it, so nothing may be thrown through it.
    heif_error appendBytes(heif_context*, const void* data, std::size_t size, void* userdata)
    {
        auto* out = static_cast<std::vector<std::uint8_t>*>(userdata);
        try {
            const auto* bytes = static_cast<const std::uint8_t*>(data);
            out->insert(out->end(), bytes, bytes + size);
        } catch (const std::bad_alloc&) {
            return { heif_error_Memory_allocation_error, heif_suberror_Unspecified,
                "out of memory" };
        }
        return { heif_error_Ok, heif_suberror_Unspecified, "" };
    }

    // Copies `count` samples a pixel of `image`, from sample `first` on, into a plane of its
    // own (grey and alpha of a grey image) or the whole pixel (interleaved RGB and RGBA).
    bool addPlane(
        heif_image* target, heif_channel channel, ConstImageView image, int first, int count)
    {
        if (heif_image_add_plane(target, channel, image.width, image.height, 8).code
            != heif_error_Ok) {
            return false;
        }
        int stride = 0;
        std::uint8_t* plane = heif_image_get_plane(target, channel, &stride);
        if (plane == nullptr) {
            return false;
        }
        for (int y = 0; y < image.height; ++y) {
            const std::uint8_t* in = image.row(y);
            std::uint8_t* out = plane + static_cast<std::ptrdiff_t>(y) * stride;
            if (count == image.channels) {
                std::memcpy(out, in,
                    static_cast<std::size_t>(image.width) * static_cast<std::size_t>(count));
                continue;
            }
            for (int x = 0; x < image.width; ++x) {
                out[x] = in[x * image.channels + first];
            }
        }
        return true;
    }

    // libheif's AV1 encoder, at the quality and speed asked for, on one thread.
    Result<std::unique_ptr<heif_encoder, EncoderRelease>> makeEncoder(
        heif_context* context, const EncodeOptions& options)
    {
        heif_encoder* rawEncoder = nullptr;
        if (auto e
            = heif_context_get_encoder_for_format(context, heif_compression_AV1, &rawEncoder);
            e.code != heif_error_Ok) {
            return avifError(e, Text::tr("no %1 encoder").arg("AV1"));
        }
        std::unique_ptr<heif_encoder, EncoderRelease> encoder(rawEncoder);
        (void)heif_encoder_set_logging_level(encoder.get(), 0);
        if (auto e = heif_encoder_set_lossy_quality(
                encoder.get(), std::clamp(options.avifQuality, kMinAvifQuality, kMaxAvifQuality));
            e.code != heif_error_Ok) {
            return avifError(e, Text::tr("quality refused"));
        }
        if (auto e = heif_encoder_set_parameter_integer(encoder.get(), "speed",
                std::clamp(options.avifSpeed, kMinAvifSpeed, kMaxAvifSpeed));
            e.code != heif_error_Ok) {
            return avifError(e, Text::tr("speed refused"));
        }
        // One level of parallelism: the batch encodes images side by side.
        (void)heif_encoder_set_parameter_integer(encoder.get(), "threads", 1);
        return encoder;
    }

    // The pixels as libheif's image (grey with its alpha as two planes, colour interleaved),
    // with the ICC profile.
    Result<std::unique_ptr<heif_image, ImageRelease>> makeImage(
        ConstImageView image, const Metadata& metadata)
    {
        const bool grey = image.channels <= 2;
        const bool alpha = image.channels == 2 || image.channels == 4;
        heif_image* rawImage = nullptr;
        const heif_chroma chroma = grey ? heif_chroma_monochrome
            : alpha                     ? heif_chroma_interleaved_RGBA
                                        : heif_chroma_interleaved_RGB;
        if (auto e = heif_image_create(image.width, image.height,
                grey ? heif_colorspace_monochrome : heif_colorspace_RGB, chroma, &rawImage);
            e.code != heif_error_Ok) {
            return avifError(e, Text::tr("cannot make the image"));
        }
        std::unique_ptr<heif_image, ImageRelease> pixels(rawImage);
        const bool copied = grey
            ? addPlane(pixels.get(), heif_channel_Y, image, 0, 1)
                && (!alpha || addPlane(pixels.get(), heif_channel_Alpha, image, 1, 1))
            : addPlane(pixels.get(), heif_channel_interleaved, image, 0, image.channels);
        if (!copied) {
            return outOfMemory();
        }
        if (!metadata.icc.empty()) {
            (void)heif_image_set_raw_color_profile(
                pixels.get(), "prof", metadata.icc.data(), metadata.icc.size());
        }
        return pixels;
    }

    // The encoded image's file, with the EXIF. EXIF that libheif cannot place (no TIFF header
    // in it) is left out, as a JPEG encoder leaves out one too large for its segment.
    Result<std::vector<std::uint8_t>> writeFile(
        heif_context* context, heif_image_handle* handle, const Metadata& metadata)
    {
        if (!metadata.exif.empty()) {
            (void)heif_context_add_exif_metadata(context, handle, metadata.exif.data(),
                static_cast<int>(std::min<std::size_t>(metadata.exif.size(), INT32_MAX)));
        }
        std::vector<std::uint8_t> out;
        heif_writer writer { 1, appendBytes };
        if (auto e = heif_context_write(context, &writer, &out); e.code != heif_error_Ok) {
            return avifError(e, Text::tr("writing failed"));
        }
        return out;
    }

} // namespace

Result<std::vector<std::uint8_t>> AvifEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel)
{
    if (image.channels < 1 || image.channels > 4 || image.width < 1 || image.height < 1) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("image not encodable as %1").arg("AVIF"));
    }
    if (cancel != nullptr && cancel->stopRequested()) {
        return cancelled();
    }
    std::unique_ptr<heif_context, ContextFree> context(heif_context_alloc());
    if (!context) {
        return outOfMemory();
    }
    auto encoder = makeEncoder(context.get(), options);
    if (!encoder) {
        return std::move(encoder).error();
    }
    auto pixels = makeImage(image, metadata);
    if (!pixels) {
        return std::move(pixels).error();
    }
    std::unique_ptr<heif_encoding_options, OptionsFree> encoding(heif_encoding_options_alloc());
    if (!encoding) {
        return outOfMemory();
    }
    encoding->save_alpha_channel = image.channels == 2 || image.channels == 4 ? 1 : 0;

    auto job = std::make_shared<Encoding>();
    job->context = std::move(context);
    job->encoder = std::move(encoder).value();
    job->pixels = std::move(pixels).value();
    job->options = std::move(encoding);
    heif_error encoded {};
    if (cancel == nullptr) {
        job->run();
        encoded = job->error;
    } else {
        bool gaveUp = false;
        encoded = encodeUnlessCancelled(job, *cancel, gaveUp);
        if (gaveUp) {
            return cancelled();
        }
    }
    if (encoded.code != heif_error_Ok) {
        return avifError(encoded, Text::tr("encoding failed"));
    }
    const std::unique_ptr<heif_image_handle, HandleRelease> handle(job->handle);
    if (cancel != nullptr && cancel->stopRequested()) {
        return cancelled();
    }
    return writeFile(job->context.get(), handle.get(), metadata);
}

int AvifEncoder::abandonedEncodes() noexcept { return g_abandoned.load(std::memory_order_relaxed); }

} // namespace dropsize
