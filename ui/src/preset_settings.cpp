// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/preset_settings.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"

#include <string>

namespace dropsize::ui {

namespace {

    std::string text(const QString& s) { return s.trimmed().toStdString(); }

    std::string sizeText(int width, int height)
    {
        return std::to_string(width) + "x" + std::to_string(height);
    }

    // The value is one parsePresetFlags() checked; what cannot be read leaves `field` as it is.
    template <class E> void readName(const std::string& value, E& field)
    {
        if (const auto parsed = parseName<E>(value)) {
            field = *parsed;
        }
    }

    // As the command line reads them (parseOptionValue()); what cannot be read leaves the field.
    void readInt(const OptionInfo& option, const std::string& value, int& field)
    {
        if (const auto v = parseOptionValue(option, value)) {
            field = static_cast<int>(v->integer);
        }
    }

    void readSize(
        const OptionInfo& option, const std::string& value, ResizeSpec& spec, SizeMode mode)
    {
        if (const auto v = parseOptionValue(option, value)) {
            spec.mode = mode;
            spec.width = static_cast<int>(v->width);
            spec.height = static_cast<int>(v->height);
        }
    }

} // namespace

std::vector<PresetSetting> presetSettingsOf(const BatchSettings& s)
{
    using namespace option;
    std::vector<PresetSetting> out;
    const auto add = [&out](const OptionInfo& option, std::string value = {}) {
        out.push_back({ &option, std::move(value) });
    };
    const ResizeSpec& spec = s.spec;
    if (!s.sizes.trimmed().isEmpty()) {
        add(kSizes, text(s.sizes));
    } else {
        switch (spec.mode) {
        case SizeMode::Percent:
            add(kPercent, numberText(spec.percent));
            break;
        case SizeMode::Fit:
            add(kFit, sizeText(spec.width, spec.height));
            break;
        case SizeMode::LongEdge:
            add(kLongEdge, std::to_string(spec.longEdge));
            break;
        case SizeMode::ShortEdge:
            add(kShortEdge, std::to_string(spec.shortEdge));
            break;
        case SizeMode::Fill:
            add(kFill, sizeText(spec.width, spec.height));
            break;
        case SizeMode::Exact:
            add(kExact, sizeText(spec.width, spec.height));
            break;
        }
    }
    if (spec.enlarge) {
        add(kEnlarge);
    }
    add(kFilter, nameOf(spec.filter));
    add(kReducingGap, reducingGapText(spec.reducingGap));
    // The input's name, which an empty pattern means, spelt as a pattern: the command line's
    // default, and read back as empty.
    add(kNameTemplate, s.nameTemplate.trimmed().isEmpty() ? "{name}" : text(s.nameTemplate));
    add(kFormat, nameOf(s.format));
    add(kJpegQuality, std::to_string(s.encode.jpegQuality));
    add(kSubsampling, nameOf(s.encode.subsampling));
    if (s.encode.progressive) {
        add(kProgressive);
    }
    add(kPngCompression, std::to_string(s.encode.pngCompression));
#if DROPSIZE_WITH_WEBP
    add(kWebpQuality, std::to_string(s.encode.webpQuality));
    if (s.encode.webpLossless) {
        add(kWebpLossless);
    }
#endif
#if DROPSIZE_WITH_HEIF
    add(kAvifQuality, std::to_string(s.encode.avifQuality));
    add(kAvifSpeed, std::to_string(s.encode.avifSpeed));
#endif
    if (s.stripMetadata) {
        add(kStripMetadata);
    }
    add(kOnExisting, nameOf(s.onExisting));
    if (!s.keepDates) {
        add(kKeepDates); // --no-keep-dates
    }
    add(kIfBigger, nameOf(s.ifBigger));
    if (s.maxBytes != 0) {
        add(kMaxBytes, std::to_string(s.maxBytes));
    }
    return out;
}

namespace {

