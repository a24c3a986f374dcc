"""Reading a QR code back as a phone would: from the terminal drawing (characters and the
colours the terminal was told to paint them) or from the PNG image, decoded by ZXing."""

from __future__ import annotations

import re
import struct
import zlib

import zxingcpp

SGR = re.compile(r"\x1b\[([0-9;]*)m")
BASIC = {0: (0, 0, 0), 7: (229, 229, 229), 15: (255, 255, 255)}


def decode(rows: list[list[bool]], scale: int = 4) -> str:
    """The text of the QR code drawn by ``rows`` (True = dark), as ZXing reads the picture
    (black on white, each module ``scale`` pixels wide)."""
    width = len(rows[0]) * scale
    pixels = bytearray()
    for row in rows:
        line = bytes(0 if dark else 255 for dark in row for _ in range(scale))
        pixels += line * scale
    image = memoryview(bytes(pixels)).cast("B", (len(rows) * scale, width))
    found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode,
                                   try_invert=False)
    assert len(found) == 1, "no QR code found"
    return found[0].text


def _colour(params: list[int], i: int) -> tuple[tuple[int, int, int], int]:
    """The colour a 38/48 parameter starts at ``i``, and where the next parameter is."""
    if params[i + 1] == 2:
        return (params[i + 2], params[i + 3], params[i + 4]), i + 5
    index = params[i + 2]
    if index in BASIC:
        return BASIC[index], i + 3
    if 16 <= index <= 231:
        r, g, b = (index - 16) // 36, (index - 16) // 6 % 6, (index - 16) % 6
        return tuple(0 if c == 0 else 55 + 40 * c for c in (r, g, b)), i + 3  # type: ignore
    return (255, 255, 255) if index > 243 else (0, 0, 0), i + 3


def read_drawing(text: str, foreground=(255, 255, 255), background=(0, 0, 0)):
    """The modules a terminal shows for ``text`` (its lines of half blocks and the escape
    sequences that colour them), on a terminal whose own colours are ``foreground`` on
    ``background``: a cell without a colour of its own shows the theme's."""
    rows: list[list[bool]] = []
    for line in text.splitlines():
        fg, bg = foreground, background
        top: list[bool] = []
        bottom: list[bool] = []
        pos = 0
        for match in list(SGR.finditer(line)) + [None]:
            end = match.start() if match else len(line)
            for char in line[pos:end]:
                ink, paper = sum(fg) < 384, sum(bg) < 384  # True: dark
                upper = ink if char in "█▀" else paper
                lower = ink if char in "█▄" else paper
                top.append(upper)
                bottom.append(lower)
            if match is None:
                break
            pos = match.end()
            params = [int(p) for p in match.group(1).split(";") if p] or [0]
            i = 0
            while i < len(params):
                p = params[i]
                if p == 0:
                    fg, bg = foreground, background
                elif p == 39:
                    fg = foreground
                elif p == 49:
                    bg = background
                elif p in (38, 48):
                    colour, i = _colour(params, i)
                    fg, bg = (colour, bg) if p == 38 else (fg, colour)
                    continue
                i += 1
        if top:
            rows += [top, bottom]
    return rows


def read_png(data: bytes) -> list[list[bool]]:
    """The pixels of a 1-bit grayscale PNG (the kind segno writes), True = dark."""
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    pos, chunks = 8, {}
    while pos < len(data):
        (size,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        chunks[kind] = chunks.get(kind, b"") + data[pos + 8:pos + 8 + size]
        pos += 12 + size
    width, height, depth, colour_type = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    assert (depth, colour_type) == (1, 0), "a 1-bit grayscale image"
    raw = zlib.decompress(chunks[b"IDAT"])
    stride = (width + 7) // 8
    rows, above = [], bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        above = _unfilter(kind, line, above)
        bits = [(byte >> (7 - b)) & 1 for byte in above for b in range(8)][:width]
        rows.append([bit == 0 for bit in bits])
    return rows


def _unfilter(kind: int, line: bytes, above: bytes) -> bytes:
    """PNG's five row filters, for one byte per pixel group (a 1-bit image)."""
    out = bytearray()
    for i, value in enumerate(line):
        left = out[i - 1] if i else 0
        up, corner = above[i], above[i - 1] if i else 0
        if kind == 4:
            p = left + up - corner
            pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
            base = left if pa <= pb and pa <= pc else up if pb <= pc else corner
        else:
            base = [0, left, up, (left + up) // 2][kind]
        out.append((value + base) & 0xFF)
    return bytes(out)
