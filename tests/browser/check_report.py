"""Checks what headless Chromium made of the report: the PDF has the pages
expected, the PNG screenshot is a real picture (many colours, ink on the
page), not a blank one. The standard library only: PNG decoded with zlib
and the five filters of the PNG specification; PDF pages counted as the
page objects of its (uncompressed) object table.
Usage: check_report.py PDF PNG PAGES"""
import re
import struct
import sys
import zlib


def pdf_pages(path):
    data = open(path, "rb").read()
    if not data.startswith(b"%PDF"):
        raise SystemExit(f"FAIL: {path} is not a PDF")
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


def png_pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"FAIL: {path} is not a PNG")
    at, idat, header = 8, b"", None
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"FAIL: unexpected PNG layout {header}")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        base = y * (stride + 1)
        kind, line = raw[base], bytearray(raw[base + 1:base + 1 + stride])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def main():
    pdf, png, pages = sys.argv[1], sys.argv[2], int(sys.argv[3])
    got = pdf_pages(pdf)
    if got != pages:
        raise SystemExit(f"FAIL: the PDF has {got} pages, expected {pages} (the summary and a page per game shown)")
    width, height, bpp, rows = png_pixels(png)
    colours, ink = set(), 0
    for row in rows[::4]:
        for x in range(0, width * bpp, bpp * 4):
            px = row[x:x + 3]
            colours.add(px)
            ink += sum(px) < 600  # not white
    sampled = len(rows[::4]) * len(range(0, width * bpp, bpp * 4))
    if len(colours) < 16 or ink < sampled // 100:
        raise SystemExit(f"FAIL: the screenshot looks blank ({len(colours)} colours, {ink} of {sampled} samples inked)")
    print(f"PDF {got} pages; PNG {width}x{height}, {len(colours)} colours, {100 * ink // sampled}% inked")


main()