    // A preset's size setting (a size, a list of sizes, enlarge, the filter, the reducing gap)
    // into `s`; false for any other option.
    bool applySizeSetting(const OptionInfo* o, const std::string& v, BatchSettings& s)
    {
        using namespace option;
        if (o == &kPercent) {
            if (const auto p = parseOptionValue(kPercent, v)) {
                s.spec.mode = SizeMode::Percent;
                s.spec.percent = p->number;
            }
        } else if (o == &kFit) {
            readSize(kFit, v, s.spec, SizeMode::Fit);
        } else if (o == &kFill) {
            readSize(kFill, v, s.spec, SizeMode::Fill);
        } else if (o == &kExact) {
            readSize(kExact, v, s.spec, SizeMode::Exact);
        } else if (o == &kLongEdge) {
            s.spec.mode = SizeMode::LongEdge;
            readInt(*o, v, s.spec.longEdge);
        } else if (o == &kShortEdge) {
            s.spec.mode = SizeMode::ShortEdge;
            readInt(*o, v, s.spec.shortEdge);
        } else if (o == &kSizes) {
            s.sizes = QString::fromStdString(v);
        } else if (o == &kEnlarge) {
            s.spec.enlarge = true;
        } else if (o == &kFilter) {
            readName(v, s.spec.filter);
        } else if (o == &kReducingGap) {
            if (auto gap = parseReducingGap(v)) {
                s.spec.reducingGap = *gap;
            }
        } else {
            return false;
        }
        // A single size replaces a list of sizes.
        if (o == &kPercent || o == &kFit || o == &kFill || o == &kExact || o == &kLongEdge
            || o == &kShortEdge) {
            s.sizes.clear();
        }
        return true;
    }

    // A preset's output setting (names, format, encoding, metadata, dates, existing and bigger
    // outputs, the byte budget) into `s`.
    void applyOutputSetting(const OptionInfo* o, const std::string& v, BatchSettings& s)
    {
        using namespace option;
        if (o == &kNameTemplate) {
            s.nameTemplate = v == "{name}" ? QString() : QString::fromStdString(v);
        } else if (o == &kFormat) {
            readName(v, s.format);
        } else if (o == &kJpegQuality) {
            readInt(*o, v, s.encode.jpegQuality);
        } else if (o == &kSubsampling) {
            readName(v, s.encode.subsampling);
        } else if (o == &kProgressive) {
            s.encode.progressive = true;
        } else if (o == &kPngCompression) {
            readInt(*o, v, s.encode.pngCompression);
#if DROPSIZE_WITH_WEBP
        } else if (o == &kWebpQuality) {
            readInt(*o, v, s.encode.webpQuality);
        } else if (o == &kWebpLossless) {
            s.encode.webpLossless = true;
#endif
#if DROPSIZE_WITH_HEIF
        } else if (o == &kAvifQuality) {
            readInt(*o, v, s.encode.avifQuality);
        } else if (o == &kAvifSpeed) {
            readInt(*o, v, s.encode.avifSpeed);
#endif
        } else if (o == &kStripMetadata) {
            s.stripMetadata = true;
        } else if (o == &kOnExisting) {
            readName(v, s.onExisting);
        } else if (o == &kKeepDates) {
            s.keepDates = false;
        } else if (o == &kIfBigger) {
            readName(v, s.ifBigger);
        } else if (o == &kMaxBytes) {
            if (const auto n = parseOptionValue(kMaxBytes, v)) {
                s.maxBytes = n->integer;
            }
        }
    }

} // namespace

BatchSettings applyPreset(const Preset& preset, BatchSettings s)
{
    // Off unless named, as on a command line.
    s.spec.enlarge = false;
    s.encode.progressive = false;
    s.encode.webpLossless = false;
    s.stripMetadata = false;
    s.keepDates = true;
    s.maxBytes = 0;
    for (const PresetSetting& setting : preset.settings) {
        if (!applySizeSetting(setting.option, setting.value, s)) {
            applyOutputSetting(setting.option, setting.value, s);
        }
    }
    return s;
}

bool matchesPreset(const BatchSettings& settings, const Preset& preset)
{
    return applyPreset(preset, settings) == settings;
}

} // namespace dropsize::ui
