#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Fails on an include in core that goes against the direction docs/architecture.md writes down.

core/src has one folder per domain; core/include/dropsize/core holds the public headers, each
of which belongs to one of those folders. Both tables are read from docs/architecture.md (the
"Folders of core" section), so the document and this check cannot disagree: a new folder or
public header is one row there. A folder may include itself, the folders its row names, and
nothing else; the format folders under codecs/ count as codecs, but never include each other.
tests/core mirrors core/src: it may have only folders that core/src has. Only the files git
tracks are read (a clean clone's, as CI sees them); both #include "..." and #include <...> of a
path under core/src count.

Usage: check-include-direction.py [REPOSITORY]   (the current folder by default)
"""

import re
import subprocess
import sys
from pathlib import Path

# Both spellings: core/src is an include root, so <batch/job_pipeline.h> would compile too.
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
# Headers CMake generates into the build tree, which the public-header table names too.
GENERATED = {"build_config.h", "version_generated.h"}
CELL_NAME = re.compile(r"`([^`]+)`")


def one_name(cell, where):
    """The one `name` of a table cell, or a clear exit."""
    names = CELL_NAME.findall(cell)
    if len(names) != 1:
        sys.exit(f"docs/architecture.md: {where}: a row's first cell names one folder in backticks, not {cell!r}")
    return names[0]


def tracked(root, under):
    """The files git tracks under `under` (untracked files, caches and editors' files are not the
    project's), as paths."""
    out = subprocess.run(["git", "-C", str(root), "ls-files", "-z", "--", under],
                         capture_output=True, check=True).stdout
    return [root / name for name in out.decode().split("\0") if name]


def table_rows(text, heading):
    """The rows (lists of cells) of the Markdown table whose header row starts with `heading`."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.lstrip().startswith("|") and cells[: len(heading)] == heading:
            rows = []
            for row in lines[i + 2 :]:
                if not row.lstrip().startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip().strip("|").split("|")])
            return rows
    sys.exit(f"docs/architecture.md: no table headed {' | '.join(heading)}")


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    doc = (root / "docs/architecture.md").read_text(encoding="utf-8")
    allowed = {}
    for cells in table_rows(doc, ["folder", "holds", "may include"]):
        folder = one_name(cells[0], "the folder table")
        allowed[folder] = {folder, *CELL_NAME.findall(cells[2])}
    public = {}
    for cells in table_rows(doc, ["folder", "public headers"]):
        folder = one_name(cells[0], "the public headers' table")
        if folder not in allowed:
            sys.exit(f"docs/architecture.md: public headers of `{folder}`, a folder not in the table")
        for name in CELL_NAME.findall(cells[1]):
            public[name] = folder

    src = root / "core/src"
    include = root / "core/include/dropsize/core"
    problems = []
    sources = tracked(root, "core/src")
    folders = set()
    for p in sources:
        parts = p.relative_to(src).parts
        if len(parts) == 1:
            problems.append(f"core/src/{parts[0]}: every file of core/src is in a domain's folder")
        else:
            folders.add(parts[0])
    for folder in sorted(folders - allowed.keys()):
        problems.append(f"core/src/{folder}/: a folder docs/architecture.md does not list")
    for folder in sorted(allowed.keys() - folders):
        problems.append(f"docs/architecture.md lists `{folder}`, a folder core/src does not have")
    for p in tracked(root, "tests/core"):
        parts = p.relative_to(root / "tests/core").parts
        if len(parts) == 1:
            problems.append(f"tests/core/{parts[0]}: a test lives in the folder of what it tests")
        elif parts[0] not in folders:
            problems.append(f"tests/core/{parts[0]}/: tests/core mirrors core/src, which has no such folder")
    headers = tracked(root, "core/include/dropsize/core")
    header_names = {p.name[: -len(".in")] if p.suffix == ".in" else p.name for p in headers}
    for name in sorted(public.keys() - header_names - GENERATED):
        problems.append(f"docs/architecture.md gives {name} a folder, but there is no such public header")

    def folder_of_include(name, angled):
        """(folder, sub-folder) of an included file, or None for what is outside core."""
        if angled and not name.startswith("dropsize/") and not (src / name).is_file():
            return None  # the system's and the libraries' headers
        if name.startswith("dropsize/core/"):
            header = name[len("dropsize/core/") :]
            if header not in public:
                return ("?", header)
            return (public[header], "")
        if name.startswith("dropsize/"):
            return None  # pixel and kernels: below every folder of core
        parts = Path(name).parts
        if len(parts) > 1 and (src / name).is_file():
            return (parts[0], "/".join(parts[:2]) if len(parts) > 2 else "")
        return ("!", name)

    files = [p for p in sources if p.suffix in (".h", ".cpp", ".in")]
    files += [p for p in headers if p.suffix in (".h", ".in")]
    checked = 0
    for path in sorted(files):
        rel = path.relative_to(root).as_posix()
        if path.is_relative_to(src):
            parts = path.relative_to(src).parts
            folder = parts[0]
            sub = "/".join(parts[:2]) if len(parts) > 2 else ""
        else:
            name = path.name[: -len(".in")] if path.suffix == ".in" else path.name
            if name not in public:
                problems.append(f"{rel}: a public header docs/architecture.md does not give a folder")
                continue
            folder, sub = public[name], ""
        text = path.read_text(encoding="utf-8")
        for match in INCLUDE.finditer(text):
            name = match.group(2)
            line = text.count("\n", 0, match.start()) + 1
            target = folder_of_include(name, match.group(1) == "<")
            if target is None:
                continue
            checked += 1
            to, to_sub = target
            if to == "?":
                problems.append(f"{rel}:{line}: {name} is a public header docs/architecture.md does not give a folder")
            elif to == "!":
                problems.append(f'{rel}:{line}: "{name}" is not a path from core/src (such as "codecs/exif.h")')
            elif to not in allowed.get(folder, set()):
                problems.append(f"{rel}:{line}: {folder} may not include {to} ({name})")
            elif sub and to_sub and sub != to_sub:
                problems.append(f"{rel}:{line}: one format's folder includes another's ({name})")

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"{len(problems)} includes or files against docs/architecture.md's folders", file=sys.stderr)
        return 1
    print(f"include direction: {checked} includes in {len(files)} files of core follow docs/architecture.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
