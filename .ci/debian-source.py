#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""One exact version of a Debian source package, fetched file by file (for .ci/windows-deps).

Usage: debian-source.py newest PACKAGE
       debian-source.py fetch PACKAGE VERSION DEST

`newest` prints the newest version of PACKAGE in the configured Sources indexes (what Debian
ships now, its security updates included).

`fetch` downloads every file the Sources index lists for PACKAGE=VERSION into DEST, each checked
against the index's SHA-256, and prints the path of its .dsc. `apt-get source` asks for each file
in the one archive pool that lists the version; a mirror may lack some of them there and serve
the same file (same name, same checksum) in another archive's pool, as it does for an original
tarball that a security update shares with the point release. So each file is looked for in every
configured archive, under every pool folder the package has. Where the .dsc itself is missing, it
is written from the index's entry, which holds its fields (the signature aside: the files are
checked against the signed index instead). Exits 1 naming each file found nowhere.
"""
import functools
import hashlib
import subprocess
import sys
from pathlib import Path


def stanzas(package):
    """The package's entries of the Sources indexes, each a dict of field: text."""
    text = subprocess.run(["apt-cache", "showsrc", "--only-source", package], capture_output=True,
                          text=True, check=True).stdout
    entries = []
    for block in text.split("\n\n"):
        fields = {}
        name = None
        for line in block.splitlines():
            if line.startswith((" ", "\t")) and name:
                fields[name] += "\n" + line
            elif ":" in line:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
        if fields.get("Package") == package:
            entries.append(fields)
    return entries


def newest(package):
    versions = sorted({e["Version"] for e in stanzas(package)},
                      key=functools.cmp_to_key(compare_versions))
    if not versions:
        sys.exit(f"no source package {package} in the configured Sources indexes")
    print(versions[-1])


def compare_versions(a, b):
    """Debian's order of versions (epochs, tildes), as dpkg has it."""
    if a == b:
        return 0
    lower = subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0
    return -1 if lower else 1


def checksum_lines(value):
    return [line.split() for line in value.splitlines() if line.strip()]


def fetch(package, version, dest):
    entries = stanzas(package)
    wanted = [e for e in entries if e.get("Version") == version]
    if not wanted:
        sys.exit(f"{package} {version} is not in the configured Sources indexes")
    entry = wanted[0]
    files = checksum_lines(entry["Checksums-Sha256"])
    folders = sorted({e["Directory"] for e in entries if "Directory" in e},
                     key=lambda d: d != entry.get("Directory"))
    archives = sorted(set(subprocess.run(
        ["apt-get", "indextargets", "--format", "$(REPO_URI)", "Created-By: Sources"],
        capture_output=True, text=True, check=True).stdout.split()))
    dest.mkdir(parents=True, exist_ok=True)
    missing = []
    for sha256, _size, name in files:
        target = dest / name
        got = target.is_file() and hashlib.sha256(target.read_bytes()).hexdigest() == sha256
        if got:
            print(f"  {name}: fetched before", file=sys.stderr)
            continue
        for archive in archives:
            for folder in folders:
                url = f"{archive.rstrip('/')}/{folder}/{name}"
                result = subprocess.run(["/usr/lib/apt/apt-helper", "download-file", url,
                                         str(target), f"SHA256:{sha256}"],
                                        capture_output=True, text=True)
                if result.returncode == 0 and target.is_file():
                    print(f"  {name}: {url}", file=sys.stderr)
                    got = True
                    break
            if got:
                break
        if not got:
            missing.append(name)
    dsc_name = next(name for _, _, name in files if name.endswith(".dsc"))
    data = [n for n in missing if n != dsc_name]
    if data:
        sys.exit(f"{package} {version}: no configured archive serves "
                 f"{', '.join(data)} (every pool folder of {package} tried)")
    if dsc_name in missing:
        print(f"  {dsc_name}: written from the Sources index's entry", file=sys.stderr)
        (dest / dsc_name).write_text(dsc_from_index(entry, dsc_name, dest))
    print(dest / dsc_name)


def dsc_from_index(entry, dsc_name, dest):
    """A .dsc with the fields the index copied from it. Its list of files leaves out the .dsc;
    the MD5 sums of its Files field, which an index may omit, are those of the files fetched
    (each checked against the index's SHA-256 already)."""
    lines = [f"Format: {entry['Format']}", f"Source: {entry['Package']}",
             f"Binary: {' '.join(entry.get('Binary', '').split())}"]
    skip = {"Package", "Directory", "Priority", "Section", "Binary", "Format", "Files"}
    for name, value in entry.items():
        if name in skip:
            continue
        if name.startswith("Checksums-"):
            lines.append(f"{name}:")
            lines.extend(line for line in value.splitlines()
                         if line.strip() and line.split()[-1] != dsc_name)
            continue
        lines.append(f"{name}: {value}")
    lines.append("Files:")
    for _, size, name in checksum_lines(entry["Checksums-Sha256"]):
        if name != dsc_name:
            md5 = hashlib.md5((dest / name).read_bytes()).hexdigest()
            lines.append(f" {md5} {size} {name}")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "newest":
        newest(sys.argv[2])
    elif len(sys.argv) == 5 and sys.argv[1] == "fetch":
        fetch(sys.argv[2], sys.argv[3], Path(sys.argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
