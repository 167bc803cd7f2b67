"""The page's fonts (``web/fonts/*.woff``): DejaVu Sans, Sans Bold and Sans Mono, cut down to the
characters the page writes, so that the page (and its screenshots in the browser tests) looks
the same on every machine whatever fonts it has. Run by hand, once, on a machine with Debian's
``fonts-dejavu-core`` and fontTools (``pip install fonttools``, which the charts extra brings):
``python3 tools/make_web_fonts.py``. The fonts' license is ``web/fonts/LICENSE``."""

from __future__ import annotations

import sys
from pathlib import Path

SOURCE = Path("/usr/share/fonts/truetype/dejavu")
OUT = Path(__file__).resolve().parent.parent / "web" / "fonts"
FONTS = {
    "DejaVuSans.ttf": "dejavu-sans.woff",
    "DejaVuSans-Bold.ttf": "dejavu-sans-bold.woff",
    "DejaVuSansMono.ttf": "dejavu-sans-mono.woff",
}
UNICODES = [
    *range(0x20, 0x7F),  # ASCII: square names, figures, tiles, the notation
    *range(0xA0, 0x180),  # Latin-1 and Latin Extended-A: names of players, German terms
    *range(0x2010, 0x2070),  # dashes, quotes, the ellipsis of "Loading…"
    *range(0x2190, 0x2200),  # arrows: the monster's facing, the walk's steps
    *range(0x2200, 0x2300),  # mathematical operators
    *range(0x25A0, 0x2600),  # geometric shapes
]


def main() -> int:
    from fontTools import subset

    missing = [name for name in FONTS if not (SOURCE / name).is_file()]
    if missing:
        print(f"no {SOURCE / missing[0]} (apt-get install fonts-dejavu-core)", file=sys.stderr)
        return 2
    OUT.mkdir(parents=True, exist_ok=True)
    for name, out in FONTS.items():
        options = subset.Options()
        options.flavor = "woff"  # zlib: no brotli needed to write it, every browser reads it
        options.layout_features = ["*"]
        options.name_IDs = ["*"]  # keep the copyright and license notices in the font
        options.notdef_outline = True
        font = subset.load_font(str(SOURCE / name), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=UNICODES)
        subsetter.subset(font)
        subset.save_font(font, str(OUT / out), options)
        print(f"wrote web/fonts/{out} ({(OUT / out).stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
