#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""screen.py FILE.png: the X screen of $DISPLAY as a PNG (python3-xlib), for the Flatpak
suite's record of what the portal dialogs showed when a step failed."""
import sys, zlib, struct
from Xlib import display, X
d = display.Display()
root = d.screen().root
g = root.get_geometry()
w, h = g.width, g.height
img = root.get_image(0, 0, w, h, X.ZPixmap, 0xFFFFFFFF)
data = img.data if isinstance(img.data, bytes) else img.data.encode('latin-1')
rows = []
for y in range(h):
    row = bytearray(b'\x00')
    line = data[y*w*4:(y+1)*w*4]
    for x in range(w):
        b, g_, r = line[x*4], line[x*4+1], line[x*4+2]
        row += bytes((r, g_, b))
    rows.append(bytes(row))
raw = b''.join(rows)
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw, 6)) + chunk(b'IEND', b'')
open(sys.argv[1], 'wb').write(png)
