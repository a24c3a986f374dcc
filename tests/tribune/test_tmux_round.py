"""A whole round at a real terminal 80 columns wide, in English, Russian and Spanish.

The installed `referee --lang L tribune new` runs under tmux with a virtual deck and a fixed
seed, so every run deals the same cards and the same answers play the same round: the setup
questions, the opening discards, twelve followers, the Latrine, the Curia, the Atrium auction,
the Catacombs, the Field of Mars, a take-over with its leader, the faction benefit, the
chariot auction, until round 2 begins. On the way `status` shows the board and `undo` takes
back an entry that showed cards (confirmed with the language's own yes key). Every screen is
read for what a person sees: the phase headings and questions in that language, no line wider
than 80 columns, no card code or session id cut in two.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee.store import SessionStore
from tests.terminal import Terminal, referee, started

WIDTH = 80


@dataclass(frozen=True)
class Words:
    """What the screen says in one language."""

    lang: str
    setup: tuple[str, ...]            # the setup questions, in the order they are asked
    yes: str                          # the key that answers yes
    checklist: tuple[str, str]        # the checklist's heading and the virtual deck's line
    phases: tuple[str, ...]           # Setup, Round 1 · Phase 1 … 6, Round 2 · Phase 1
    placing: str                      # Ann's first placement question
    placed: str                       # and what the referee says of her answer
    number: str                       # the line under a numbered list
    own_cards: str                    # said before a question about a hidden hand
    hidden_bid: str                   # said before a hidden bid
    status: str                       # the table command that shows the board
    undo: str                         # how the undo item of a short list reads
    careful: str                      # the undo warning about cards already seen
    confirm: str                      # the question after it
    took_back: str                    # the start of the undo's answer
    board: tuple[str, ...]            # what the board shows after round 1
    saved: str                        # the quit message, before the session id


ENGLISH = Words(
    lang="en",
    setup=("Start player:", "How many card fields does the Thermae have on your board?",
           "Keep the usual readings where the rules are unclear?",
           "Sealed bids (Atrium, chariot):"),
    yes="y",
    checklist=("Set up the table:",
               "The referee holds the faction cards: deal none at the table."),
    phases=("Setup", "Round 1 · Phase 1: cards onto the board", "Round 1 · Phase 2: followers",
            "Round 1 · Phase 3: regions", "Round 1 · Phase 4: take-overs",
            "Round 1 · Phase 5: faction benefits", "Round 1 · Phase 6: chariot auction",
            "Round 2 · Phase 1: cards onto the board"),
    placing="? Ann: place a follower (6 left)",
    placed="Ann: follower on coin bowl",
    number="Number, or type part of a name:",
    own_cards="chooses from their own cards; everyone else looks away.",
    hidden_bid="types a hidden bid; everyone else looks away.",
    status="status",
    undo="· undo",
    careful="Careful: this takes back an entry that showed cards",
    confirm="Undo anyway?",
    took_back="Took back: Ann chooses: sell",
    board=("Round 2 · Phase 2: followers   start player: Bob",
           "┃ Player     ┃ Denarii ┃ Hand ┃ Legions ┃ Laurels ┃ Markers ┃",
           "│ Ann (red)  │ 18      │ 8    │ 0       │ 1       │ 0       │",
           "│ Bob (blue) │ 10      │ 1    │ 2       │ 3       │ 1       │",
           "Bob: markers: Gladiators · controls Gladiators: Spartacus, Gladiator 4,",
           "Chariot: Gladiators · Colosseum: 0"),
    saved="Saved. Continue with: referee tribune resume",
)

RUSSIAN = Words(
    lang="ru",
    setup=("Первый игрок:", "Сколько полей для карт у Thermae на вашем поле?",
           "Оставить обычные толкования там, где правила неясны?",
           "Тайные ставки (Atrium, колесница):"),
    yes="д",
    checklist=("Подготовьте стол:", "Карты фракций у судьи: за столом ничего не раздают."),
    phases=("Подготовка", "Раунд 1 · Фаза 1: выкладка карт", "Раунд 1 · Фаза 2: последователи",
            "Раунд 1 · Фаза 3: области", "Раунд 1 · Фаза 4: захваты",
            "Раунд 1 · Фаза 5: преимущества фракций", "Раунд 1 · Фаза 6: торги за колесницу",
            "Раунд 2 · Фаза 1: выкладка карт"),
    placing="? Ann: поставьте Последователя (осталось 6)",
    placed="Ann: Последователь — монетная чаша",
    number="Номер или часть названия:",
    own_cards="выбирает из своих карт; остальные отворачиваются.",
    hidden_bid="вводит тайную ставку; остальные отворачиваются.",
    status="состояние",
    undo="· отмена",
    careful="Осторожно: отменяется запись, при которой были открыты карты",
    confirm="Всё равно отменить?",
    took_back="Отменено: Ann выбирает: продать",
    board=("Раунд 2 · Фаза 2: последователи   первый игрок: Bob",
           "┃ Игрок         ┃ Динарии ┃ Рука ┃ Легионы ┃ Лавры ┃ Маркеры ┃",
           "│ Ann (красный) │ 18      │ 8    │ 0       │ 1     │ 0       │",
           "│ Bob (синий)   │ 10      │ 1    │ 2       │ 3     │ 1       │",
           "Bob: маркеры: Гладиаторы · контроль над фракцией Гладиаторы: Спартак,",
           "Колесница: Гладиаторы · Колизей: 0"),
    saved="Сохранено. Продолжить: referee tribune resume",
)

SPANISH = Words(
    lang="es",
    setup=("Jugador inicial:", "¿Cuántos espacios de cartas tienen las Termas en su tablero?",
           "¿Mantener las lecturas habituales donde las reglas no son claras?",
           "Pujas secretas (Atrium, carro):"),
    yes="s",
    checklist=("Preparen la mesa:",
               "El árbitro tiene las cartas de facción: no se reparte ninguna en la mesa."),
    phases=("Preparación", "Ronda 1 · Fase 1: cartas al tablero", "Ronda 1 · Fase 2: seguidores",
            "Ronda 1 · Fase 3: zonas", "Ronda 1 · Fase 4: tomas de control",
            "Ronda 1 · Fase 5: beneficios de facción", "Ronda 1 · Fase 6: subasta del carro",
            "Ronda 2 · Fase 1: cartas al tablero"),
    placing="? Ann: coloque un seguidor (quedan 6)",
    placed="Ann: seguidor en cuenco de monedas",
    number="Número, o escriba parte del nombre:",
    own_cards="elige entre sus propias cartas; los demás miran a otro lado.",
    hidden_bid="teclea una puja oculta; los demás miran a otro lado.",
    status="estado",
    undo="· deshacer",
    careful="Cuidado: se retira una entrada que mostró cartas",
    confirm="¿Deshacer de todos modos?",
    took_back="Retirado: Ann elige: vender",
    board=("Ronda 2 · Fase 2: seguidores   jugador inicial: Bob",
           "┃ Jugador    ┃ Denarios ┃ Mano ┃ Legiones ┃ Laureles ┃ Marcadores ┃",
           "│ Ann (rojo) │ 18       │ 8    │ 0        │ 1        │ 0          │",
           "│ Bob (azul) │ 10       │ 1    │ 2        │ 3        │ 1          │",
           "Bob: marcadores: Gladiadores · controla Gladiadores: Espartaco, Gladiador 4,",
           "Carro: Gladiadores · Coliseo: 0"),
    saved="Guardado. Continúe con: referee tribune resume",
)

#: where the followers go, in turn order from Ann (the numbers of the numbered list, which
#: lists the same spaces in the same order in every language)
PLACEMENTS = [("18", "bowl"), ("2", "thermae.2"), ("12", "atrium.1"), ("12", "atrium.2"),
              ("11", "curia.3"), ("16", "gladiators.1"), ("14", "mars"),
              ("11", "catacombs.4"), ("8", "latrine"), ("12", "mars"), ("2", "forum.1"),
              ("3", "forum.3")]

#: the Latin words a Russian screen may show: the board's areas (the Russian rulebook prints
#: them in Latin), the players, the command line, the edition, the Enter key
LATIN_IN_RUSSIAN = {"Ann", "Bob", "Thermae", "Forum", "Romanum", "Latrine", "Curia", "Atrium",
                    "Auctionorum", "Catacombs", "Pantheon", "FFG", "referee", "tribune",
                    "resume", "Enter"}
#: English words that must not appear on a Spanish screen
ENGLISH_WORDS = {"the", "takes", "pays", "follower", "followers", "place", "Round", "Phase",
                 "Use", "arrow", "keys", "choose", "discard", "cards", "player", "bid"}


class Table:
    """The terminal, counting the keys a person presses for the round's answers."""

    def __init__(self, term: Terminal) -> None:
        self.term, self.pressed = term, 0

    def type(self, text: str) -> None:
        self.pressed += len(text) + 1
        self.term.type(text)

    def keys(self, *keys: str) -> None:
        self.pressed += len(keys)
        self.term.keys(*keys)

    def wait(self, text: str) -> str:
        return self.term.wait(text)


