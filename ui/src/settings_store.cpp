// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/settings_store.h"

#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace dropsize::ui {

namespace {

    // The window's own option: core has no notion of where the form puts outputs.
    constexpr OptionInfo kOutputLocation { .kind = OptionKind::Choice, .key = "output/location" };

    // One key: how to write its value and how to read it back. read() returns false for a value
    // it cannot use, which leaves the default in place.
    struct Key {
        QString name;
        std::function<QVariant(const BatchSettings&)> write;
        std::function<bool(const QVariant&, BatchSettings&)> read;
    };

    QString keyName(const OptionInfo& option)
    {
        return QString::fromLatin1(option.key.data(), static_cast<qsizetype>(option.key.size()));
    }

    // `field` maps a BatchSettings to one of its members: [](auto& s) -> auto& { return s.x; }.
    // Enum values are stored by name (enum_names.h), so the file stays readable and survives
    // reordering.
    template <typename Field> Key enumKey(const OptionInfo& option, Field field)
    {
        using E = std::remove_cvref_t<decltype(field(std::declval<BatchSettings&>()))>;
        return { keyName(option),
            [field](
                const BatchSettings& s) { return QVariant(QString::fromLatin1(nameOf(field(s)))); },
            [field](const QVariant& v, BatchSettings& s) {
                const auto parsed = parseName<E>(v.toString().toStdString());
                if (parsed) {
                    field(s) = *parsed;
                }
                return parsed.has_value();
            } };
    }

    // Where zero means "not set" (a side the chosen mode does not use; one thread per core), it
    // is kept too.
    enum class Zero { Refused, MeansUnset };

    // A value within the option's limits (options.h).
    template <typename T, typename Field>
    Key numberKey(const OptionInfo& option, Field field, Zero zero = Zero::Refused)
    {
        return { keyName(option),
            [field](const BatchSettings& s) { return QVariant::fromValue(field(s)); },
            [field, low = option.min, high = option.max, zero](
                const QVariant& v, BatchSettings& s) {
                bool ok = false;
                T value {};
                if constexpr (std::is_same_v<T, double>) {
                    value = v.toDouble(&ok);
                } else if constexpr (std::is_same_v<T, std::uint64_t>) {
                    value = v.toULongLong(&ok);
                } else {
                    value = v.toInt(&ok);
                }
                const bool unset = zero == Zero::MeansUnset && value == T {};
                const auto number = static_cast<double>(value);
                if (!ok || !(unset || (number >= low && number <= high))) {
                    return false;
                }
                field(s) = value;
                return true;
            } };
    }

    template <typename Field> Key boolKey(const OptionInfo& option, Field field)
    {
        return { keyName(option), [field](const BatchSettings& s) { return QVariant(field(s)); },
            [field](const QVariant& v, BatchSettings& s) {
                // INI files give back "true"/"false" strings; other backends may give bools.
                if (v.typeId() == QMetaType::Bool) {
                    field(s) = v.toBool();
                    return true;
                }
                const QString text = v.toString();
                if (text != QLatin1String("true") && text != QLatin1String("false")) {
                    return false;
                }
                field(s) = text == QLatin1String("true");
                return true;
            } };
    }

    Key stringKey(const OptionInfo& option, QString BatchSettings::*member)
    {
        return { keyName(option), [member](const BatchSettings& s) { return QVariant(s.*member); },
            [member](const QVariant& v, BatchSettings& s) {
                if (!v.canConvert<QString>()) {
                    return false;
                }
                s.*member = v.toString();
                return true;
            } };
    }

    // The reducing gap as its text ("2", "1.5", "none"), read back by parseReducingGap().
    Key reducingGapKey()
    {
        return { keyName(option::kReducingGap),
            [](const BatchSettings& s) {
                return QVariant(QString::fromStdString(reducingGapText(s.spec.reducingGap)));
            },
            [](const QVariant& v, BatchSettings& s) {
                auto gap = parseReducingGap(v.toString().toStdString());
                if (gap) {
                    s.spec.reducingGap = *gap;
                }
                return gap.ok();
            } };
    }

