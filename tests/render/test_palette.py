"""The seat colours, the neutral colour and the last-move highlight stay apart for colour-blind players.

Computed from ``render.palette`` with ``render.vision``: each colour is passed through the
Machado et al. (2009) simulation of full protanopia, deuteranopia and tritanopia (and left as
it is for normal vision), and every pair must then differ by at least ``MIN_DELTA_E`` in
CIEDE2000.  Why 20: a CIEDE2000 difference of about 2 is just noticeable side by side; 20 is
ten times that, the separation at which two small marks (a seat badge, a piece, a ring) are
told apart at a glance and never taken for shades of one colour.  The old palette failed it
(orchid-pink, teal and grey came within 8 under protanopia; the highlight was seat 1's pink).
"""

from __future__ import annotations

import pytest

from render import palette, vision

MIN_DELTA_E = 20.0
SET = [*palette.PLAYER_COLOURS, palette.NEUTRAL, palette.PARCHMENT.highlight]
LABELS = [*(f"seat {i + 1}" for i in range(len(palette.PLAYER_COLOURS))), "neutral", "highlight"]


def test_the_simulation_and_the_difference_follow_their_references() -> None:
    # CIEDE2000: pairs 1, 7 and 17 of Sharma, Wu & Dalal's test data.
    assert vision.ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert vision.ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert vision.ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    # Machado 2009: greys stay grey; protanopes and deuteranopes lose red-green, tritanopes blue-yellow.
    for kind in vision.MACHADO:
        assert vision.simulate((128, 128, 128), kind) == pytest.approx((128, 128, 128), abs=1)
    red, green = (220, 40, 40), (40, 160, 40)
    assert vision.delta_e(vision.simulate(red, "deuteranopia"), vision.simulate(green, "deuteranopia")) < 20
    assert vision.delta_e(red, green) > 60


@pytest.mark.parametrize("kind", vision.VISIONS)
def test_seats_neutral_and_highlight_differ_under_every_colour_vision(kind: str) -> None:
    distance, i, j = vision.min_distance(SET, kind)
    assert distance >= MIN_DELTA_E, f"{kind}: {LABELS[i]} and {LABELS[j]} are only {distance:.1f} apart"


def test_the_highlight_is_no_seat_colour_and_shows_on_the_table() -> None:
    highlight = palette.PARCHMENT.highlight
    assert highlight not in palette.PLAYER_COLOURS
    for kind in vision.VISIONS:
        seen = vision.simulate(highlight, kind)
        for seat, colour in enumerate(palette.PLAYER_COLOURS):
            assert vision.delta_e(seen, vision.simulate(colour, kind)) >= MIN_DELTA_E, (kind, seat)
        for ground in (palette.PARCHMENT.background, palette.PARCHMENT.panel):
            assert vision.delta_e(seen, vision.simulate(ground, kind)) >= MIN_DELTA_E, (kind, ground)


def test_every_seat_colour_shows_on_the_table_and_carries_a_readable_number() -> None:
    for colour in palette.PLAYER_COLOURS:
        for kind in vision.VISIONS:
            seen = vision.simulate(colour, kind)
            assert vision.delta_e(seen, vision.simulate(palette.PARCHMENT.panel, kind)) >= MIN_DELTA_E
        number = palette.on_colour(colour)
        lighter, darker = sorted((palette.luminance(colour), palette.luminance(number)))
        assert (darker + 0.05) / (lighter + 0.05) >= 4.5  # WCAG AA for the seat number on its badge
