#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""clang-tidy over every C++ file a build compiled, each file's clean result remembered.

Usage: clang-tidy-cached.py BUILD_DIR SOURCE_DIR

Every .cpp of the build's compile_commands.json (not moc's, not the CUDA sources) is checked with
the repository's .clang-tidy, as it compiles but without the build's precompiled headers (GCC's,
which clang cannot read): each file must stand on its own. A file that comes out clean is
remembered under a key made of everything its result depends on:

  - the file as the compiler sees it: clang's preprocessed output (the file and every header it
    includes, each as its contents, with the checkout's and the build's folders named alike in
    every clone), so that a changed header invalidates exactly the files that include it;
  - its compile options (the same folders named alike; the output and dependency files left out);
  - clang-tidy's version and every .clang-tidy file of the repository.

A file whose key is remembered is not checked again; every other file is, and any finding fails
the run (nothing with a finding is remembered). The cache is DROPSIZE_CLANG_TIDY_CACHE, by default
~/.cache/dropsize-clang-tidy (one empty file per clean key; those unused for 60 days are removed).
DROPSIZE_CLANG_TIDY_CACHE=off checks every file.
"""
import concurrent.futures
import hashlib
import json
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import time

CLANG_TIDY = "clang-tidy-14"
CLANG = "clang++-14"
# Lines clang-tidy prints about itself rather than about the code.
NOISE = ("warnings generated.", "warning generated.", "Use -header-filter", "Suppressed ")


def compile_entries(build):
    """The first compile command of each .cpp file of ours, as an argument list."""
    seen = {}
    for entry in json.loads((build / "compile_commands.json").read_text()):
        source = entry["file"]
        if not source.endswith(".cpp") or "_autogen" in source or source in seen:
            continue
        args = entry.get("arguments") or shlex.split(entry["command"])
        seen[source] = {"directory": entry["directory"], "file": source, "arguments": args}
    return list(seen.values())


def without_pch(args):
    """The arguments without the precompiled header CMake adds (-Winvalid-pch, -include
    .../cmake_pch.hxx): clang-tidy reads every header the file includes itself."""
    out = []
    skip = False
    for i, arg in enumerate(args):
        if skip:
            skip = False
            continue
        if arg == "-Winvalid-pch":
            continue
        if arg == "-include" and i + 1 < len(args) and args[i + 1].endswith("cmake_pch.hxx"):
            skip = True
            continue
        out.append(arg)
    return out


def key_options(args, names):
    """The compile options as the key sees them: no output or dependency files, the folders
    named alike."""
    out = []
    skip = False
    for arg in args[1:]:  # not the compiler's own path
        if skip:
            skip = False
            continue
        if arg in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if arg in ("-c", "-MD", "-MMD"):
            continue
        out.append(rename(arg, names))
    return out


def rename(text, names):
    for path, name in names:
        text = text.replace(path, name)
    return text


def preprocessed(entry, args):
    """clang's preprocessed output of the file, with its compile options (and clang's own
    macros, as clang-tidy has them)."""
    command = [CLANG] + [a for a in key_options(args, []) if a != entry["file"]]
    command += ["-E", "-o", "-", entry["file"]]
    result = subprocess.run(command, cwd=entry["directory"], capture_output=True)
    if result.returncode != 0:
        return None  # clang-tidy will say why
    return result.stdout


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    build = pathlib.Path(sys.argv[1]).resolve()
    source = pathlib.Path(sys.argv[2]).resolve()
    setting = os.environ.get("DROPSIZE_CLANG_TIDY_CACHE", "")
    cache = None
    if setting != "off":
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        cache = pathlib.Path(setting or os.path.join(home, "dropsize-clang-tidy"))
        cache.mkdir(parents=True, exist_ok=True)

    version = subprocess.run([CLANG_TIDY, "--version"], capture_output=True, text=True,
                             check=True).stdout
    configs = subprocess.run(["git", "ls-files", "-z", "*.clang-tidy", ".clang-tidy"], cwd=source,
                             capture_output=True, check=True).stdout.split(b"\0")
    common = hashlib.sha256(version.encode())
    for config in sorted(c for c in configs if c):
        common.update(config + b"\0" + (source / config.decode()).read_bytes())
    # The build folder first: it may lie inside the checkout.
    names = [(str(build), "<build>"), (str(source), "<source>")]

    entries = compile_entries(build)
    database = tempfile.mkdtemp(prefix="dropsize-clang-tidy.")
    for entry in entries:
        entry["arguments"] = without_pch(entry["arguments"])
    pathlib.Path(database, "compile_commands.json").write_text(json.dumps(entries))

    def key_of(entry):
        text = preprocessed(entry, entry["arguments"])
        if text is None:
            return None
        digest = common.copy()
        digest.update("\0".join(key_options(entry["arguments"], names)).encode() + b"\0")
        digest.update(rename(entry["file"], names).encode() + b"\0")
        for path, name in names:
            text = text.replace(path.encode(), name.encode())
        digest.update(text)
        return digest.hexdigest()

    def check(entry):
        key = key_of(entry) if cache else None
        if key and (cache / key).exists():
            os.utime(cache / key)
            return entry["file"], True, None
        result = subprocess.run([CLANG_TIDY, "-p", database, "--quiet", entry["file"]],
                                capture_output=True, text=True)
        lines = [line for line in (result.stdout + result.stderr).splitlines()
                 if line and not any(n in line for n in NOISE)]
        report = "\n".join(lines)
        clean = result.returncode == 0 and not lines
        if clean and key:
            (cache / key).touch()
        return entry["file"], False, None if clean else (report or f"exit {result.returncode}")

    started = time.monotonic()
    jobs = int(os.environ.get("DROPSIZE_CLANG_TIDY_JOBS") or os.cpu_count() or 1)
    print(f"clang-tidy on {len(entries)} files ({jobs} at a time)", flush=True)
    failed = []
    remembered = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for name, cached, report in pool.map(check, entries):
            remembered += cached
            if report is not None:
                failed.append(name)
                print(report, file=sys.stderr, flush=True)
    pathlib.Path(database, "compile_commands.json").unlink()
    os.rmdir(database)
    if cache:
        month = time.time() - 60 * 86400
        for old in cache.iterdir():
            if old.stat().st_mtime < month:
                old.unlink()
    took = time.monotonic() - started
    summary = (f"{len(entries) - remembered} checked, {remembered} clean before with the same "
               f"preprocessed text, options and configuration, in {took:.0f} s")
    if failed:
        files = "file" if len(failed) == 1 else "files"
        print(f"clang-tidy: findings in {len(failed)} {files} ({summary})", file=sys.stderr)
        return 1
    print(f"clang-tidy: clean ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
