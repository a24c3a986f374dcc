"""What each rule of a guided game says, in the project's own words: ``explain`` shows it
beside the rulings it caused, so the table reads the rule, not the log line again."""

from __future__ import annotations

from referee.i18n import N_

TEXTS = {
    "concordia.turn.play": N_(
        "On a turn the player plays one card from the hand onto their discard pile and does "
        "what it says."),
    "concordia.architect.move": N_(
        "The Architect gives one movement point per colonist on the board; each step along a "
        "route of the colonist's kind costs one, and a colonist may pass an occupied route "
        "but not stop on one."),
    "concordia.architect.build": N_(
        "After moving, houses may be built in cities next to a route where one of the "
        "player's colonists stands."),
    "concordia.architect.house_cost": N_(
        "A house costs the city's goods and its money rate times the number of houses there, "
        "the new one included."),
    "concordia.architect.no_house_in_roma": N_("Nobody builds a house in Roma."),
    "concordia.architect.one_house_per_city": N_("A player has at most one house in a city."),
    "concordia.prefect.produce": N_(
        "The Prefect turns a province's bonus marker from goods to coins: every house in it "
        "produces its city's good, and the player who chose it gets the bonus good too."),
    "concordia.prefect.cash": N_(
        "Instead of production, the Prefect pays the coins shown on the provinces' coin "
        "sides, and every marker turns back to its goods side."),
    "concordia.mercator.trade": N_(
        "The Mercator pays its income, then the player sells and buys at the printed prices, "
        "in at most two kinds of goods."),
    "concordia.senator.cost": N_(
        "The Senator buys up to two cards of the display, each at its price plus the extra "
        "goods of its slot."),
    "concordia.consul.cost": N_(
        "The Consul buys one card of the display at its printed price, without the slot's "
        "extra."),
    "concordia.market.refill": N_(
        "Bought cards leave gaps: the display slides left and is filled from the draw pile."),
    "concordia.tribune.refund": N_(
        "The Tribune takes the played cards back into the hand, and pays a sestertius for "
        "each card beyond the third."),
    "concordia.tribune.colonist": N_(
        "The Tribune may also place one new colonist in Roma for 1 food and 1 tools."),
    "concordia.colonist.place": N_(
        "New colonists go to Roma or to cities with one of the player's houses, each for 1 "
        "food and 1 tools."),
    "concordia.colonist.income": N_(
        "Instead of new colonists, the Colonist pays the income of the colonists on the "
        "board."),
    "concordia.diplomat.copy": N_(
        "The Diplomat does what the top card of another player's discard pile does (never a "
        "Diplomat or a Tribune)."),
    "concordia.specialist.produce": N_(
        "A specialist produces its good in every city of that good with one of the player's "
        "houses."),
    "concordia.storehouse.overflow": N_(
        "A storehouse has 12 cells; goods that do not fit are lost, and the owner chooses "
        "which to keep when they are of several kinds."),
    "concordia.storehouse.capacity": N_(
        "A storehouse has 12 cells, shared by goods and the colonists kept in it."),
    "concordia.praefectus_magnus.pass": N_(
        "When its holder plays a Prefect for production, the Praefectus Magnus passes to "
        "the player on the right."),
    "concordia.praefectus_magnus.bonus": N_(
        "The holder of the Praefectus Magnus gets the province's bonus twice."),
    "concordia.end.trigger": N_(
        "The game ends when the last display card is bought or a player builds their 15th "
        "house: that player takes the Concordia card."),
    "concordia.end.last_turns": N_(
        "After the Concordia card is taken, every other player has one more turn."),
    "concordia.pieces.money_goods": N_(
        "Nobody pays with money or goods they do not have."),
    "concordia.pieces.colonists": N_("A player has 6 colonists."),
    "concordia.pieces.houses": N_("A player has 15 houses."),
}