def play_round(table: Table, w: Words) -> int:
    """Round 1 from the opening discards until round 2 asks its first question; returns the
    keys its answers took (the status and undo detour not counted)."""
    table.pressed = 0
    table.wait("? Ann:")
    table.type("gla3 gla5")  # the opening discards, typed as codes
    table.wait("? Bob:")
    table.type("ple2 ves3")
    table.wait(w.placing)
    for turn, (number, _space) in enumerate(PLACEMENTS):
        table.wait(w.number)
        if turn == 5:  # before Bob's take-over space: the board at a glance
            detour = table.pressed
            table.type(w.status)
            table.wait(w.number)
            table.pressed = detour
        table.type(number)
        if turn == 2:  # Ann on Atrium 1 chooses the Atrium card that stays face down
            table.wait("? Ann:")
            table.keys("Enter")
    table.wait(w.phases[3])
    table.wait("? Ann:")  # a key pressed before the question is shown would be dropped
    table.keys("Enter")  # Latrine: Ann sells
    table.wait("? Ann:")  # the Curia: swap a hand card for the field's cards
    detour = table.pressed
    table.keys(*["Down"] * 6, "Enter")  # the undo item of the short list
    table.wait(w.careful)
    table.wait(w.confirm)
    table.keys(w.yes)
    table.wait(w.took_back)
    table.wait("? Ann:")
    table.pressed = detour
    table.keys("Enter")  # sells again
    table.wait("? Ann:")
    table.keys("Enter")  # the Curia: discards her first card
    table.wait(w.hidden_bid)
    table.wait("? Ann:")
    table.type("2")  # the Atrium bids, typed hidden
    table.wait("? Bob:")
    table.type("1")
    table.wait("? Bob:")
    table.keys("Enter")  # Bob buys the first Catacombs card (Cato the Elder)
    table.wait("? Ann:")
    table.type("gla8 gla1")  # the Field of Mars pairs, typed hidden
    table.wait("? Bob:")
    table.type("pat5 pat8")
    table.wait(w.phases[4])
    table.wait(w.number)
    table.type("11")  # Bob's take-over set: Spartacus and all three Gladiators
    table.wait(w.phases[5])
    table.wait("? Bob:")
    table.keys("Enter")  # the Gladiators' benefit: the Colosseum's money
    table.wait(w.phases[6])
    table.wait("? Ann:")
    table.type("0")  # the chariot bids
    table.wait("? Bob:")
    table.type("1")
    table.wait("? Bob:")
    table.keys("Enter")  # the chariot blocks Bob's Gladiators
    table.wait(w.phases[7])
    table.wait(w.number)
    return table.pressed


