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
    state derived from them."""
    names = {p.name for p in kept(root).iterdir()}
    for path in root.iterdir():
        if path.name not in names:
            path.unlink()
    for name in names:
        shutil.copyfile(kept(root) / name, root / name)
