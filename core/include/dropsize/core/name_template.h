// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"
#include "dropsize/pixel/image_view.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize {

/// Which file system's rules an output name must follow.
enum class NameRules {
    Posix, ///< every byte but '/' and NUL is allowed
    Windows, ///< no <>:"/\|?*, no control characters, no trailing dot or space, no CON, NUL, ...
#ifdef _WIN32
    Native = Windows,
#else
    Native = Posix,
#endif
};

/// What one output's name is made of.
struct NameFields {
    std::string_view name; ///< the input's name without its extension (UTF-8)
    std::string_view ext; ///< the output's extension, without the dot
    Size size; ///< the output's size in pixels (display orientation)
    std::string_view sizeLabel; ///< the size's label ("2048", "fit800x600")
    std::size_t number = 1; ///< the job's number in the batch, from 1
    int numberWidth = 1; ///< digits {n} is padded to with zeros
};

/// An output name pattern (--name): literal text and the fields {name}, {ext}, {w}, {h}, {size}
/// and {n}; "/" makes sub-folders of the output folder. The extension is added after the
/// expanded text ("{name}_{w}x{h}" gives "photo_800x600.jpg") unless the pattern ends with
/// ".{ext}". Parsing refuses what could never name a file inside the output folder.
class NameTemplate {
public:
    /// The default: "{name}", the input's own name.
    NameTemplate();

    /// Fails (InvalidArgument, a message that says what and where) for an unknown field, a
    /// brace without its partner, an empty pattern, an absolute path (a leading "/" or "\", a
    /// drive such as "C:"), an empty folder name ("a//b", a trailing "/"), or a "." or ".."
    /// folder.
    [[nodiscard]] static Result<NameTemplate> parse(std::string_view text);

    const std::string& text() const noexcept { return m_text; }
    bool usesName() const noexcept { return m_usesName; }
    /// {n}: every job's outputs get a name of their own.
    bool usesNumber() const noexcept { return m_usesNumber; }
    /// {w} or {h}: the name depends on the image's header.
    bool usesOutputSize() const noexcept { return m_usesOutputSize; }
    /// {size}, {w} or {h}: outputs of several sizes get names of their own.
    bool namesSize() const noexcept { return m_usesLabel || m_usesOutputSize; }
    bool hasFolders() const noexcept { return m_hasFolders; }

    /// This pattern below a folder per size label: "{size}/" + this.
    NameTemplate inSizeFolder() const;

    /// The output's path relative to the output folder, components joined by "/", each one
    /// made valid under `rules` (safeNameComponent) and fitting 255 bytes: where one would not,
    /// the input's name is shortened in it (the rest tells the outputs apart), and only what
    /// still does not fit is cut at its end.
    std::string expand(const NameFields& fields, NameRules rules = NameRules::Native) const;

    bool operator==(const NameTemplate& other) const noexcept { return m_text == other.m_text; }

private:
    // expand() with `fields` as they are; `nameCut` is raised to the bytes the name must lose
    // for every component that holds it to fit.
    std::string expandOnce(const NameFields& fields, NameRules rules, std::size_t& nameCut) const;

    enum class Field { Literal, Name, Ext, Width, Height, Size, Number };
    struct Piece {
        Field field = Field::Literal;
        std::string text; ///< Literal only
    };

    std::string m_text;
    std::vector<Piece> m_pieces;
    bool m_usesName = false;
    bool m_usesLabel = false;
    bool m_usesNumber = false;
    bool m_usesOutputSize = false;
    bool m_hasFolders = false;
    bool m_endsWithExt = false;
};

/// One folder or file name made valid under `rules`, as PowerToys' Image Resizer does: every
/// character the file system refuses becomes "_" (Windows: <>:"/\|?*, control characters, a
/// trailing dot or space; POSIX: "/" and NUL), a reserved device name (CON, PRN, AUX, NUL, COM1-9,
/// LPT1-9, with any extension) gets "_" after its base name, a name of dots alone has them all
/// replaced and an empty one becomes "_".
std::string safeNameComponent(std::string_view component, NameRules rules = NameRules::Native);

} // namespace dropsize