def lines_of(screen: str) -> list[str]:
    return [line.rstrip() for line in screen.splitlines()]


def check_screen(screen: str, w: Words, session_id: str) -> None:
    """What a person at an 80-column terminal must be able to read."""
    lines = lines_of(screen.replace(session_id, "").replace("EXITED-0", ""))
    too_wide = [line for line in lines if len(line) > WIDTH]
    assert not too_wide, too_wide
    assert "…" not in screen  # nothing ends in an ellipsis
    # a card code is never broken over two lines: '[gla' at the end of one, '5]' next
    cut = [line for line in lines if re.search(r"\[[a-z]{0,3}\d{0,2}$", line)
           or re.match(r"[a-z]{0,3}\d{1,2}\]", line)]
    assert not cut, cut
    if w.lang == "ru":
        latin = {word for line in lines for word in re.findall(r"[A-Za-z]+", line)
                 if not re.fullmatch(r"\s*\d+\s+\S.*", line)}
        codes = {word for word in latin if re.fullmatch(r"[a-z]{3}", word)}
        assert latin - codes - LATIN_IN_RUSSIAN == set(), latin - codes - LATIN_IN_RUSSIAN
    if w.lang == "es":
        words = {word for line in lines for word in re.findall(r"[A-Za-z]+", line)}
        assert words & ENGLISH_WORDS == set()


