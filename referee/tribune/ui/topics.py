"""``referee tribune rules TOPIC``: the project's own short summary of a rule, both editions.

Each topic has lines both editions share and, where they differ, a line per edition.
"""

from __future__ import annotations

from referee.i18n import N_
from referee.values import Value


class Topic(Value):
    title: str
    common: tuple[str, ...]
    ffg: tuple[str, ...] = ()
    heidelberger: tuple[str, ...] = ()


TOPICS: dict[str, Topic] = {
    "round": Topic(N_("A round"), (
        N_("1 cards onto the board, 2 followers, 3 regions, 4 take-overs, 5 faction benefits, "
           "6 chariot auction."),
        N_("Seat order matters only in phase 2: the start player first, then clockwise."),
        N_("Phases 4 and 5 go left to right: Gladiators, Legates, Praetorians, Plebeians, "
           "Patricians, Vestal Virgins, Senators."),
        N_("At the end of the round the cards left on the board are discarded and the start "
           "player passes clockwise."))),
    "setup": Topic(N_("Setup"), (
        N_("Followers: 6 each with 2 or 3 players, 5 with 4, 4 with 5."),
        N_("Money: the start player 12, then 13, 14, 15, 16 clockwise."),
        N_("Everyone is dealt 6 cards and discards 2 face down; those go back into the deck."),
        N_("One laurel lies on each faction field; the first player ever to control that "
           "faction takes it.")),
        ffg=(N_("Alea Iacta Est comes in a long and a short version: the group picks one."),),
        heidelberger=(N_("The money is called Sesterzen; the amounts are the same."),)),
    "curia": Topic(N_("Curia dealing"), (
        N_("Three card fields. Cards are turned up one at a time."),),
        ffg=(N_("Each field gets cards until its values add up to 5 or more, or a leader "
                "turns up; then the next field."),),
        heidelberger=(N_("The text speaks of the whole area reaching 5; the referee deals per "
                         "field like FFG unless the group chooses the area reading."),)),
    "placement": Topic(N_("Placing followers"), (
        N_("One follower per turn in seat order until all are placed."),
        N_("One follower per space, except the coin bowl and the Field of Mars."),
        N_("Faction spaces: \"1\" before \"2\", never both, never on a faction you control, "
           "never on the faction the chariot blocks."),
        N_("Atrium \"1.\" before \"2.\", never both. Pantheon only with a Vestal Virgins "
           "marker, never both spaces."))),
    "bowl": Topic(N_("Coin bowl"), (
        N_("The first follower in the bowl this round takes 7 at once, every later one 5, "
           "whoever places it."),)),
    "atrium": Topic(N_("Atrium Auctionorum"), (
        N_("Placing on \"1.\" turns up two of the three cards (the placer chooses); placing on "
           "\"2.\" turns up the third."),
        N_("Only \"1.\" occupied: pay 1 to the bank for the two face-up cards; the third is "
           "discarded."),
        N_("Both occupied: hidden bids; the higher bid is paid to the other player and buys "
           "all three cards. Equal bids: \"1.\" wins."))),
    "catacombs": Topic(N_("Catacombs"), (
        N_("Five face-down cards. The follower on 4 looks and may buy one for 4, then 3, "
           "then 2; empty spaces are skipped."),
        N_("The money goes to the Gladiators' pot, not the bank; unbought cards are "
           "discarded.")),
        ffg=(N_("The pot is called the Colosseum."),),
        heidelberger=(N_("The pot is called the Catacombs money field."),)),
    "pantheon": Topic(N_("Pantheon"), (
        N_("The card is turned up; each follower's owner may discard a hand card of the same "
           "faction to take an eternal favor."),),
        ffg=(N_("Whoever takes an eternal favor gives up the temporary favor."),),
        heidelberger=(N_("Nothing is said about giving up the temporary favor."),)),
    "mars": Topic(N_("Field of Mars"), (
        N_("Per follower, the owner may discard one pair of same-faction cards: 1 laurel "
           "each."),
        N_("The single highest pair sum earns 1 extra laurel; a tie between players gives it "
           "to nobody; a lone player with a pair gets it."))),
    "takeover": Topic(N_("Take-overs"), (
        N_("A set is 2 or more cards of the faction, played from hand in phase 4."),
        N_("Against a controller the new set needs more cards or a higher sum; either is "
           "enough. The beaten set is discarded."),
        N_("On taking control: the faction's take-over benefit, the leader bonus if the "
           "leader is in the set, its marker (once) and its starting laurel (first time)."))),
    "conflict": Topic(N_("Two followers on one faction"), (
        N_("The player on \"2\" plays first or passes. If \"2\" takes control, \"1\" may "
           "answer with a set that beats \"2\"'s set."),
        N_("If \"1\" wins, \"2\" takes the set back and discards one card of it.")),
        ffg=(N_("The text does not say what \"1\" must beat; the referee uses \"2\"'s set and "
                "marks the ruling unconfirmed."),),
        heidelberger=(N_("\"1\" is measured only against \"2\"'s set."),)),
    "benefits": Topic(N_("Faction benefits"), (
        N_("Every round, in faction order, each controller takes the faction's benefit, even "
           "while the chariot blocks it."),),
        ffg=(N_("Gladiators: the Colosseum money, or 1 card and an assassin."),
             N_("Plebeians: 1 card and 2 denarii, or the Tribune with the Scroll and control "
                "of the Patricians."),
             N_("Vestal Virgins: 1 laurel and the temporary favor, or the Tribune with the "
                "Scroll and control of the Senators."),
             N_("Scipio Africanus brings 10 denarii.")),
        heidelberger=(N_("Gladiators: the Catacombs money or 1 card; an assassin as well."),
                      N_("Plebeians: 1 card and 2 Sesterzen, or the Tribune with the Scroll."),
                      N_("Vestal Virgins: the temporary favor (a laurel instead with an eternal "
                         "favor), or the Tribune with the Scroll."),
                      N_("Scipio Africanus: the amount is not given; the referee uses 10."))),
    "chariot": Topic(N_("Chariot auction"), (
        N_("Hidden bids; the single highest bidder pays the bank. A tie for the top: nobody "
           "pays and no faction is blocked."),
        N_("The blocked faction takes no followers and cannot be taken over next round.")),
        ffg=(N_("The winner puts it on a faction they control, or keeps it off the board."),),
        heidelberger=(N_("The winner must put it on a faction they control, if they control "
                         "any."),)),
    "cesura": Topic(N_("No cards left"), (
        N_("When both the draw pile and the discard pile are empty: hands over 7 are cut to "
           "7 by their owners."),
        N_("Control sets of 4 or more lose their 2 lowest cards, 3-card sets their lowest; "
           "2-card sets stay.")),
        ffg=(N_("Called cesura magna."),),
        heidelberger=(N_("Called the important event."),)),
    "end": Topic(N_("End of the game"), (
        N_("A player who meets the victory card (enough goals, every obligatory one) says "
           "so; the round is finished."),
        N_("One qualifier wins; several compare points; qualifiers rank above everyone "
           "else.")),
        ffg=(N_("The 2-point bonus goes to the first player who met the victory card."),),
        heidelberger=(N_("The 2-point bonus goes to the player who ended the game."),)),
    "scoring": Topic(N_("Points"), (
        N_("Tribune 7, Scroll 3, eternal favor 5, temporary favor 2, each legion 2, each "
           "laurel 1, each faction marker 1, each full 10 money 1, bonus 2."),
        N_("Point-value variant: no victory card; the game ends after the round in which a "
           "player holds 7/6/6/5 markers (2/3/4/5 players)."))),
}
