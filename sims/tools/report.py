"""Text and JSON renderings of the `odds` and `compare` results for the command line."""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

import pandas as pd

from analysis.compare import matrix
from analysis.stats import interval_text
from sims.run import jsonout


def _estimate_line(name: str, row: pd.Series) -> str:
    spec = ".2%" if row["is_rate"] else "+.3f"
    estimate = f"{row['estimate']:{spec}}"
    return f"  {name:<28}{estimate:>9}   {interval_text(row['low'], row['high'], spec)}"


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """Rows as JSON-safe dicts (NaN becomes null)."""
    records = frame.to_dict(orient="records")
    return [
        {k: (None if isinstance(v, float) and math.isnan(v) else v) for k, v in r.items()}
        for r in records
    ]


def odds_text(estimates: pd.DataFrame, header: str, advice: str) -> str:
    """Blocks of estimates per trump suit (Solo Whist: per contract), then the advice."""
    lines = [header]
    level = estimates.index.names[0]
    for key, block in estimates.groupby(level=level, sort=False):
        lines.append(f"{f'{level} {key}':<30}estimate   95% interval")
        for (_, quantity), row in block.iterrows():
            lines.append(_estimate_line(quantity, row))
    lines.append(advice)
    return "\n".join(lines)


def odds_json(estimates: pd.DataFrame, about: dict[str, Any], advice: dict[str, Any]) -> str:
    """{about..., "trumps": {suit: {quantity: {estimate, se, low, high, n}}}, advice}
    ("contracts" in place of "trumps" for Solo Whist); a missing error is null."""
    blocks: dict[str, dict[str, Any]] = {}
    for (name, quantity), row in estimates.iterrows():
        blocks.setdefault(str(name), {})[quantity] = {
            key: (int(row[key]) if key == "n" else _number(row[key]))
            for key in ("estimate", "se", "low", "high", "n")
        }
    group = f"{estimates.index.names[0]}s"
    return jsonout.dumps(about | {group: blocks, "recommendation": advice}, indent=2)


def _number(value: float) -> float | None:
    return None if math.isnan(value) else float(value)


def _name_width(names: Iterable[str], least: int = 24) -> int:
    """A column wide enough for every policy's name and two spaces after it."""
    return max([least, *(len(str(name)) + 2 for name in names)])


def _cell(difference: float, se: float) -> str:
    if math.isnan(se):
        return f"{difference:+.3f} (n = 1)"
    return "0" if se == 0 and difference == 0 else f"{difference:+.3f} ± {se:.3f}"


def _difference(row: Any) -> str:
    """A pair's difference, its standard error and its interval (dashes where no deal
    gives it, the words where one does)."""
    if row.n == 0:
        return f"{'-':>9}{'-':>8}   -"
    se = "-" if math.isnan(row.se) else f"{row.se:.3f}"
    return f"{row.difference:>+9.3f}{se:>8}   {interval_text(row.low, row.high, '+.3f')}"


def compare_text(
    header: str, means: pd.DataFrame | None, pairs: pd.DataFrame, unit: str = "deal"
) -> str:
    """Each policy's mean (when known), every pair's paired difference (and the standard
    error independent runs would give, when known), and the matrix (means per `unit`:
    deal or game)."""
    lines = [header]
    if means is not None:
        name = _name_width(means.index, 28)
        lines.append(f"\n{'policy':<{name}}{'mean':>10}   95% interval")
        for policy, row in means.iterrows():
            interval = interval_text(row["low"], row["high"], ".3f")
            lines.append(f"{policy:<{name}}{row['estimate']:>10.3f}   {interval}")
    name = _name_width([*pairs["a"], *pairs["b"]])
    unpaired = pairs["se_unpaired"].notna().any()  # swapped seatings give differences only
    lines.append(
        f"\n{'a':<{name}}{'b':<{name}}{'a - b':>9}{'se':>8}   95% interval"
        + ("   se if unpaired" if unpaired else "")
    )
    for row in pairs.itertuples(index=False):
        line = f"{row.a:<{name}}{row.b:<{name}}{_difference(row)}"
        if not math.isnan(row.se_unpaired):
            line += f"   {row.se_unpaired:>10.3f}"
        lines.append(line)
    differences, errors = matrix(pairs), matrix(pairs, "se")
    width = max(18, *(len(name) + 2 for name in differences.columns))
    lines.append(f"\nmatrix: row minus column, mean per {unit} ± standard error")
    lines.append(" " * width + "".join(f"{name:>{width}}" for name in differences.columns))
    for a in differences.index:
        cells = "".join(
            f"{_cell(differences.loc[a, b], errors.loc[a, b]):>{width}}" for b in differences
        )
        lines.append(f"{a:<{width}}{cells}")
    return "\n".join(lines)


