"""Final scoring: each god pays its cards × what it rewards; then the ranking and its ties."""

from __future__ import annotations

from collections.abc import Sequence

from referee.concordia.box import Box
from referee.concordia.model import GameInput, PlayerInput
from referee.concordia.rulebook import ref
from referee.concordia.wording import cards, plural, sestertii
from referee.data import Fact, confirmed_by
from referee.i18n import N_
from referee.outcome import Outcome, Standing
from referee.rulings import Ruling, Term
from referee.values import Value

GODS = ("vesta", "jupiter", "saturnus", "mercurius", "mars", "minerva", "concordia")


class Cell(Value):
    key: str        # a god, "minerva:<card id>" per specialist, or "concordia"
    god: str
    points: int
    ruling: Ruling


class PlayerScore(Value):
    name: str
    cells: tuple[Cell, ...]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.cells)

    def breakdown(self) -> dict[str, int]:
        return {god: sum(c.points for c in self.cells if c.god == god) for god in GODS}


class Scoresheet(Value):
    map_id: str
    players: tuple[PlayerScore, ...]      # in input order
    ranking: tuple[str, ...]
    places: dict[str, int]
    ties: tuple[Ruling, ...]

    @property
    def confirmed(self) -> bool:
        return all(c.ruling.rule.confirmed for p in self.players for c in p.cells)


def score_game(game: GameInput, box: Box, *, concordia_card: bool = True) -> Scoresheet:
    """Score every player; ``concordia_card=False`` for the interim scoring."""
    scores = tuple(score_player(p, game, box, concordia_card=concordia_card)
                   for p in game.players)
    ranking, places, ties = rank(game.players, {s.name: s.total for s in scores})
    return Scoresheet(game.map_id, scores, ranking, places, ties)


def score_player(player: PlayerInput, game: GameInput, box: Box, *,
                 concordia_card: bool = True) -> PlayerScore:
    held = [box.cards[c] for c in player.cards]
    house_goods = [game.cities[c] for c in player.houses]
    game_map = box.maps[game.map_id]

    def cell(god: str, count: int, what, *facts: Fact) -> Cell:
        """Cards of ``god`` × min(cap, per unit × count)."""
        rule = box.god(god)
        god_cards = [c for c in held if c.god == god]
        cap = game_map.saturnus_cap if rule["cap"] == "map" else rule["cap"]
        per_card = min(cap, rule["per_unit"] * count)
        params = {"cards": cards(len(god_cards)), "per": rule["per_unit"], "unit": what}
        if per_card < rule["per_unit"] * count:
            message = N_("{cards} × {cap}: capped at {cap} per card ({per} × {unit})")
            params["cap"] = cap
        elif rule["per_unit"] == 1:
            message = N_("{cards} × {unit}")
        else:
            message = N_("{cards} × {per} × {unit}")
        confirmed = [c.confirmed for c in god_cards]
        return Cell(god, god, len(god_cards) * per_card,
                    Ruling(ref(f"concordia.score.{god}",
                               confirmed=confirmed_by(*facts, *confirmed)), message, params))

    houses_no_brick = sum(1 for g in house_goods if g != "brick")
    provinces = len({game_map.cities[c].province for c in player.houses})
    kinds = len(set(house_goods))
    cells = [
        _vesta(player, held, box),
        cell("jupiter", houses_no_brick,
             plural("{n} house outside brick cities", "{n} houses outside brick cities",
                    houses_no_brick)),
        cell("saturnus", provinces, plural("{n} province", "{n} provinces", provinces)),
        cell("mercurius", kinds, plural("{n} kind of goods", "{n} kinds of goods", kinds)),
        cell("mars", player.colonists_on_board,
             plural("{n} colonist on the board", "{n} colonists on the board",
                    player.colonists_on_board)),
        *_minerva(held, house_goods),
    ]
    if concordia_card:
        cells.append(_concordia(player, box))
    return PlayerScore(player.name, tuple(cells))


