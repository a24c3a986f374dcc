"""Best grouping of building tiles into sets of identical tiles, wilds included."""

from __future__ import annotations

from itertools import product

from referee.values import Value


class Option(Value):
    points: int
    sizes: tuple[int, ...]
    wilds: int
    disputed: int  # wilds beyond one per set: allowed only under an unconfirmed reading


class SetsResult(Value):
    points: int
    sets: tuple[tuple[str, int], ...]  # (kind, size)
    wilds_used: int
    disputed: int


def options(real: int, wilds: int, values: dict[int, int], max_wilds: int) -> list[Option]:
    """Every way to make sets of one kind from ``real`` tiles plus up to ``wilds`` wilds."""
    sizes = sorted(values)
    found = []
    for counts in product(*(range((real + wilds) // size + 1) for size in sizes)):
        chosen = tuple(size for n, size in zip(counts, sizes, strict=True) for _ in range(n))
        used = max(0, sum(chosen) - real)
        if used > wilds or used > len(chosen) * max_wilds:
            continue
        found.append(Option(sum(values[size] for size in chosen), chosen, used,
                            max(0, used - len(chosen))))
    return found


def best_sets(tiles: dict[str, int], wilds: int, values: dict[int, int],
              max_wilds: int) -> SetsResult:
    """Most points; on equal points, fewest disputed wilds, then fewest wilds spent."""
    best: dict[int, tuple[int, int, tuple]] = {0: (0, 0, ())}  # wilds used -> points, disputed
    for kind, real in sorted(tiles.items()):
        step: dict[int, tuple[int, int, tuple]] = {}
        for used, (points, disputed, chosen) in best.items():
            for opt in options(real, wilds - used, values, max_wilds):
                total = used + opt.wilds
                cand = (points + opt.points, disputed + opt.disputed,
                        chosen + tuple((kind, size) for size in opt.sizes))
                if total not in step or (cand[0], -cand[1]) > (step[total][0], -step[total][1]):
                    step[total] = cand
        best = step
    used, (points, disputed, chosen) = max(best.items(),
                                           key=lambda item: (item[1][0], -item[1][1], -item[0]))
    return SetsResult(points, chosen, used, disputed)
