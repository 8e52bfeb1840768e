"""Strategy labels: a number's sign is not a join, every label has one canonical form, and a
run is the same run however its labels were written (so --resume takes it up)."""

import json
import shutil

import numpy as np
import pytest

from sims.run.backends import Embedded
from sims.run.dataset import MANIFEST, DatasetError, write_run
from sims.run.runner import RunSpec
from sims.strategies import StrategyError, resolve
from sims.strategies.registry import canonical
from tests.conftest import call
from tests.test_dataset import folder_bytes

PHAT = RunSpec("phat", 4, 1_200, seats=("greedy",))


@pytest.mark.parametrize(
    ("label", "game", "same_as"),
    [
        ("greedy:guard_big_phat=+1", "phat", "greedy"),
        ("greedy:guard_big_phat=01", "phat", "greedy:guard_big_phat=1.0"),
        ("ismcts:iterations=1e+3", "phat", "ismcts"),
        ("greedy:margin=-0", "pitch", "greedy:margin=0.0"),
        ("threshold:margin=0.50000+greedy", "pitch", "greedy+threshold:margin=.5"),
        ("threshold", "pitch", "greedy:margin=0+threshold:steal=1"),
        ("lead_phat", "phat", "greedy+lead_phat"),
    ],
)
def test_labels_that_play_the_same_have_one_canonical_form(label, game, same_as):
    written = canonical(label, game)
    assert written == canonical(same_as, game)
    assert canonical(written, game) == written
    for kind in ("play", "lead", "bid"):
        rows = [getattr(resolve(text, game), f"{kind}_params") for text in (label, written)]
        np.testing.assert_array_equal(*rows)


def test_a_canonical_label_names_every_parameter_in_one_form():
    assert canonical("greedy", "phat") == "greedy:guard_big_phat=1"
    assert canonical("threshold:margin=0.50000", "pitch") == (
        "greedy:margin=0+threshold:margin=0.5:steal=1"
    )
    with pytest.raises(StrategyError, match="takes a whole number"):
        canonical("greedy:guard_big_phat=+2", "phat")
    with pytest.raises(StrategyError, match="unknown strategy"):
        canonical("greedy+1", "phat")


def test_a_signed_parameter_is_taken_on_the_command_line(capsys):
    code, _, err = call(
        capsys,
        "simulate",
        "phat",
        "--deals",
        "20",
        "--quiet",
        "--strategy",
        "greedy:guard_big_phat=+1",
    )
    assert code == 0, err
    assert "not ''" not in err


def test_the_metadata_records_the_strategies_in_canonical_form():
    meta = RunSpec("pitch", 1, 10, seats=("threshold:margin=0.50000+greedy",)).metadata()
    assert meta["seats"] == ["threshold:margin=0.50000+greedy"] * 4
    assert meta["strategies"] == ["greedy:margin=0+threshold:margin=0.5:steal=1"] * 4


def test_a_run_resumed_under_labels_written_otherwise_is_the_same_run(tmp_path):
    whole, resumed = tmp_path / "whole", tmp_path / "resumed"
    write_run(whole, PHAT, Embedded(), size=400)
    write_run(resumed, PHAT, Embedded(), size=400)
    (resumed / "deals" / "part-000001.parquet").unlink()
    retyped = RunSpec("phat", 4, 1_200, seats=("greedy:guard_big_phat=01",))
    write_run(resumed, retyped, Embedded(), size=400, resume=True)
    assert folder_bytes(resumed) == folder_bytes(whole)
    other = RunSpec("phat", 4, 1_200, seats=("greedy:guard_big_phat=0",))
    with pytest.raises(DatasetError, match="holds another run.*seats"):
        write_run(resumed, other, Embedded(), size=400, resume=True)


def test_a_manifest_without_canonical_strategies_is_still_resumed(tmp_path):
    directory = tmp_path / "old"
    write_run(directory, PHAT, Embedded(), size=400)
    lines = (directory / MANIFEST).read_text().splitlines()
    header = json.loads(lines[0])
    del header["run"]["strategies"]  # as written before they were recorded
    (directory / MANIFEST).write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    kept = tmp_path / "kept"
    shutil.copytree(directory, kept)
    retyped = RunSpec("phat", 4, 1_200, seats=("greedy:guard_big_phat=1",))
    write_run(directory, retyped, Embedded(), size=400, resume=True)
    assert folder_bytes(directory) == folder_bytes(kept)