def _vesta(player: PlayerInput, held, box: Box) -> Cell:
    """Cash plus storehouse goods at their price, per full 10 sestertii (no cap)."""
    prices = {g: box.fact("economy", "prices", g) for g, n in player.storehouse.items() if n}
    wealth = player.sestertii + sum(prices[g].value * n for g, n in player.storehouse.items()
                                    if n)
    step = box.god("vesta")["sestertii_per_point"]
    god_cards = [c for c in held if c.god == "vesta"]
    rule = ref("concordia.score.vesta", confirmed=confirmed_by(*prices.values(),
                                                               *(c.confirmed for c in god_cards)))
    params = {"cards": cards(len(god_cards)), "unit": wealth // step,
              "wealth": sestertii(wealth), "step": step}
    return Cell("vesta", "vesta", len(god_cards) * (wealth // step),
                Ruling(rule, N_("{cards} × {unit}: {wealth} in cash and goods ÷ {step}"),
                       params))


def _minerva(held, house_goods: list[str]) -> list[Cell]:
    """Each specialist: its points × the player's houses in cities of its good."""
    cells = []
    for card in sorted((c for c in held if c.god == "minerva"), key=lambda c: c.id):
        houses = house_goods.count(card.good)
        params = {"card": Term(card.name), "vp": card.vp, "good": Term(card.good),
                  "unit": plural("{n} house", "{n} houses", houses)}
        cells.append(Cell(f"minerva:{card.id}", "minerva", card.vp * houses, Ruling(
            ref("concordia.score.minerva", confirmed=card.confirmed),
            N_("{card}: {vp} × {unit} in {good} cities"), params)))
    return cells


def _concordia(player: PlayerInput, box: Box) -> Cell:
    points = box.fact("cards", "concordia_card", "points")
    rule = ref("concordia.score.concordia_card", confirmed=confirmed_by(points))
    if player.concordia:
        return Cell("concordia", "concordia", points.value,
                    Ruling(rule, N_("ended the game: {points}"), {"points": points.value}))
    return Cell("concordia", "concordia", 0, Ruling(rule, N_("not held"), {}))


def rank(players: Sequence[PlayerInput],
         totals: dict[str, int]) -> tuple[tuple[str, ...], dict[str, int], tuple[Ruling, ...]]:
    """Highest total first. Ties go to the Praefectus Magnus holder, then to whoever would
    receive it soonest: it passes to the right, i.e. to the previous seat."""
    holder = next((p.seat for p in players if p.praefectus_magnus), None)
    n = len(players)

    def distance(p: PlayerInput) -> int:
        return (holder - p.seat) % n if holder is not None else 0

    order = sorted(players, key=lambda p: (-totals[p.name], distance(p), p.seat))
    places: dict[str, int] = {}
    for i, p in enumerate(order):
        prev = order[i - 1] if i else None
        shared = (prev is not None and holder is None and totals[prev.name] == totals[p.name])
        places[p.name] = places[prev.name] if shared and prev else i + 1
    ties = []
    rule = ref("concordia.end.tie_break")
    for points in sorted({t for t in totals.values()}, reverse=True):
        tied = [p.name for p in order if totals[p.name] == points]
        if len(tied) < 2:
            continue
        if holder is None:
            ties.append(Ruling(rule, N_("{players} tie on {points}; nobody holds the Praefectus "
                                        "Magnus, so they share the place."),
                               {"players": tied, "points": points}))
        elif any(p.praefectus_magnus and p.name == tied[0] for p in players):
            ties.append(Ruling(rule, N_("{players} tie on {points}; {first} holds the "
                                        "Praefectus Magnus: {order}."),
                               {"players": sorted(tied), "points": points, "first": tied[0],
                                "order": " > ".join(tied)}))
        else:
            ties.append(Ruling(rule, N_("{players} tie on {points}; the Praefectus Magnus "
                                        "passes to the right and reaches them in this order: "
                                        "{order}."),
                               {"players": sorted(tied), "points": points,
                                "order": " > ".join(tied)}))
    return tuple(p.name for p in order), places, tuple(ties)


def outcome(sheet: Scoresheet, game: GameInput) -> Outcome:
    """The score sheet in the one result shape every game shares (``referee.outcome``):
    the board side is the edition; points per god are the breakdown."""
    seat = {p.name: p.seat for p in game.players}
    held = {p.name: {"praefectus_magnus": p.praefectus_magnus, "concordia_card": p.concordia}
            for p in game.players}
    scores = {p.name: p for p in sheet.players}
    standings = tuple(Standing(name, seat[name], scores[name].total, sheet.places[name],
                               scores[name].breakdown(), held[name])
                      for name in sheet.ranking)
    # Equal totals in distinct places: the Praefectus Magnus separated them.
    separated = bool(sheet.ties) and len(set(sheet.places.values())) == len(sheet.places)
    rulings = tuple(c.ruling for p in sheet.players for c in p.cells) + sheet.ties
    return Outcome("concordia", sheet.map_id, standings,
                   tie_break="concordia.end.tie_break" if separated else None, rulings=rulings)
