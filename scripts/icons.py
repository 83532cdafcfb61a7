#!/usr/bin/env python3
"""Draw Atout's icon (a white diamond on a green disc) as RGBA PNGs at every size the
desktop asks for, into src-tauri/icons/. Python's standard library only: each pixel is
sampled 4 × 4 times for smooth edges. Run again after changing the drawing."""
import os, struct, zlib

GREEN = (22, 101, 52)
PAPER = (250, 250, 245)
OUT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src-tauri", "icons")


def shade(x, y):
    """The colour at (x, y) in the unit square, or None outside the disc."""
    dx, dy = x - 0.5, y - 0.5
    if dx * dx + dy * dy > 0.47 * 0.47:
        return None
    return PAPER if abs(dx) + abs(dy) < 0.22 else GREEN


def png(size):
    rows = []
    n = 4
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc, hits = [0, 0, 0], 0
            for sy in range(n):
                for sx in range(n):
                    c = shade((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size)
                    if c:
                        hits += 1
                        for i in range(3):
                            acc[i] += c[i]
            if hits:
                row += bytes([acc[0] // hits, acc[1] // hits, acc[2] // hits, 255 * hits // (n * n)])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, size in (("32x32.png", 32), ("64x64.png", 64), ("128x128.png", 128), ("256x256.png", 256), ("icon.png", 512)):
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(png(size))
        print(f"{name}: {size} px")


if __name__ == "__main__":
    main()