LANGUAGES = [ENGLISH, RUSSIAN, SPANISH]
DOC = Path(__file__).parents[2] / "docs" / "tribune.md"


def keys_the_guide_states() -> int:
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    stated = re.search(r"A whole round of a 2-player game with the virtual deck \(.*?\) takes "
                       r"(\d+) keys, the same in English, Russian and Spanish", text)
    assert stated is not None
    return int(stated.group(1))


@pytest.mark.parametrize("w", LANGUAGES, ids=[w.lang for w in LANGUAGES])
def test_a_whole_round_at_80_columns(w, tmp_path):
    command = [*referee(tmp_path, "--lang", w.lang, "tribune", "new", "--player", "Ann:red",
                        "--player", "Bob:blue", "--edition", "ffg", "--points-variant",
                        "--deck", "virtual", "--seed", "7"),
               ";", "echo", "EXITED-$?"]
    with started(tmp_path, command, width=WIDTH, height=50) as term:
        table = Table(term)
        table.wait(w.setup[0])
        table.keys("Enter")  # Ann starts
        table.wait(w.setup[1])
        table.keys("Enter")  # 2 Thermae fields
        table.wait(w.setup[2])
        table.keys(w.yes)  # the usual readings: one key, in the language's own word
        table.wait(w.setup[3])
        table.keys("Enter")  # bids typed hidden
        screen = table.wait(w.checklist[0])
        (session_id,) = SessionStore(tmp_path / "sessions").ids()
        assert session_id in screen and w.checklist[1] in screen
        keys = play_round(table, w)
        table.type(w.status)
        board = table.wait(w.number)  # the board is drawn once the question is back
        for text in w.board:
            assert text in board
        table.type({"en": "quit", "ru": "выход", "es": "salir"}[w.lang])
        screen = table.wait("EXITED-0")
    assert f"{w.saved} {session_id}" in screen
    for heading in w.phases:
        assert heading in screen
    assert w.placed in screen
    assert screen.count(w.own_cards) >= 6 and screen.count(w.hidden_bid) == 4
    check_screen(screen, w, session_id)
    assert keys == keys_the_guide_states()

    with SessionStore(tmp_path / "sessions").open(session_id) as session:
        entries = [e.payload for e in session.entries()]
    assert [e["space"] for e in entries if e["type"] == "place"] == [
        space for _n, space in PLACEMENTS]
    assert [e["cards"] for e in entries if e.get("kind") == "takeover"] == [
        ["gla0", "gla4", "gla6", "gla7"]]
