"""Paying for things with cards: requirements, card-by-card legality, suggested payments.

A payment is a list of *stages* paid one after the other (a small-castle tower
pays its four colour cards, then the architect).  Cards are handled by *kind*:
kind ``colour * 3 + value - 1`` for colour cards (24 kinds) and ``JOKER_KIND``.
Cards of one kind are interchangeable for every rule, so the player chooses
among kinds, never among identical cards.

Stages:
- ``("colours", c1, c2)``: exactly four cards, each of colour c1 or c2 or a joker.
- ``("large", same, distinct)``: ``same`` cards of one colour, or ``distinct``
  cards all of different colours; jokers substitute.
- ``("coins", amount, jokers_ok)``: any cards worth at least ``amount`` coins,
  no change given; ``jokers_ok`` is 0 for the joker exchange (colour cards only).
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.burgenland import data as D

Stage = tuple[str, int, int]
JOKER_KIND = 24
KINDS = 25
COLOURS = len(D.COLOURS)


#: Coin value of each kind (a lookup: this is on the hot path of random playouts).
KIND_VALUES: tuple[int, ...] = (*(k % 3 + 1 for k in range(JOKER_KIND)), D.JOKER_VALUE)


def kind_value(kind: int) -> int:
    return KIND_VALUES[kind]


def allows(stage: Stage, kind: int) -> bool:
    rule, a, b = stage
    if rule == "colours":
        return kind == JOKER_KIND or kind // 3 in (a, b)
    if rule == "coins":
        return bool(b) or kind != JOKER_KIND
    return True


def done(stage: Stage, cur: Sequence[int]) -> bool:
    rule, a, b = stage
    if rule == "colours":
        return len(cur) == D.SMALL_CASTLE_CARDS
    if rule == "coins":
        return sum(kind_value(k) for k in cur) >= a
    colours = [k // 3 for k in cur if k != JOKER_KIND]
    if len(cur) == a and len(set(colours)) <= 1:
        return True
    return len(cur) == b and len(set(colours)) == len(colours)


def _min_coins_subset(avail: Sequence[int], need: int, jokers_ok: bool) -> int | None:
    """Smallest total value of allowed cards reaching ``need`` coins, or None."""
    if need <= 0:
        return 0
    by_value = [0, 0, 0, 0]
    for kind in range(KINDS):
        if avail[kind] and (jokers_ok or kind != JOKER_KIND):
            by_value[kind_value(kind)] += avail[kind]
    best: int | None = None
    for threes in range(min(by_value[3], -(-need // 3)) + 1):
        for twos in range(min(by_value[2], -(-need // 2)) + 1):
            ones = max(0, need - 3 * threes - 2 * twos)
            if ones <= by_value[1]:
                total = ones + 2 * twos + 3 * threes
                if best is None or total < best:
                    best = total
    return best


def _large_feasible(stage: Stage, cur: Sequence[int], avail: Sequence[int]) -> bool:
    _, same, distinct = stage
    colours = [k // 3 for k in cur if k != JOKER_KIND]
    jokers = avail[JOKER_KIND]
    per_colour = [sum(avail[c * 3: c * 3 + 3]) for c in range(COLOURS)]
    if len(set(colours)) <= 1 and len(cur) <= same:
        candidates = set(colours) or set(range(COLOURS))
        if any(per_colour[c] + jokers >= same - len(cur) for c in candidates):
            return True
    if len(set(colours)) == len(colours) and len(cur) <= distinct:
        fresh = sum(1 for c in range(COLOURS) if per_colour[c] and c not in colours)
        if fresh + jokers >= distinct - len(cur):
            return True
    return False


def _leftover_value(stage: Stage, cur: Sequence[int], avail: Sequence[int]) -> int | None:
    """Most coin value that can remain after completing ``stage``; None if it cannot complete."""
    total = sum(map(int.__mul__, KIND_VALUES, avail))
    rule, a, b = stage
    if rule == "colours":
        need = D.SMALL_CASTLE_CARDS - len(cur)
        # The cheapest allowed cards go first: colour cards by value, jokers (3) last.
        spent = 0
        for kind in (a * 3, b * 3, a * 3 + 1, b * 3 + 1, a * 3 + 2, b * 3 + 2, JOKER_KIND):
            take = min(need, avail[kind])
            spent += take * KIND_VALUES[kind]
            need -= take
        return None if need else total - spent
    if rule == "coins":
        least = _min_coins_subset(avail, a - sum(kind_value(k) for k in cur), bool(b))
        return None if least is None else total - least
    raise ValueError("the large castle is always the last stage")


def feasible(stages: Sequence[Stage], index: int, cur: Sequence[int], avail: Sequence[int]) -> bool:
    """Can stages ``index..`` still be completed from ``avail``, ``cur`` already paid into ``index``?"""
    if index >= len(stages):
        return True
    stage = stages[index]
    rest = stages[index + 1:]
    if done(stage, cur):
        return feasible(stages, index + 1, (), avail)
    if rest:
        # Only the architect (coins) ever follows another stage.
        leftover = _leftover_value(stage, cur, avail)
        return leftover is not None and leftover >= rest[0][1] and len(rest) == 1
    rule, a, b = stage
    if rule == "colours":
        have = sum(avail[a * 3: a * 3 + 3]) + sum(avail[b * 3: b * 3 + 3]) + avail[JOKER_KIND]
        return have >= D.SMALL_CASTLE_CARDS - len(cur)
    if rule == "coins":
        have = sum(map(int.__mul__, KIND_VALUES, avail)) - (0 if b else D.JOKER_VALUE * avail[JOKER_KIND])
        return have >= a - sum(KIND_VALUES[k] for k in cur)
    return _large_feasible(stage, cur, avail)


def next_kinds(stages: Sequence[Stage], index: int, cur: Sequence[int], avail: Sequence[int]) -> list[int]:
    """Kinds that may be paid next, keeping the whole payment completable."""
    stage = stages[index]
    out = []
    trial = list(avail)
    for kind in range(KINDS):
        if not avail[kind] or not allows(stage, kind):
            continue
        trial[kind] -= 1
        after = (*cur, kind)
        ok = feasible(stages, index + 1, (), trial) if done(stage, after) else feasible(stages, index, after, trial)
        trial[kind] += 1
        if ok:
            out.append(kind)
    return out


# --- Suggested payment ---------------------------------------------------------------


def _abundance_order(kinds: list[int], avail: Sequence[int]) -> list[int]:
    """Cheapest first; among equal values, from the colour the player holds most of."""
    per_colour = [sum(avail[c * 3: c * 3 + 3]) for c in range(COLOURS)]

    def rank(kind: int) -> tuple[int, int, int, int]:
        joker = kind == JOKER_KIND
        return (kind_value(kind), joker, -per_colour[kind // 3] if not joker else 0, kind)

    return sorted(kinds, key=rank)


def _take(kinds_in_order: list[int], avail: list[int], count: int) -> list[int]:
    out: list[int] = []
    for kind in kinds_in_order:
        while avail[kind] and len(out) < count:
            avail[kind] -= 1
            out.append(kind)
    return out


def _suggest_colours(stage: Stage, cur: Sequence[int], avail: list[int]) -> list[int]:
    # Lowest values first keeps the most coins for an architect; jokers only when needed.
    allowed = [k for k in range(KINDS) if allows(stage, k)]
    colour_first = [*_abundance_order([k for k in allowed if k != JOKER_KIND], avail), JOKER_KIND]
    return _take(colour_first, avail, D.SMALL_CASTLE_CARDS - len(cur))


def _suggest_coins(stage: Stage, cur: Sequence[int], avail: list[int]) -> list[int]:
    _, amount, jokers_ok = stage
    need = amount - sum(kind_value(k) for k in cur)
    spent = _min_coins_subset(avail, need, bool(jokers_ok))
    if spent is None:
        return []
    # Among the cheapest totals, use as few jokers and as few cards as possible.
    kinds = _abundance_order([k for k in range(KINDS) if k != JOKER_KIND and avail[k]], avail)
    by_value = {v: [k for k in kinds if KIND_VALUES[k] == v] for v in (1, 2, 3)}
    best: tuple[tuple[int, int, int], list[int]] | None = None
    for jokers in range(min(avail[JOKER_KIND] if jokers_ok else 0, -(-need // 3)) + 1):
        for threes in range(-(-need // 3) + 1):
            for twos in range(-(-need // 2) + 1):
                ones = max(0, need - 3 * (threes + jokers) - 2 * twos)
                total = ones + 2 * twos + 3 * (threes + jokers)
                if total != spent:
                    continue
                trial = list(avail)
                picked = [JOKER_KIND] * jokers
                trial[JOKER_KIND] -= jokers
                for value, count in ((3, threes), (2, twos), (1, ones)):
                    picked += _take(by_value[value], trial, count)
                if len(picked) != jokers + threes + twos + ones:
                    continue
                score = (jokers, len(picked), 0)
                if best is None or score < best[0]:
                    best = (score, picked)
    if best is None:
        return []
    for kind in best[1]:
        avail[kind] -= 1
    return best[1]


def _suggest_large(stage: Stage, cur: Sequence[int], avail: list[int]) -> list[int]:
    _, same, distinct = stage
    colours = {k // 3 for k in cur if k != JOKER_KIND}
    options: list[tuple[tuple[int, int], list[int]]] = []
    if len(colours) <= 1:
        for colour in colours or range(COLOURS):
            trial = list(avail)
            picked = _take([colour * 3, colour * 3 + 1, colour * 3 + 2, JOKER_KIND], trial, same - len(cur))
            if len(picked) == same - len(cur):
                options.append(((picked.count(JOKER_KIND), sum(map(kind_value, picked))), picked))
    if len(colours) == len([k for k in cur if k != JOKER_KIND]):
        trial = list(avail)
        fresh = [c for c in range(COLOURS) if c not in colours and sum(avail[c * 3: c * 3 + 3]) > 0]
        cheapest = sorted((min(k for k in range(c * 3, c * 3 + 3) if avail[k]) for c in fresh), key=kind_value)
        picked = _take(cheapest, trial, distinct - len(cur))
        picked += _take([JOKER_KIND], trial, distinct - len(cur) - len(picked))
        if len(picked) == distinct - len(cur):
            options.append(((picked.count(JOKER_KIND), sum(map(kind_value, picked))), picked))
    if not options:
        return []
    picked = min(options)[1]
    for kind in picked:
        avail[kind] -= 1
    return picked


def suggest(stages: Sequence[Stage], index: int, cur: Sequence[int], avail: Sequence[int]) -> list[int]:
    """A cheap way to pay everything still owed (empty if there is none)."""
    left = list(avail)
    out: list[int] = []
    for i in range(index, len(stages)):
        stage = stages[i]
        paid = cur if i == index else ()
        rule = stage[0]
        if rule == "colours":
            part = _suggest_colours(stage, paid, left)
        elif rule == "coins":
            part = _suggest_coins(stage, paid, left)
        else:
            part = _suggest_large(stage, paid, left)
        if not done(stage, (*paid, *part)):
            return []
        out += part
    return out
