#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Makes the orientation fixtures in fixtures/orientation/ and writes orientation_golden.tsv: what
Pillow's thumbnail() + exif_transpose() make of each, as size and the CRC-32 of the pixels (the
format of pillow_golden.tsv; tests/core/convert/golden_test.cpp reads both).

Needs Debian 12's python3-pil (Pillow 9.4), run with Debian's Python:
    /usr/bin/python3 tests/golden/make_orientation_golden.py [TESTDATA_DIR]
The tests need none of it: they read the committed TSV and fixtures.

The fixtures are every place Pillow 9.4 finds an orientation, one at a time and against each
other, in small copies of one photo:
  * PNG: the eXIf chunk, a tEXt chunk keyed "exif", ImageMagick's "Raw profile type exif" (tEXt,
    zTXt, iTXt), and an XMP packet (tEXt, zTXt, iTXt, compressed or not, keyed
    "XML:com.adobe.xmp"), before or after the image data; the last chunk of a kind wins, the
    EXIF wins over the raw profile, and XMP counts only where that EXIF has no orientation tag
    (a tag saying 1 counts).
  * JPEG: orientation entries of every numeric TIFF type (Pillow turns a float 6.0 or a rational
    12/2 too), of a byte type (not a number to Pillow), two entries of the tag (the last wins),
    and XMP alone (Pillow 9.4 does not read a JPEG's XMP).
  * WebP: XMP alone (Pillow 9.4 does not read a WebP's XMP either).
Files Pillow fails on (an "exif" text chunk that is not bytes, a raw profile that is not
hexadecimal) have no golden row: the codec tests check that Dropsize passes over that source.
"""
import io
import os
import re
import struct
import sys
import zlib

from PIL import Image, ImageOps

FILTERS = {"lanczos": Image.Resampling.LANCZOS, "bicubic": Image.Resampling.BICUBIC}
PERCENTS = [50, 25]

XMP_ATTRIBUTE = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf='
                 '"http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
                 'xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="{}"/></rdf:RDF>'
                 '</x:xmpmeta>')
XMP_ELEMENT = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf='
               '"http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
               'xmlns:tiff="http://ns.adobe.com/tiff/1.0/"><tiff:Orientation>{}</tiff:Orientation>'
               '</rdf:Description></rdf:RDF></x:xmpmeta>')
XMP_SINGLE_QUOTES = XMP_ATTRIBUTE.replace('"{}"', "'{}'")

# TIFF field types: (number, struct format of one value).
SHORT, LONG, RATIONAL, SBYTE, BYTE = 3, 4, 5, 6, 1
SRATIONAL, FLOAT, DOUBLE, SSHORT, SLONG = 10, 11, 12, 8, 9


def tiff(entries, big_endian=False):
    """A little TIFF structure (EXIF without its "Exif\\0\\0") with IFD0's `entries`: (tag, type,
    count, value bytes in the block's byte order); values over 4 bytes follow the table."""
    e = ">" if big_endian else "<"
    head = (b"MM\x00\x2a" if big_endian else b"II\x2a\x00") + struct.pack(e + "I", 8)
    table_end = 8 + 2 + 12 * len(entries) + 4
    table, extra = b"", b""
    for tag, typ, count, value in entries:
        if len(value) <= 4:
            field = value.ljust(4, b"\0")
        else:
            field = struct.pack(e + "I", table_end + len(extra))
            extra += value
        table += struct.pack(e + "HHI", tag, typ, count) + field
    return head + struct.pack(e + "H", len(entries)) + table + b"\0\0\0\0" + extra


def orientation_exif(value, typ=SHORT):
    fmt = {SHORT: "<H", LONG: "<I", SBYTE: "<b", BYTE: "<B", SSHORT: "<h", SLONG: "<i",
           FLOAT: "<f", DOUBLE: "<d"}
    if typ in (RATIONAL, SRATIONAL):
        data = struct.pack("<ii" if typ == SRATIONAL else "<II", value * 2, 2)
    else:
        data = struct.pack(fmt[typ], value)
    return tiff([(0x0110, 2, 6, b"Model\0"), (0x0112, typ, 1, data)])


NO_ORIENTATION_EXIF = tiff([(0x010F, 2, 5, b"Make\0")])


def raw_profile(exif):
    """ImageMagick's text form of an EXIF profile: a blank line, the name, the length, then
    lines of 72 hexadecimal digits."""
    data = b"Exif\0\0" + exif
    digits = data.hex()
    lines = [digits[i:i + 72] for i in range(0, len(digits), 72)]
    return "\nexif\n" + f"{len(data):8d}\n" + "\n".join(lines) + "\n"


def chunk(kind, data):
    return (struct.pack(">I", len(data)) + kind + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))


def text(key, value, kind="tEXt", compressed=False):
    k = key.encode("latin-1")
    if kind == "tEXt":
        v = value if isinstance(value, bytes) else value.encode("latin-1")
        return chunk(b"tEXt", k + b"\0" + v)
    if kind == "zTXt":
        return chunk(b"zTXt", k + b"\0\0" + zlib.compress(value.encode("latin-1")))
    v = value if isinstance(value, bytes) else value.encode("utf-8")
    if compressed:
        v = zlib.compress(v)
    return chunk(b"iTXt", k + b"\0" + bytes([1 if compressed else 0, 0]) + b"\0\0" + v)


def png(base, before=(), after=()):
    """`base` as a PNG with the chunks `before` its image data and `after` it."""
    out = io.BytesIO()
    base.save(out, "PNG")
    data = out.getvalue()
    chunks, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        chunks.append(data[at:at + 12 + length])
        at += 12 + length
    first_idat = next(i for i, c in enumerate(chunks) if c[4:8] == b"IDAT")
    last_idat = max(i for i, c in enumerate(chunks) if c[4:8] == b"IDAT")
    return (data[:8] + b"".join(chunks[:first_idat]) + b"".join(before)
            + b"".join(chunks[first_idat:last_idat + 1]) + b"".join(after)
            + b"".join(chunks[last_idat + 1:]))


def exif_chunk(exif):
    return chunk(b"eXIf", exif)


def png_fixtures(base):
    xmp = lambda n, form=XMP_ATTRIBUTE: form.format(n)
    return {
        "xmp-itxt-6.png": png(base, [text("XML:com.adobe.xmp", xmp(6), "iTXt")]),
        "xmp-itxt-compressed-after-8.png": png(
            base, after=[text("XML:com.adobe.xmp", xmp(8, XMP_ELEMENT), "iTXt", True)]),
        "xmp-ztxt-5.png": png(base, [text("XML:com.adobe.xmp", xmp(5), "zTXt")]),
        "xmp-text-3.png": png(base, [text("XML:com.adobe.xmp", xmp(3, XMP_ELEMENT))]),
        "xmp-single-quotes.png": png(base, [text("XML:com.adobe.xmp",
                                                 xmp(6, XMP_SINGLE_QUOTES), "iTXt")]),
        "xmp-last-wins-7.png": png(base, [text("XML:com.adobe.xmp", xmp(6), "iTXt")],
                                   [text("XML:com.adobe.xmp", xmp(7), "iTXt")]),
        "xmp-bad-utf8-passed-over-6.png": png(
            base, [text("XML:com.adobe.xmp", xmp(6), "iTXt")],
            [text("XML:com.adobe.xmp", xmp(8).encode() + b"\xff", "iTXt")]),
        "raw-profile-ztxt-6.png": png(base, [text("Raw profile type exif",
                                                  raw_profile(orientation_exif(6)), "zTXt")]),
        "raw-profile-text-2.png": png(base, [text("Raw profile type exif",
                                                  raw_profile(orientation_exif(2)))]),
        "raw-profile-itxt-after-4.png": png(base, after=[text(
            "Raw profile type exif", raw_profile(orientation_exif(4)), "iTXt")]),
        "exif-over-xmp-3.png": png(base, [exif_chunk(orientation_exif(3)),
                                          text("XML:com.adobe.xmp", xmp(6), "iTXt")]),
        "exif-without-tag-then-xmp-6.png": png(base, [exif_chunk(NO_ORIENTATION_EXIF),
                                                      text("XML:com.adobe.xmp", xmp(6), "iTXt")]),
        "exif-saying-1-over-xmp.png": png(base, [exif_chunk(orientation_exif(1)),
                                          text("XML:com.adobe.xmp", xmp(6), "iTXt")]),
        "exif-over-raw-profile-3.png": png(base, [
            exif_chunk(orientation_exif(3)),
            text("Raw profile type exif", raw_profile(orientation_exif(6)), "zTXt")]),
        "exif-without-tag-over-raw-profile.png": png(base, [
            exif_chunk(NO_ORIENTATION_EXIF),
            text("Raw profile type exif", raw_profile(orientation_exif(6)), "zTXt")]),
        "raw-profile-without-tag-then-xmp-8.png": png(base, [
            text("Raw profile type exif", raw_profile(NO_ORIENTATION_EXIF), "zTXt"),
            text("XML:com.adobe.xmp", xmp(8), "iTXt")]),
        "exif-after-data-over-xmp-7.png": png(base, [text("XML:com.adobe.xmp", xmp(3), "iTXt")],
                                              [exif_chunk(orientation_exif(7))]),
        "exif-twice-last-3.png": png(base, [exif_chunk(orientation_exif(6))],
                                     [exif_chunk(orientation_exif(3))]),
        "exif-text-chunk-5.png": png(base, [text("exif", b"Exif\0\0" + orientation_exif(5))]),
        "exif-double-6.png": png(base, [exif_chunk(orientation_exif(6, DOUBLE))]),
        "exif-big-endian-8.png": png(base, [exif_chunk(tiff(
            [(0x0112, SHORT, 1, struct.pack(">H", 8))], big_endian=True))]),
    }


def jpeg(base, exif=None, xmp=None):
    out = io.BytesIO()
    base.save(out, "JPEG", quality=90, **({"exif": b"Exif\0\0" + exif} if exif else {}))
    data = out.getvalue()
    if xmp is not None:
        payload = b"http://ns.adobe.com/xap/1.0/\0" + xmp.encode()
        data = data[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + data[2:]
    return data


def jpeg_fixtures(base):
    two_tags = tiff([(0x0112, SHORT, 1, struct.pack("<H", 6)),
                     (0x0112, SHORT, 1, struct.pack("<H", 3))])
    fixtures = {f"exif-{name}-6.jpg": jpeg(base, orientation_exif(6, typ)) for name, typ in
                [("sbyte", SBYTE), ("sshort", SSHORT), ("slong", SLONG), ("long", LONG),
                 ("rational", RATIONAL), ("srational", SRATIONAL), ("float", FLOAT),
                 ("double", DOUBLE)]}
    fixtures["exif-byte-not-a-number.jpg"] = jpeg(base, orientation_exif(6, BYTE))
    fixtures["exif-two-tags-last-3.jpg"] = jpeg(base, two_tags)
    fixtures["xmp-only-not-read.jpg"] = jpeg(base, xmp=XMP_ATTRIBUTE.format(6))
    return fixtures


def webp_fixtures(base):
    out = io.BytesIO()
    base.save(out, "WEBP", quality=80, xmp=XMP_ATTRIBUTE.format(6).encode())
    return {"xmp-only-not-read.webp": out.getvalue()}


TRANSPOSED = {2, 3, 4, 5, 6, 7, 8}


def pillow_orientation(path):
    """The orientation exif_transpose() applies to the file: 2..8, or 1 for none."""
    im = Image.open(path)
    im.load()
    orientation = im.getexif().get(0x0112)
    return orientation if orientation in TRANSPOSED else 1


def named_orientation(name):
    """A fixture's name ends in -N when Pillow turns it by orientation N."""
    match = re.search(r"-([2-8])\.[a-z]+$", name)
    return int(match.group(1)) if match else 1


def reference(path, percent, filter_name):
    im = Image.open(path)
    im.thumbnail((im.width * percent / 100, im.height * percent / 100),
                 resample=FILTERS[filter_name])
    return ImageOps.exif_transpose(im)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared",
                                                             "testdata")
    out_dir = os.path.join(here, "fixtures", "orientation")
    os.makedirs(out_dir, exist_ok=True)
    # A small, lopsided copy of a photo: every turn and mirror of it differs.
    photo = Image.open(os.path.join(root, "libjpeg-turbo", "testorig.png")).convert("RGB")
    base = photo.crop((0, 0, 64, 40))
    fixtures = {**png_fixtures(base), **jpeg_fixtures(base), **webp_fixtures(base)}
    rows = []
    for name, data in sorted(fixtures.items()):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
        found = pillow_orientation(os.path.join(out_dir, name))
        assert found == named_orientation(name), f"{name}: Pillow reads orientation {found}"
        for filt in FILTERS:
            for percent in PERCENTS:
                im = reference(os.path.join(out_dir, name), percent, filt)
                channels = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}[im.mode]
                rows.append(f"fixtures/orientation/{name}\t{percent:g}\t{filt}\t{im.width}\t"
                            f"{im.height}\t{channels}\t{zlib.crc32(im.tobytes()):08x}")
    out = os.path.join(here, "orientation_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_orientation_golden.py with Pillow " + Image.__version__
                + "; do not edit.\n")
        f.write("# file\tpercent\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(fixtures)} fixtures, {len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
