#!/usr/bin/env python3
"""pngcheck.py FILE WIDTH HEIGHT: exit 0 if FILE is an 8-bit RGB/RGBA PNG of that size whose
pixels are not (nearly) one colour. Standard library only; used by .ci/run on the app's own
screenshots."""
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SystemExit(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour_type = header[:4]
    if depth != 8 or colour_type not in (2, 6):
        raise SystemExit(f"{path}: colour type {colour_type}, depth {depth}: not 8-bit RGB(A)")
    bpp = 3 if colour_type == 2 else 4
    stride = width * bpp
    raw = zlib.decompress(idat)
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = previous[i]
            corner = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, bpp, rows


def main():
    path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    width, height, bpp, rows = pixels(path)
    if (width, height) != (want_w, want_h):
        raise SystemExit(f"{path}: {width}x{height}, expected {want_w}x{want_h}")
    colours = {row[x:x + 3] for row in rows[::7] for x in range(0, width * bpp, bpp * 5)}
    if len(colours) < 16:
        raise SystemExit(f"{path}: only {len(colours)} colours sampled: a blank or broken screen?")
    print(f"{path}: {width}x{height}, {len(colours)} colours sampled")


if __name__ == "__main__":
    main()
