#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Fails on an include in core that goes against the direction docs/architecture.md writes down.

core/src has one folder per domain; core/include/dropsize/core holds the public headers, each
of which belongs to one of those folders. Both tables are read from docs/architecture.md (the
"Folders of core" section), so the document and this check cannot disagree: a new folder or
public header is one row there. A folder may include itself, the folders its row names, and
nothing else; the format folders under codecs/ count as codecs, but never include each other.
tests/core mirrors core/src: it may have only folders that core/src has.

Usage: check-include-direction.py [REPOSITORY]   (the current folder by default)
"""

import re
import sys
from pathlib import Path

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
CELL_NAME = re.compile(r"`([^`]+)`")


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
        (folder,) = CELL_NAME.findall(cells[0])
        allowed[folder] = {folder, *CELL_NAME.findall(cells[2])}
    public = {}
    for cells in table_rows(doc, ["folder", "public headers"]):
        (folder,) = CELL_NAME.findall(cells[0])
        if folder not in allowed:
            sys.exit(f"docs/architecture.md: public headers of `{folder}`, a folder not in the table")
        for name in CELL_NAME.findall(cells[1]):
            public[name] = folder

    src = root / "core/src"
    problems = []
    folders = {p.relative_to(src).parts[0] for p in src.rglob("*") if p.is_dir()}
    for folder in sorted(folders - allowed.keys()):
        problems.append(f"core/src/{folder}/: a folder docs/architecture.md does not list")
    for loose in sorted(p.name for p in src.iterdir() if p.is_file()):
        problems.append(f"core/src/{loose}: every file of core/src is in a domain's folder")
    tests = root / "tests/core"
    for p in sorted(tests.iterdir()):
        if p.is_dir() and p.name not in folders:
            problems.append(f"tests/core/{p.name}/: tests/core mirrors core/src, which has no such folder")
        elif p.is_file():
            problems.append(f"tests/core/{p.name}: a test lives in the folder of what it tests")

    def folder_of_include(name):
        """(folder, sub-folder) of an included file, or None for what is outside core."""
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

    files = [p for p in src.rglob("*") if p.suffix in (".h", ".cpp", ".in")]
    files += [p for p in (root / "core/include/dropsize/core").iterdir() if p.suffix in (".h", ".in")]
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
            name = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            target = folder_of_include(name)
            checked += 1
            if target is None:
                continue
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
