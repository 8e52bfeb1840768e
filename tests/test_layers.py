"""The layer contracts of `pyproject.toml` and the design page say the same: each contract
import-linter checks is named, word for word, in docs/design.md."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_every_contract_is_stated_in_the_design():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    design = (ROOT / "docs" / "design.md").read_text()
    names = [contract["name"] for contract in config["contracts"]]
    assert len(names) >= 5
    missing = [name for name in names if f"**{name}**" not in design]
    assert not missing, f"docs/design.md does not state: {missing}"


def test_every_game_package_is_held_apart_by_the_independence_contract():
    from sims.core.discovery import game_packages

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    independent = next(c for c in config["contracts"] if c["type"] == "independence")
    packages = {f"sims.games.{name}" for name in game_packages("__init__")}
    assert packages <= set(independent["modules"])
