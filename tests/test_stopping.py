"""SIGTERM and SIGHUP stop a command as Ctrl-C does: what is incomplete is removed, what is
finished is kept, and the command ends in one line with status 128 + the signal."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from sims.run.stopping import Stopped, describe, signal_number, stop_on_termination
from tests.conftest import command


def test_sighup_and_sigterm_raise_stopped_while_the_block_runs_and_handlers_come_back():
    before = signal.getsignal(signal.SIGHUP)
    for signum in (signal.SIGHUP, signal.SIGTERM):
        with pytest.raises(Stopped) as raised, stop_on_termination():
            os.kill(os.getpid(), signum)
            time.sleep(5)  # the handler runs at once; this is never finished
        assert signal_number(raised.value) == signum
        assert describe(raised.value) == f"stopped by {signal.Signals(signum).name}"
    assert signal.getsignal(signal.SIGHUP) == before
    assert describe(KeyboardInterrupt()) == "interrupted"


def start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def wait_for(predicate, process: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + 300
    while not predicate():
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"the command ended or stalled before {what}")
        time.sleep(0.002)


def test_sigterm_while_the_log_is_written_keeps_the_previous_run_s_file(tmp_path):
    rows = tmp_path / "x.parquet"
    first = start("simulate", "pitch", "--deals", "500", "--quiet", "--out", str(rows))
    assert first.wait(timeout=300) == 0
    before = rows.read_bytes()
    log = tmp_path / "t.jsonl"
    process = start(
        "simulate",
        "pitch",
        "--deals",
        "150000",
        "--seed",
        "1",
        "--quiet",
        "--force",
        "--out",
        str(rows),
        "--log",
        str(log),
    )
    wait_for(lambda: any(tmp_path.glob("*t.jsonl*.tmp")), process, "the log was begun")
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 128 + signal.SIGTERM == 143
    assert err == "allfours: stopped by SIGTERM; nothing was written\n"
    assert list(tmp_path.iterdir()) == [rows]
    assert rows.read_bytes() == before


def _wait_for(pid: int, entry: str, text: str, what: str) -> None:
    """Wait until `/proc/PID/ENTRY` of process `pid` holds `text`; else fail saying it
    did not `what`."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            if text.encode() in Path(f"/proc/{pid}/{entry}").read_bytes():
                return
        time.sleep(0.002)
    raise AssertionError(f"process {pid} did not {what}")


def test_ctrl_c_during_start_up_ends_in_one_line(tmp_path):
    """Ctrl-C while the command is still importing its libraries (about a second; numpy
    first). A fixed delay instead raced a busy machine's start-up into the command
    module's own imports, before it can answer a signal."""
    process = subprocess.Popen(
        command("simulate", "pitch", "--deals", "10", "--out", str(tmp_path / "x.parquet")),
        stderr=subprocess.PIPE,
        text=True,
    )
    # A signal sent between fork and exec reaches the copy of the parent and is lost.
    _wait_for(process.pid, "cmdline", "simulate", "start its command")
    _wait_for(process.pid, "maps", "/numpy/", "import numpy")  # maps a file of numpy's
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 130, err
    assert err == "allfours: interrupted; nothing was written\n"
    assert list(tmp_path.iterdir()) == []
