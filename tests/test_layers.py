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


def _code_words(path: Path) -> set[tuple[int, str]]:
    """The words of a module's code, with their lines: identifiers and string literals
    split at anything not a letter or digit (underscores too), docstrings and comments left
    out: they explain with examples, the code must not choose by a game's name."""
    import ast
    import io
    import re
    import tokenize

    source = path.read_text()
    docstrings = {
        node.body[0].lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    }
    kinds = {tokenize.NAME, tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
    words = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in kinds and token.start[0] not in docstrings:
            for word in re.split(r"[^a-z0-9]+", token.string.lower()):
                words.add((token.start[0], word))
    return words


def test_no_generic_module_names_a_game():
    """Generic code (everything in `sims` and `analysis` outside their `games` folders)
    asks the registry: no identifier or string of it holds a game's name, nor the test
    game's. A game whose name is a common word would need the word avoided."""
    from sims.core.discovery import game_packages
    from tests.tiny_game import NAME

    # The toolkit's own name (its command, its cache's variable) is also All Fours' game
    # name: generic code says it everywhere, so the guard leaves that one word to the
    # import contracts, which keep every generic module from importing the game.
    toolkit = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    games = {*game_packages("descriptor"), *NAME.split("_")} - {"tiny", toolkit}
    found = []
    for root in (ROOT / "sims", ROOT / "analysis"):
        for path in sorted(root.rglob("*.py")):
            if "games" in path.relative_to(root).parts:
                continue
            found += [
                f"{path.relative_to(ROOT)}:{line} {word}"
                for line, word in sorted(_code_words(path))
                if word in games
            ]
    assert not found, "generic code names a game:\n" + "\n".join(found)


def test_the_guard_finds_a_game_named_in_code(tmp_path):
    planted = tmp_path / "module.py"
    planted.write_text('"""Docs may say phat."""\n\nTABLE = {"pitch": 1}\nphat_rows = 2\n')
    words = {word for _, word in _code_words(planted)}
    assert {"pitch", "phat"} <= words and "docs" not in words


def _in_fresh_process(code: str) -> str:
    """What `code` prints, run by a fresh interpreter in the project's root; it must end
    without an error (the error's last line is the assertion's message)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, f"{code[:60]}: {done.stderr.strip().splitlines()[-1:]}"
    return done.stdout


def test_every_games_rules_and_descriptor_import_before_anything_else():
    """A game's rules import without the strategies' package, whose registration imports
    every game's strategies and so their rules: in a fresh process, first, they import."""
    from sims.core.discovery import game_packages

    for name in game_packages("__init__"):
        module = f"sims.games.{name}"
        _in_fresh_process(f"import {module}.rules, {module}.descriptor")


def test_any_strategy_module_imports_first_with_every_decision_function_in_its_place():
    """Importing one game's strategy module first, in a fresh process, registers every
    family in the order the kernels' dispatchers number them, as importing the registry
    first does (a strategy module imported first used to meet its own package half-imported)."""
    import importlib
    import json
    import pkgutil

    from sims.core.discovery import game_packages

    def ids_after(first: str) -> dict[str, list[str]]:
        show = (
            "import json; from sims.strategies.registry import TABLE_OF, functions; "
            "print(json.dumps({t: [f.py_func.__qualname__ for f in functions(t)] "
            "for t in sorted(set(TABLE_OF.values()))}))"
        )
        return json.loads(_in_fresh_process(f"import {first}; {show}"))

    expected = ids_after("sims.strategies")
    for name in game_packages("strategies"):
        package = importlib.import_module(f"sims.games.{name}.strategies")
        first = min(m.name for m in pkgutil.iter_modules(package.__path__) if not m.ispkg)
        assert ids_after(f"{package.__name__}.{first}") == expected, f"{name}.{first}"
