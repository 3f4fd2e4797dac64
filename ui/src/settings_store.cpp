// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/settings_store.h"

#include <functional>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

namespace dropsize::ui {

namespace {

    // One key: how to write its value and how to read it back. read() returns false for a value
    // it cannot use, which leaves the default in place.
    struct Key {
        const char* name;
        std::function<QVariant(const BatchSettings&)> write;
        std::function<bool(const QVariant&, BatchSettings&)> read;
    };

    // `field` maps a BatchSettings to one of its members: [](auto& s) -> auto& { return s.x; }.
    // Enum values are stored by name (option_names.h), so the file stays readable and survives
    // reordering.
    template <typename Field> Key enumKey(const char* name, Field field)
    {
        using E = std::remove_cvref_t<decltype(field(std::declval<BatchSettings&>()))>;
        return { name,
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
                "size/mode", [](auto& s) -> auto& { return s.spec.mode; }),
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
                "size/filter", [](auto& s) -> auto& { return s.spec.filter; }),
            enumKey(
                "output/location", [](auto& s) -> auto& { return s.outputLocation; }),
            stringKey("output/folder", &BatchSettings::outputDir),
            enumKey(
                "output/format", [](auto& s) -> auto& { return s.format; }),
            numberKey<int>(
                "output/jpegQuality", [](auto& s) -> auto& { return s.encode.jpegQuality; }, 1,
                100),
            enumKey(
                "output/subsampling", [](auto& s) -> auto& { return s.encode.subsampling; }),
            boolKey(
                "output/progressive", [](auto& s) -> auto& { return s.encode.progressive; }),
            numberKey<int>(
                "output/pngCompression", [](auto& s) -> auto& { return s.encode.pngCompression; },
                0, 9),
            enumKey(
                "output/existing", [](auto& s) -> auto& { return s.onExisting; }),
            boolKey(
                "output/stripMetadata", [](auto& s) -> auto& { return s.stripMetadata; }),
            boolKey(
                "input/recursive", [](auto& s) -> auto& { return s.recursive; }),
            enumKey(
                "run/device", [](auto& s) -> auto& { return s.device; }),
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
