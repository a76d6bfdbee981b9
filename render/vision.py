"""How colours look to colour-blind players, and how far apart two colours look: for choosing the palette.

``simulate(rgb, kind)`` applies the matrices of Machado, Oliveira & Fernandes (2009, "A
Physiologically-based Model for Simulation of Color Vision Deficiency", IEEE TVCG 15(6)) at
severity 1.0 — full protanopia, deuteranopia and tritanopia — in linear RGB, as the model
is defined (sRGB is decoded first and encoded again after, clipped to the gamut).
``delta_e(a, b)`` is the CIEDE2000 colour difference (Sharma, Wu & Dalal 2005) of two sRGB
colours in CIELAB under D65: about 1 is the smallest difference a trained eye sees side by
side, 2-10 reads as "similar", above ~20 colours are told apart at a glance, even as small
chips.  ``tests/render/test_palette.py`` holds the seat colours, the neutral grey and the
last-move highlight to a minimum distance under every simulation, computed from these.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from render.palette import RGB

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

#: Machado et al. 2009, Table 1 at severity 1.0 (linear RGB -> linear RGB).
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
#: Normal vision first, then the three dichromacies.
VISIONS: tuple[str, ...] = ("normal", *MACHADO)


def _to_linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    c = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(c * 255)


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` as seen with ``vision`` ("normal", "protanopia", "deuteranopia", "tritanopia")."""
    if vision == "normal":
        return rgb
    m = MACHADO[vision]
    lin = [_to_linear(c) for c in rgb]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return (_to_srgb(r), _to_srgb(g), _to_srgb(b))


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65 white) of an sRGB colour."""
    r, g, b = (_to_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def ciede2000(lab1: tuple[float, float, float], lab2: tuple[float, float, float]) -> float:
    """The CIEDE2000 difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    c_bar = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl = l2 - l1
    dc = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (l1 + l2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_bar - 30)) + 0.24 * math.cos(math.radians(2 * h_bar))
         + 0.32 * math.cos(math.radians(3 * h_bar + 6)) - 0.20 * math.cos(math.radians(4 * h_bar - 63)))
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar ** 7 / (cp_bar ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (dc / s_c) * (d_h / s_h))


def delta_e(a: RGB, b: RGB) -> float:
    """CIEDE2000 between two sRGB colours."""
    return ciede2000(lab(a), lab(b))


def min_distance(colours: Sequence[RGB], vision: str) -> tuple[float, int, int]:
    """The smallest CIEDE2000 between any two of ``colours`` as seen with ``vision``, and which pair."""
    seen = [simulate(c, vision) for c in colours]
    best = (math.inf, -1, -1)
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            d = delta_e(seen[i], seen[j])
            if d < best[0]:
                best = (d, i, j)
    return best