    // The table: every saved batch setting, by its option (whose key and limits it takes) and its
    // field.
    std::vector<Key> batchKeys()
    {
        using namespace option;
        std::vector<Key> keys {
            enumKey(
                kSizeMode, [](auto& s) -> auto& { return s.spec.mode; }),
            numberKey<double>(
                kPercent, [](auto& s) -> auto& { return s.spec.percent; }),
            numberKey<int>(
                kWidth, [](auto& s) -> auto& { return s.spec.width; }, Zero::MeansUnset),
            numberKey<int>(
                kHeight, [](auto& s) -> auto& { return s.spec.height; }, Zero::MeansUnset),
            numberKey<int>(
                kLongEdge, [](auto& s) -> auto& { return s.spec.longEdge; }, Zero::MeansUnset),
            numberKey<int>(
                kShortEdge, [](auto& s) -> auto& { return s.spec.shortEdge; }, Zero::MeansUnset),
            boolKey(
                kEnlarge, [](auto& s) -> auto& { return s.spec.enlarge; }),
            enumKey(
                kFilter, [](auto& s) -> auto& { return s.spec.filter; }),
            reducingGapKey(),
            enumKey(
                kOutputLocation, [](auto& s) -> auto& { return s.outputLocation; }),
            stringKey(kOutputFolder, &BatchSettings::outputFolder),
            stringKey(kSizes, &BatchSettings::sizes),
            stringKey(kNameTemplate, &BatchSettings::nameTemplate),
            enumKey(
                kFormat, [](auto& s) -> auto& { return s.format; }),
            numberKey<int>(
                kJpegQuality, [](auto& s) -> auto& { return s.encode.jpegQuality; }),
            enumKey(
                kSubsampling, [](auto& s) -> auto& { return s.encode.subsampling; }),
            boolKey(
                kProgressive, [](auto& s) -> auto& { return s.encode.progressive; }),
            numberKey<int>(
                kPngCompression, [](auto& s) -> auto& { return s.encode.pngCompression; }),
            enumKey(
                kOnExisting, [](auto& s) -> auto& { return s.onExisting; }),
            boolKey(
                kStripMetadata, [](auto& s) -> auto& { return s.stripMetadata; }),
            boolKey(
                kKeepDates, [](auto& s) -> auto& { return s.keepDates; }),
            enumKey(
                kIfBigger, [](auto& s) -> auto& { return s.ifBigger; }),
            numberKey<std::uint64_t>(
                kMaxBytes, [](auto& s) -> auto& { return s.maxBytes; }, Zero::MeansUnset),
            boolKey(
                kRecursive, [](auto& s) -> auto& { return s.recursive; }),
            enumKey(
                kDevice, [](auto& s) -> auto& { return s.device; }),
            numberKey<int>(
                kThreads, [](auto& s) -> auto& { return s.threads; }, Zero::MeansUnset),
        };
        // Added apart: clang-format cannot lay out a list with a line inside #if.
#if DROPSIZE_WITH_WEBP
        keys.push_back(numberKey<int>(
            kWebpQuality, [](auto& s) -> auto& { return s.encode.webpQuality; }));
        keys.push_back(boolKey(
            kWebpLossless, [](auto& s) -> auto& { return s.encode.webpLossless; }));
#endif
#if DROPSIZE_WITH_HEIF
        keys.push_back(numberKey<int>(
            kAvifQuality, [](auto& s) -> auto& { return s.encode.avifQuality; }));
        keys.push_back(numberKey<int>(
            kAvifSpeed, [](auto& s) -> auto& { return s.encode.avifSpeed; }));
#endif
        return keys;
    }

    const char* const kGeometryKey = "window/geometry";
    const char* const kStateKey = "window/state";
    const char* const kLastFolderKey = "window/lastFolder";
    const char* const kLastPresetKey = "presets/last";
    const char* const kMoreOptionsKey = "window/moreOptions";
    const char* const kPaneStateKey = "window/panes";

} // namespace

SettingsStore::SettingsStore(QSettings& settings)
    : m_settings(settings)
{
}

BatchSettings SettingsStore::load() const
{
    BatchSettings batch;
    for (const Key& key : batchKeys()) {
        const QVariant value = m_settings.value(key.name);
        if (value.isValid()) {
            BatchSettings candidate = batch;
            if (key.read(value, candidate)) {
                batch = candidate;
            }
        }
    }
    return batch;
}

void SettingsStore::save(const BatchSettings& batch)
{
    for (const Key& key : batchKeys()) {
        m_settings.setValue(key.name, key.write(batch));
    }
}

void SettingsStore::resetToDefaults()
{
    for (const Key& key : batchKeys()) {
        m_settings.remove(key.name);
    }
}

QByteArray SettingsStore::windowGeometry() const
{
    return m_settings.value(QLatin1String(kGeometryKey)).toByteArray();
}

QByteArray SettingsStore::windowState() const
{
    return m_settings.value(QLatin1String(kStateKey)).toByteArray();
}

void SettingsStore::saveWindow(const QByteArray& geometry, const QByteArray& state)
{
    m_settings.setValue(QLatin1String(kGeometryKey), geometry);
    m_settings.setValue(QLatin1String(kStateKey), state);
}

QString SettingsStore::lastFolder() const
{
    return m_settings.value(QLatin1String(kLastFolderKey)).toString();
}

void SettingsStore::setLastFolder(const QString& folder)
{
    m_settings.setValue(QLatin1String(kLastFolderKey), folder);
}

QString SettingsStore::lastPreset() const
{
    return m_settings.value(QLatin1String(kLastPresetKey)).toString();
}

void SettingsStore::setLastPreset(const QString& name)
{
    m_settings.setValue(QLatin1String(kLastPresetKey), name);
}

bool SettingsStore::moreOptionsOpen() const
{
    return m_settings.value(QLatin1String(kMoreOptionsKey), false).toBool();
}

void SettingsStore::setMoreOptionsOpen(bool open)
{
    m_settings.setValue(QLatin1String(kMoreOptionsKey), open);
}

QByteArray SettingsStore::paneState() const
{
    return m_settings.value(QLatin1String(kPaneStateKey)).toByteArray();
}

void SettingsStore::setPaneState(const QByteArray& state)
{
    m_settings.setValue(QLatin1String(kPaneStateKey), state);
}

void SettingsStore::sync() { m_settings.sync(); }

} // namespace dropsize::ui
