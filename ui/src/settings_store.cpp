// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/settings_store.h"

#include <array>
#include <functional>
#include <optional>
#include <string_view>

namespace dropsize::ui {

namespace {

    // Enum values are stored by name so the file stays readable and survives reordering.
    template <typename E, std::size_t N> struct NameTable {
        std::array<std::pair<E, const char*>, N> entries;

        QString name(E value) const
        {
            for (const auto& [v, n] : entries) {
                if (v == value) {
                    return QString::fromLatin1(n);
                }
            }
            return QString::fromLatin1(entries[0].second);
        }
        std::optional<E> parse(const QString& text) const
        {
            for (const auto& [v, n] : entries) {
                if (text == QLatin1String(n)) {
                    return v;
                }
            }
            return std::nullopt;
        }
    };

    constexpr NameTable<SizeMode, 4> kSizeModes { { { { SizeMode::Percent, "percent" },
        { SizeMode::Fit, "fit" }, { SizeMode::LongEdge, "long-edge" },
        { SizeMode::Exact, "exact" } } } };
    constexpr NameTable<Filter, 6> kFilters { { { { Filter::Nearest, "nearest" },
        { Filter::Box, "box" }, { Filter::Bilinear, "bilinear" }, { Filter::Hamming, "hamming" },
        { Filter::Bicubic, "bicubic" }, { Filter::Lanczos, "lanczos" } } } };
    constexpr NameTable<OutputFormat, 3> kFormats { { { { OutputFormat::Keep, "keep" },
        { OutputFormat::Jpeg, "jpeg" }, { OutputFormat::Png, "png" } } } };
    constexpr NameTable<ChromaSubsampling, 3> kSubsamplings {
        { { { ChromaSubsampling::S420, "420" }, { ChromaSubsampling::S422, "422" },
            { ChromaSubsampling::S444, "444" } } }
    };
    constexpr NameTable<ExistingPolicy, 3> kPolicies { { { { ExistingPolicy::Skip, "skip" },
        { ExistingPolicy::Overwrite, "overwrite" }, { ExistingPolicy::Rename, "rename" } } } };
    constexpr NameTable<OutputLocation, 2> kLocations {
        { { { OutputLocation::InsideEachInput, "inside-each-input" },
            { OutputLocation::Folder, "folder" } } }
    };
    constexpr NameTable<DeviceChoice, 3> kDevices { { { { DeviceChoice::Auto, "auto" },
        { DeviceChoice::Cpu, "cpu" }, { DeviceChoice::Gpu, "gpu" } } } };

    // One key: how to write its value and how to read it back. read() returns false for a value
    // it cannot use, which leaves the default in place.
    struct Key {
        const char* name;
        std::function<QVariant(const BatchSettings&)> write;
        std::function<bool(const QVariant&, BatchSettings&)> read;
    };

    // `field` maps a BatchSettings to one of its members: [](auto& s) -> auto& { return s.x; }.
    template <typename Field, typename Table>
    Key enumKey(const char* name, const Table& table, Field field)
    {
        return { name,
            [&table, field](const BatchSettings& s) { return QVariant(table.name(field(s))); },
            [&table, field](const QVariant& v, BatchSettings& s) {
                const auto parsed = table.parse(v.toString());
                if (parsed) {
                    field(s) = *parsed;
                }
                return parsed.has_value();
            } };
    }

    template <typename T, typename Field>
    Key numberKey(const char* name, Field field, T low, T high)
    {
        return { name, [field](const BatchSettings& s) { return QVariant::fromValue(field(s)); },
            [field, low, high](const QVariant& v, BatchSettings& s) {
                bool ok = false;
                T value {};
                if constexpr (std::is_same_v<T, double>) {
                    value = v.toDouble(&ok);
                } else {
                    value = v.toInt(&ok);
                }
                if (!ok || !(value >= low && value <= high)) {
                    return false;
                }
                field(s) = value;
                return true;
            } };
    }

    template <typename Field> Key boolKey(const char* name, Field field)
    {
        return { name, [field](const BatchSettings& s) { return QVariant(field(s)); },
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

    Key stringKey(const char* name, QString BatchSettings::*member)
    {
        return { name, [member](const BatchSettings& s) { return QVariant(s.*member); },
            [member](const QVariant& v, BatchSettings& s) {
                if (!v.canConvert<QString>()) {
                    return false;
                }
                s.*member = v.toString();
                return true;
            } };
    }

    // The table: every saved batch setting, its key and its valid range.
    std::vector<Key> batchKeys()
    {
        constexpr int kMaxSide = 1 << 20;
        return {
            enumKey(
                "size/mode", kSizeModes, [](auto& s) -> auto& { return s.spec.mode; }),
            numberKey<double>(
                "size/percent", [](auto& s) -> auto& { return s.spec.percent; }, 0.01, 10000.0),
            numberKey<int>(
                "size/width", [](auto& s) -> auto& { return s.spec.width; }, 0, kMaxSide),
            numberKey<int>(
                "size/height", [](auto& s) -> auto& { return s.spec.height; }, 0, kMaxSide),
            numberKey<int>(
                "size/longEdge", [](auto& s) -> auto& { return s.spec.longEdge; }, 0, kMaxSide),
            boolKey(
                "size/enlarge", [](auto& s) -> auto& { return s.spec.enlarge; }),
            enumKey(
                "size/filter", kFilters, [](auto& s) -> auto& { return s.spec.filter; }),
            enumKey(
                "output/location", kLocations, [](auto& s) -> auto& { return s.outputLocation; }),
            stringKey("output/folder", &BatchSettings::outputDir),
            enumKey(
                "output/format", kFormats, [](auto& s) -> auto& { return s.format; }),
            numberKey<int>(
                "output/jpegQuality", [](auto& s) -> auto& { return s.encode.jpegQuality; }, 1,
                100),
            enumKey(
                "output/subsampling", kSubsamplings,
                [](auto& s) -> auto& { return s.encode.subsampling; }),
            boolKey(
                "output/progressive", [](auto& s) -> auto& { return s.encode.progressive; }),
            numberKey<int>(
                "output/pngCompression", [](auto& s) -> auto& { return s.encode.pngCompression; },
                0, 9),
            enumKey(
                "output/existing", kPolicies, [](auto& s) -> auto& { return s.onExisting; }),
            boolKey(
                "output/stripMetadata", [](auto& s) -> auto& { return s.stripMetadata; }),
            boolKey(
                "input/recursive", [](auto& s) -> auto& { return s.recursive; }),
            enumKey(
                "run/device", kDevices, [](auto& s) -> auto& { return s.device; }),
            numberKey<int>(
                "run/threads", [](auto& s) -> auto& { return s.threads; }, 0, 1024),
        };
    }

    const char* const kGeometryKey = "window/geometry";
    const char* const kStateKey = "window/state";
    const char* const kLastFolderKey = "window/lastFolder";

} // namespace

SettingsStore::SettingsStore(QSettings& settings)
    : m_settings(settings)
{
}

BatchSettings SettingsStore::load() const
{
    BatchSettings batch;
    for (const Key& key : batchKeys()) {
        const QVariant value = m_settings.value(QLatin1String(key.name));
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
        m_settings.setValue(QLatin1String(key.name), key.write(batch));
    }
}

void SettingsStore::resetToDefaults()
{
    for (const Key& key : batchKeys()) {
        m_settings.remove(QLatin1String(key.name));
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

void SettingsStore::sync() { m_settings.sync(); }

} // namespace dropsize::ui