def role_text(title: str, pairs: pd.DataFrame) -> str:
    """Every pair's paired difference in one role, with the deals where both held it (a
    dash where there were none)."""
    name = _name_width([*pairs["a"], *pairs["b"]])
    rows = list(pairs.itertuples(index=False))
    estimates = [_difference(row) for row in rows]
    head = f"{'a - b':>9}{'se':>8}   95% interval"
    width = max(len(text) for text in [head, *estimates])
    lines = [title, f"{'a':<{name}}{'b':<{name}}{head:<{width}}   deals"]
    for row, estimate in zip(rows, estimates, strict=True):
        lines.append(f"{row.a:<{name}}{row.b:<{name}}{estimate:<{width}}   {row.n:,}")
    return "\n".join(lines)


def compare_json(
    about: dict[str, Any],
    means: pd.DataFrame | None,
    pairs: pd.DataFrame,
    roles: dict[str, pd.DataFrame] | None = None,
) -> str:
    """{about..., "policies": [...], "pairs": [...], "roles": {role: [pairs...]} (Pitch
    strategies), "matrix": {a: {b: a - b}}, "matrix_se": {a: {b: se}}}."""
    body = dict(about)
    if means is not None:
        body["policies"] = _records(means.reset_index())
    body["pairs"] = _records(pairs)
    if roles:
        body["roles"] = {role: _records(role_pairs) for role, role_pairs in roles.items()}
    body["matrix"] = matrix(pairs).to_dict(orient="index")
    body["matrix_se"] = matrix(pairs, "se").to_dict(orient="index")
    return jsonout.dumps(body, indent=2)


ADVICE_QUANTITIES = (
    "P(wins contract)",
    "P(made | wins)",
    "E[score change]",
    "difference from best",
)


def advice_text(table: pd.DataFrame, header: str, advice: str) -> str:
    """A row per call (the best first): trump, each quantity with its 95% interval."""
    lines = [header, f"{'call':<8}{'trump':>6}  " + "".join(f"{q:<30}" for q in ADVICE_QUANTITIES)]
    for call, row in table.iterrows():
        cells = []
        for quantity in ADVICE_QUANTITIES:
            value, low, high = (row[quantity], row[f"{quantity} low"], row[f"{quantity} high"])
            if math.isnan(value):
                cells.append(f"{'-':<30}")
            else:
                spec = ".2%" if quantity.startswith("P(") else "+.3f"
                cells.append(f"{f'{value:{spec}} {interval_text(low, high, spec)}':<30}")
        lines.append(f"{call:<8}{row['trump']:>6}  " + "".join(cells).rstrip())
    lines.append(advice)
    return "\n".join(lines)


def advice_json(table: pd.DataFrame, about: dict[str, Any], advice: dict[str, Any]) -> str:
    """{about..., "calls": {call: {trump, deals, quantity: {estimate, se, low, high}}},
    recommendation}; a missing value is null."""
    calls = {}
    for call, row in table.iterrows():
        entry: dict[str, Any] = {"trump": row["trump"], "deals": int(row["deals"])}
        for quantity in ADVICE_QUANTITIES:
            entry[quantity] = {
                "estimate": _number(row[quantity]),
                **{key: _number(row[f"{quantity} {key}"]) for key in ("se", "low", "high")},
            }
        calls[str(call)] = entry
    return jsonout.dumps(about | {"calls": calls, "recommendation": advice}, indent=2)
