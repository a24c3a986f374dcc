"""Concordia (PD-Verlag base game): scoring, setup and rule calculators."""

from referee.i18n import N_

DOMAIN = "concordia"
EDITIONS = {"base": N_("PD-Verlag base game")}
#: The command's one line in `referee --help`.
SUMMARY = N_("Concordia: guided game, setup, final score, calculators.")
