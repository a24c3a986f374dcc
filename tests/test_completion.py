"""Shell completion in bash, zsh and fish: the script each shell needs, and values that
complete to card codes, factions, cities and session ids, asked the way each shell asks."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from referee.store import Header, SessionStore


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", *args],
                          env={**os.environ, **env}, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL)


def complete(shell: str, line: str, sessions=None) -> list[str]:
    """What the shell's script would get back for the words typed so far."""
    env = {"_REFEREE_COMPLETE": f"complete_{shell}"}
    if sessions is not None:
        env["REFEREE_SESSIONS_DIR"] = str(sessions)
    if shell == "bash":
        words = line.split()
        env.update(COMP_WORDS=line, COMP_CWORD=str(len(words) - (0 if line.endswith(" ")
                                                                    else 1)))
    else:
        env["_TYPER_COMPLETE_ARGS"] = line
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    done = run(env)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    if shell == "zsh":  # _arguments '*: :(("a"\n"b"))', an item with help as "a":"help"
        return re.findall(r'"((?:[^"\\]|\\.)*)"(?::"(?:[^"\\]|\\.)*")?', out)
    return [w.split("\t")[0] for w in out.split()]


@pytest.mark.parametrize(("shell", "marker"), [
    ("bash", "complete -o default -F _referee_completion referee"),
    ("zsh", "#compdef referee"),
    ("fish", "complete --command referee"),
])
def test_show_completion_prints_the_script_of_the_shell_named(shell, marker):
    for args in (["--show-completion", shell], [f"--show-completion={shell}"]):
        done = run({}, *args)
        assert done.returncode == 0 and marker in done.stdout, done.stderr


def test_an_unknown_shell_is_refused_with_the_ones_it_knows():
    done = run({}, "--show-completion", "tcsh")
    assert done.returncode == 2 and "bash, zsh, fish" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_session_ids_complete_in_every_shell(shell, tmp_path):
    store = SessionStore(tmp_path)
    ids = []
    for players in (["Ann", "Bob"], ["Cid", "Dan"]):
        header = Header.new(game="trajan", edition="evrikus-2022", players=players)
        with store.create(header):
            ids.append(header.id)
    found = complete(shell, f"referee sessions show {ids[0][:9]}", tmp_path)
    assert sorted(i for i in found if i in ids) == sorted(ids)


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_factions_and_card_codes_complete(shell):
    assert {"senators", "sen"} <= set(
        complete(shell, "referee tribune check takeover --faction se"))
    cards = complete(shell, "referee tribune check takeover --challenger sen4,gla")
    assert "sen4,gla3" in cards and all(c.startswith("sen4,gla") for c in cards if c)


def test_a_displayed_set_completes_its_faction_then_its_cards():
    assert "legates=" in complete("bash", "referee tribune check cesura --set leg")
    assert "legates=leg2" in complete("bash", "referee tribune check cesura --set legates=leg")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_concordia_cities_complete(shell):
    assert "Londinium" in complete(shell, "referee concordia check house --city Lon")
    assert complete("bash", "referee concordia check house --city-good Massi") == [
        "Massilia="]
