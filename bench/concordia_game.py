"""An entry inside a guided 3-player Concordia game, early and late (the Imperium scenario)."""

from __future__ import annotations

from bench.guided_entry import entry_latency as guided_entry_latency

SCENARIO = "concordia-imperium-3.json"


def entry_latency(repeats: int) -> dict[str, float]:
    """Median seconds for one entry after entry 10 and 10 entries before the end."""
    from referee.concordia.ui.table import CONCORDIA

    return guided_entry_latency(CONCORDIA, SCENARIO, {"early": 10, "late": -10}, repeats)


if __name__ == "__main__":
    print(entry_latency(7))
