"""History and statistics over finished games: filters, then plain counts and averages.

Players are counted under the name the alias table shows for them, so "ann", "Ann " and an
alias "Annie" are one person. Scores are only compared within one game (a Concordia score
is no Trajan score), so averages and bests are per game and player.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from datetime import date
from itertools import combinations
from typing import TYPE_CHECKING, Any

from msgspec import Struct

from referee.outcome import Standing
from referee.results.players import Aliases, key
from referee.results.record import PlayedGame

if TYPE_CHECKING:
    from referee.store import SessionStore


class Filters(Struct, frozen=True):
    game: str | None = None
    player: str | None = None
    since: date | None = None
    until: date | None = None

    def keep(self, played: PlayedGame, aliases: Aliases) -> bool:
        day = date.fromisoformat(played.date)
        if self.game is not None and played.game != self.game:
            return False
        if self.since is not None and day < self.since:
            return False
        if self.until is not None and day > self.until:
            return False
        if self.player is not None:
            wanted = key(aliases.canonical(self.player))
            return any(key(aliases.canonical(s.player)) == wanted
                       for s in played.outcome.standings)
        return True


def in_order(games: Iterable[PlayedGame]) -> list[PlayedGame]:
    """Oldest first (by the moment each was played, then by session id)."""
    from datetime import datetime

    def moment(g: PlayedGame) -> tuple[float, str]:
        try:
            return datetime.fromisoformat(g.played_at).timestamp(), g.session
        except ValueError:
            return 0.0, g.session

    return sorted(games, key=moment)


def select(games: Iterable[PlayedGame], filters: Filters, aliases: Aliases) -> list[PlayedGame]:
    """The games the filters keep, oldest first."""
    return in_order(g for g in games if filters.keep(g, aliases))


def history_json(game: PlayedGame, aliases: Aliases) -> dict[str, Any]:
    """One finished game as ``history --json`` lists it (names merged, as typed kept)."""
    return {"session": game.session, "date": game.date, "played_at": game.played_at,
            "game": game.game, "edition": game.outcome.edition, "mode": game.mode,
            "duration_min": game.duration_min, "location": game.location,
            "times": _times_json(game, aliases),
            "winners": [aliases.canonical(n) for n in game.outcome.winners],
            "irregular": [r.rule.rule_id for r in game.irregular],
            "standings": [{"player": aliases.canonical(s.player), "as_typed": s.player,
                           "seat": s.seat, "score": s.score, "rank": s.rank,
                           "winner": s.winner} for s in game.outcome.standings]}


def _times_json(game: PlayedGame, aliases: Aliases) -> dict[str, Any] | None:
    if game.times is None:
        return None
    found = game.times.to_json()
    for line in found["thinking"]:
        line["player"] = aliases.canonical(line["player"])
    return found


class _Tally(Struct):
    plays: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    def add(self, line: Standing) -> None:
        self.plays += 1
        self.wins += line.winner
        self.total += line.score
        self.best = line.score if self.best is None else max(self.best, line.score)

    def to_json(self) -> dict[str, Any]:
        return {"plays": self.plays, "wins": self.wins,
                "average": round(self.total / self.plays, 1) if self.plays else None,
                "best": self.best}


def stats(games: Sequence[PlayedGame], aliases: Aliases) -> dict[str, Any]:
    """Plays per game; per player and game: plays, wins, average and best score; wins per
    edition or board side; average points per scoring category (god, faction, line);
    head-to-head: who finished ahead of whom, in games both played."""
    plays: dict[str, int] = defaultdict(int)
    by_player: dict[tuple[str, str], _Tally] = defaultdict(_Tally)
    by_edition: dict[tuple[str, str, str], _Tally] = defaultdict(_Tally)
    by_category: dict[tuple[str, str, str], _Tally] = defaultdict(_Tally)
    pairs: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    lengths: dict[str, list[int]] = defaultdict(list)
    thinking: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    table: dict[tuple[str, str], float] = defaultdict(float)
    timed: dict[str, int] = defaultdict(int)
    for game in games:
        plays[game.game] += 1
        if game.duration_min is not None:
            lengths[game.game].append(game.duration_min)
        if game.times is not None:
            timed[game.game] += 1
            for player, seconds in game.times.thinking.items():
                timing = thinking[game.game, aliases.canonical(player)]
                timing[0] += 1
                timing[1] += seconds
                timing[2] += game.times.answers[player]
            for phase, seconds in game.times.table.items():
                table[game.game, phase] += seconds
        lines = [(aliases.canonical(s.player), s) for s in game.outcome.standings]
        for name, line in lines:
            by_player[game.game, name].add(line)
            by_edition[game.game, game.outcome.edition, name].add(line)
            for category, points in line.breakdown.items():
                by_category[game.game, category, name].add(
                    Standing(name, line.seat, points, line.rank))
        for (a, one), (b, other) in combinations(sorted(lines, key=lambda x: key(x[0])), 2):
            tally = pairs[a, b]
            tally[0 if one.rank < other.rank else 1 if other.rank < one.rank else 2] += 1
    return {
        "games": [{"game": g, "plays": n, "timed": timed[g],
                   "average_min": round(sum(lengths[g]) / len(lengths[g])) if lengths[g]
                   else None} for g, n in sorted(plays.items())],
        "players": [{"game": g, "player": p, **t.to_json()}
                    for (g, p), t in sorted(by_player.items(), key=_order)],
        "editions": [{"game": g, "edition": e, "player": p, **t.to_json()}
                     for (g, e, p), t in sorted(by_edition.items(), key=_order)],
        "categories": [{"game": g, "category": c, "player": p,
                        **{k: v for k, v in t.to_json().items() if k != "wins"}}
                       for (g, c, p), t in sorted(by_category.items(), key=_order)],
        "head_to_head": [{"player": a, "opponent": b, "games": sum(t), "ahead": t[0],
                          "behind": t[1], "tied": t[2]} for (a, b), t in sorted(
                              pairs.items(), key=lambda kv: (key(kv[0][0]), key(kv[0][1])))],
        "thinking": [{"game": g, "player": p, "games": int(n), "seconds": round(s),
                      "answers": int(a), "per_game_s": round(s / n),
                      "per_answer_s": round(s / a) if a else 0}
                     for (g, p), (n, s, a) in sorted(thinking.items(),
                                                     key=lambda kv: (kv[0][0], key(kv[0][1])))],
        "table_time": [{"game": g, "phase": ph, "games": timed[g], "seconds": round(s),
                        "per_game_s": round(s / timed[g])}
                       for (g, ph), s in sorted(table.items())],
    }


def _order(item: tuple[tuple[str, ...], _Tally]) -> tuple[Any, ...]:
    *group, player = item[0]
    return (*group, -item[1].wins, key(player))


def finished_games(store: SessionStore) -> tuple[list[PlayedGame], Aliases, list[str]]:
    """Every finished game of ``store``, oldest first; the alias table, which has learnt the
    first recorded spelling of every name; the sessions that could not be read (named, never
    silently left out)."""
    from referee.errors import RefereeError
    from referee.paths import aliases_file
    from referee.results.players import Aliases
    from referee.results.record import played_game

    found, unreadable = [], []
    for session_id in store.ids():
        try:
            with store.open(session_id) as session:
                played = played_game(session)
        except RefereeError:
            unreadable.append(session_id)
            continue
        if played is not None:
            found.append(played)
    names = Aliases.load(aliases_file())
    games = in_order(found)
    for game in games:
        for seat in game.players:
            names.learn(seat.name)
    return games, names, unreadable
