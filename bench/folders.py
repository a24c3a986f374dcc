"""Keep a sessions folder as it is and bring it back later (standard library only: the
benchmark's driver uses it without importing referee)."""

from __future__ import annotations

import shutil
from pathlib import Path


def kept(root: Path) -> Path:
    return root.with_name(root.name + ".pristine")


def keep(root: Path) -> None:
    """Save ``root`` as it is now: what ``restore`` brings back."""
    shutil.rmtree(kept(root), ignore_errors=True)
    shutil.copytree(root, kept(root))


def restore(root: Path) -> None:
    """Put ``root`` back as it was kept: an entry changes the journal, its backup and any
    state derived from them. The files are copied over in place with their times, as a
    table's next command finds them (a checkpoint is used while the journal's chain is the
    one it names and its proof holds, whatever the files' times)."""
    names = {p.name for p in kept(root).iterdir()}
    for path in root.iterdir():
        if path.name not in names:
            path.unlink()
    for name in names:
        shutil.copy2(kept(root) / name, root / name)
