"""JSON for the command line's `--json`: a statistic that is not defined (the standard
error of one deal, a rate of no trials) is written `null`. Python's `json` writes such a
number as `NaN`, which is not JSON: strict readers (`jq`, JavaScript, most other languages)
refuse the whole output."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np


def finite(value: Any) -> Any:
    """`value` with every number that is not finite (NaN, an infinity) replaced by None,
    through dicts, lists and tuples; numpy scalars become the Python numbers `json` takes."""
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [finite(item) for item in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def dumps(value: Any, **options: Any) -> str:
    """`json.dumps(value, **options)` with undefined numbers written null: the text is
    always valid JSON."""
    return json.dumps(finite(value), allow_nan=False, **options)
