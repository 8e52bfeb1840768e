"""The word a command says while numba compiles its kernels (sims.run.compiling): once, only
for a compile that lasts, from any thread, and where progress shows; a run that loads its
kernels from the cache says nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time

import pytest
from numba.core import event

from sims.run import compiling
from sims.run.compiling import noticing_compiles

TOLD = "(a game's first run compiles them, a minute or two; later runs load them from the cache)"


def compile_for(seconds: float, inner: float = 0.0) -> None:
    """What numba signals for a compile of `seconds`, with a callee's compile of `inner`."""
    with event.trigger_event("numba:compile"):
        if inner:
            with event.trigger_event("numba:compile"):
                time.sleep(inner)
        time.sleep(seconds)


def test_a_compile_that_lasts_is_told_once_from_any_thread(monkeypatch):
    monkeypatch.setattr(compiling, "NOTICE_SECONDS", 0.2)
    told: list[str] = []
    with noticing_compiles(lambda: told.append("compiling")):
        worker = threading.Thread(target=compile_for, args=(0.3, 0.1))  # as a kernel's thread
        worker.start()
        worker.join()
        assert told == ["compiling"]
        compile_for(0.5)
    assert told == ["compiling"]


def test_compiles_shorter_than_the_notice_are_not_told_however_many(monkeypatch):
    monkeypatch.setattr(compiling, "NOTICE_SECONDS", 0.4)
    told: list[str] = []
    with noticing_compiles(lambda: told.append("compiling")):
        for _ in range(6):
            compile_for(0.05, inner=0.05)
        time.sleep(0.5)  # a timer left running would fire here
    assert told == []


def test_nothing_is_told_outside_the_block_or_where_not_wanted(monkeypatch):
    monkeypatch.setattr(compiling, "NOTICE_SECONDS", 0.1)
    told: list[str] = []
    with noticing_compiles(lambda: told.append("compiling"), enabled=False):
        compile_for(0.3)
    with noticing_compiles(lambda: told.append("compiling")):
        pass
    compile_for(0.3)
    assert told == []


def test_a_real_first_compile_is_told_and_a_load_from_the_cache_is_not(tmp_path):
    """Two fresh processes compile the same cached function, which numba takes half a
    second to type: the first compiles it and says so, the second loads it and does not."""
    (tmp_path / "typed_slowly.py").write_text(
        textwrap.dedent(
            """
            import time
            from numba import njit
            from numba.extending import overload

            def add_one(x):
                return x + 1

            @overload(add_one)
            def _add_one(x):
                time.sleep(0.5)
                return lambda x: x + 1

            @njit(cache=True)
            def kernel(x):
                return add_one(x)
            """
        )
    )
    script = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(tmp_path)!r})
        from sims.run import compiling
        compiling.NOTICE_SECONDS = 0.2
        told = []
        with compiling.noticing_compiles(lambda: told.append(1)):
            import typed_slowly
            assert typed_slowly.kernel(1) == 2
        print(len(told))
        """
    )
    environment = os.environ | {"ALLFOURS_CACHE_DIR": str(tmp_path / "cache")}
    counts = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=environment
        )
        assert done.returncode == 0, done.stderr
        counts.append(done.stdout.strip())
    assert counts == ["1", "0"]


@pytest.mark.parametrize(
    "flags",
    [["--progress"], ["--progress", "--aggregate"], [], ["--progress", "--quiet"]],
    ids=["rows", "counters", "no progress", "quiet"],
)
def test_simulate_tells_of_its_kernels_compiling_where_progress_shows(
    monkeypatch, capsys, tmp_path, flags
):
    """The compile happens in the kernel's own thread, beside the progress bar."""
    from sims.run import runner
    from sims.tools import cli

    compile_kernel = runner._compile

    def slow_compile(kernel, arguments):
        compile_for(0.6)
        compile_kernel(kernel, arguments)

    monkeypatch.setattr(runner, "_compile", slow_compile)
    monkeypatch.setattr(compiling, "NOTICE_SECONDS", 0.2)
    out = tmp_path / ("phat" if "--aggregate" in flags else "phat.parquet")  # a folder of counters
    assert cli.main(["simulate", "phat", "--deals", "200", "--out", str(out), *flags]) == 0
    err = capsys.readouterr().err
    shown = "--progress" in flags and "--quiet" not in flags
    assert (f"compiling the kernels for phat {TOLD}" in err) == shown, err


@pytest.mark.parametrize("terminal", [True, False], ids=["terminal", "not a terminal"])
@pytest.mark.parametrize(
    "command",
    [
        ["odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--deals", "200", "--trump", "H"],
        ["odds", "pitch", "--hand", "AH JH 5H KS 3C 2D", "--deals", "200", "--quiet"],
        ["compare", "phat", "--strategies", "random,greedy", "--deals", "50"],
        ["strategies"],
    ],
    ids=["odds", "odds quiet", "compare", "strategies"],
)
def test_every_command_tells_of_its_kernels_compiling_on_a_terminal(
    monkeypatch, capsys, command, terminal
):
    from sims.tools import cli
    from sims.tools.commands import compare, odds, strategies

    for module in (odds, compare, strategies):
        handler = module.run

        def slowly(args, handler=handler):
            compile_for(0.6)
            return handler(args)

        monkeypatch.setattr(module, "run", slowly)
    monkeypatch.setattr(compiling, "NOTICE_SECONDS", 0.2)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: terminal)
    assert cli.main(command) == 0
    err = capsys.readouterr().err
    kernels = "the kernels" if command[0] == "strategies" else f"the kernels for {command[1]}"
    shown = terminal and "--quiet" not in command
    assert (f"compiling {kernels} {TOLD}" in err) == shown, err
