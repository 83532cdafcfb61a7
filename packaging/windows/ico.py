#!/usr/bin/env python3
"""Write Atout's Windows icon, src-tauri/icons/icon.ico, from the drawing in scripts/icons.py:
16, 24, 32, 48 and 64 px as 32-bit bitmaps (what Explorer, the Start menu and NSIS read
everywhere), 256 px as PNG (Windows Vista and later). tauri-build puts it in the window's
.exe; the installer and the uninstaller carry it too. Python's standard library only."""
import importlib.util, os, struct, zlib

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location("icons", os.path.join(ROOT, "scripts", "icons.py"))
icons = importlib.util.module_from_spec(spec)
spec.loader.exec_module(icons)


def rgba_rows(png, size):
    """The rows of RGBA pixels of a PNG drawn by icons.png (filter 0 on every row)."""
    pos, data = 8, b""
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos:pos + 8])
        if kind == b"IDAT":
            data += png[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw, stride = zlib.decompress(data), 1 + 4 * size
    return [raw[y * stride + 1:(y + 1) * stride] for y in range(size)]


def bitmap(size):
    """An icon image as Windows' DIB: BGRA bottom-up, then a 1-bit AND mask."""
    rows = rgba_rows(icons.png(size), size)
    pixels = b"".join(bytes(b for i in range(0, len(r), 4) for b in (r[i + 2], r[i + 1], r[i], r[i + 3])) for r in reversed(rows))
    mask_stride = ((size + 31) // 32) * 4
    mask = bytearray()
    for r in reversed(rows):
        line = bytearray(mask_stride)
        for x in range(size):
            if r[4 * x + 3] == 0:
                line[x // 8] |= 0x80 >> (x % 8)
        mask += line
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, len(pixels) + len(mask), 0, 0, 0, 0)
    return header + pixels + bytes(mask)


def main():
    images = [(s, bitmap(s)) for s in (16, 24, 32, 48, 64)] + [(256, icons.png(256))]
    out = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    for size, data in images:
        out += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    out += b"".join(data for _, data in images)
    path = os.path.join(ROOT, "src-tauri", "icons", "icon.ico")
    with open(path, "wb") as f:
        f.write(out)
    print(f"icon.ico: {', '.join(str(s) for s, _ in images)} px, {len(out)} bytes")


if __name__ == "__main__":
    main()
