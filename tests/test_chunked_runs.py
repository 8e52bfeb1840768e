"""A run's rows do not depend on where or in what pieces it is played: chunk sizes,
thread counts, Dask workers, and a worker killed mid-run all give the same rows."""

import contextlib
import dataclasses
import os
import signal
import socket
import threading
import time
from collections.abc import Callable, Iterator

import numpy as np
import pandas as pd
import pytest

from sims.descriptors import game, register, unregister
from sims.run import backends
from sims.run.backends import ClusterError, DaskCluster, Embedded, backend
from sims.run.dataset import read_rows
from sims.run.outcomes import field_bytes
from sims.run.runner import (
    DEFAULT_CHUNK,
    RunSpec,
    StrategyFault,
    chunks,
    play_chunk,
    run,
    spread_chunk,
)
from tests.conftest import call

PITCH = RunSpec("pitch", 11, 6_000, seats=("threshold+greedy",), variants=("players=5",))
PHAT_GAMES = RunSpec("phat", 4, 300, games=True, seats=("greedy",), variants=("target=61",))
SEARCHED = RunSpec("phat", 3, 8, seats=("guided_ismcts:iterations=60",))  # a strong player


def test_chunks_cover_the_run_once_in_order():
    pieces = chunks(PITCH, 1_000)
    assert [p.first for p in pieces] == list(range(0, 6_000, 1_000))
    assert sum(p.count for p in pieces) == PITCH.count
    odd = chunks(PITCH, 2_500)
    assert [(p.first, p.count) for p in odd] == [(0, 2_500), (2_500, 2_500), (5_000, 1_000)]


@pytest.mark.parametrize("spec", [PITCH, PHAT_GAMES], ids=["pitch deals", "phat games"])
def test_rows_are_the_same_for_any_chunk_size_and_thread_count(spec):
    whole = run(spec, chunk=1 << 18).table
    for size, threads in ((977, 1), (64, 2), (5_000, 2)):
        pieces = run(spec, chunk=size, backend=Embedded(threads)).table
        assert field_bytes(pieces) == field_bytes(whole)


def test_a_chunk_is_the_matching_slice_of_the_whole_run():
    whole = run(PITCH).table
    piece = chunks(PITCH, 1_000)[3]
    assert field_bytes(play_chunk(PITCH, piece).table) == field_bytes(whole[3_000:4_000])


@pytest.fixture(scope="module")
def cluster():
    for spec in (PITCH, PHAT_GAMES, SEARCHED):  # compiled here once: the workers load them
        run(dataclasses.replace(spec, count=1))
    dask = DaskCluster("local:2", threads=1)
    yield dask
    dask.close()


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_embedded_rows(cluster):
    for spec, chunk in ((PITCH, 700), (PHAT_GAMES, 700), (SEARCHED, 3)):
        on_dask = run(spec, chunk=chunk, backend=cluster).table
        assert field_bytes(on_dask) == field_bytes(run(spec).table)


@pytest.mark.slow
def test_runs_given_no_backend_share_the_cluster_the_variable_names(monkeypatch):
    monkeypatch.setenv(backends.CLUSTER_VARIABLE, "local:2")
    try:
        first = run(PITCH)  # cut into several chunks per worker
        shared = backends.default_backend()
        assert isinstance(shared, DaskCluster) and len(shared.workers()) == 2
        second = run(PHAT_GAMES)
        assert backends.default_backend() is shared, "a second run started another cluster"
    finally:
        for started in backends._shared.values():
            started.close()
        backends._shared.clear()
    monkeypatch.delenv(backends.CLUSTER_VARIABLE)
    assert isinstance(backends.default_backend(), Embedded)
    assert field_bytes(first.table) == field_bytes(run(PITCH).table)
    assert field_bytes(second.table) == field_bytes(run(PHAT_GAMES).table)


@pytest.mark.parametrize("count", [1, 3, 7, 8, 1_428, 6_000, 10**6, 10**9])
@pytest.mark.parametrize("players", [1, 2, 5])
def test_a_run_given_no_chunk_size_gives_each_worker_several_chunks(count, players):
    size = spread_chunk(count, players)
    assert 1 <= size <= DEFAULT_CHUNK
    pieces = -(-count // size)
    if players == 1:
        assert size == DEFAULT_CHUNK  # in this process: as few kernel calls as may be
    elif size < DEFAULT_CHUNK:  # no worker idles while another plays a big last chunk
        assert pieces >= min(count, 4 * players) and pieces <= 4 * players + 1
    else:  # only the memory bound limits a huge run's chunks
        assert count > 4 * players * (DEFAULT_CHUNK - 1)


def test_a_chunk_size_given_as_zero_is_refused_not_replaced_by_the_default():
    with pytest.raises(ValueError, match="chunk size must be positive"):
        run(PITCH, chunk=0)


def test_a_cluster_variable_naming_no_cluster_fails_in_one_line(monkeypatch):
    monkeypatch.setenv(backends.CLUSTER_VARIABLE, "nowhere")
    with pytest.raises(ClusterError, match="'nowhere' is neither local"):
        run(PITCH)
    assert not backends._shared


@pytest.mark.slow
def test_workers_load_the_cached_kernels_once_and_keep_them(cluster):
    run(PITCH, chunk=500, backend=cluster)  # 12 chunks over 2 workers

    def kernel_stats():
        from sims.games.pitch.deal import run_units_nb  # the worker's own (a pickle is a copy)

        stats = run_units_nb.stats
        hits, misses = sum(stats.cache_hits.values()), sum(stats.cache_misses.values())
        return hits, misses, len(run_units_nb.signatures)

    for hits, misses, signatures in cluster.client.run(kernel_stats).values():
        assert misses == 0, "a worker compiled instead of loading the cached kernel"
        assert (hits, signatures) == (1, 1), "a worker reloaded the kernel for a chunk"


@pytest.mark.slow
def test_a_worker_killed_mid_run_has_its_chunks_played_again_with_the_same_rows(cluster):
    expected = run(PITCH, chunk=100).table
    killed = []
    original = cluster.imap

    def imap_killing_a_worker(*args):
        for done, (piece, part) in enumerate(original(*args)):
            if done == 2:  # other chunks are queued on or playing at the workers now
                pid = cluster.workers()[a_busy_worker(cluster)]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
            yield piece, part

    cluster.imap = imap_killing_a_worker
    try:
        rows = run(PITCH, chunk=100, backend=cluster).table
    finally:
        cluster.imap = original
    assert killed and killed[0] not in cluster.workers().values()
    assert field_bytes(rows) == field_bytes(expected)


def a_busy_worker(cluster: DaskCluster, wait: float = 5.0) -> str:
    """The address of a worker holding a chunk. Between two chunks both workers may hold
    none for a moment, so ask again; past `wait` seconds, any worker."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        processing = cluster.client.processing()
        busy = [address for address, tasks in sorted(processing.items()) if tasks]
        if busy:
            return busy[0]
        time.sleep(0.005)
    return sorted(cluster.workers())[0]


def test_a_bad_cluster_address_is_a_clear_error():
    for address in ("local:0", "local:x", "8786", "somewhere"):
        with pytest.raises(ClusterError, match="--cluster"):
            backend(address)


@contextlib.contextmanager
def pitch_playing(kernel: Callable[..., None]) -> Iterator[RunSpec]:
    """PITCH as a game whose deal loop is `kernel`: registered for the test, then removed."""
    faulty = dataclasses.replace(
        game("pitch"), name="faulty_pitch", plays_as="pitch", kernel=kernel
    )
    register(faulty)
    try:
        yield dataclasses.replace(PITCH, game=faulty.name)
    finally:
        unregister(faulty.name)


def test_a_strategy_that_raises_is_reported_with_seed_and_deals():
    def failing(seed, first, count, games, cap, rules, fids, params, out, *rest):
        if first == 2_000:  # deal 2040 of the third chunk raises
            out["deal"][:40] = np.arange(first, first + 40)
            raise SystemError("returned a result with an exception set")
        out["deal"] = np.arange(first, first + count)

    with pitch_playing(failing) as spec:
        with pytest.raises(StrategyFault, match=r"raised an error .* seed 11, deal 2040;"):
            run(spec, chunk=1_000, backend=Embedded(), stall=5)


def test_a_strategy_that_loops_is_stopped_naming_the_unfinished_deal():
    release = threading.Event()

    def looping(seed, first, count, games, cap, rules, fids, params, out, *rest):
        out["deal"][:17] = np.arange(first, first + 17)  # 17 deals finish, then a loop
        release.wait(30)

    with pitch_playing(looping) as spec:
        try:
            with pytest.raises(
                StrategyFault, match=r"seems to loop .* seed 11, deal 17 unfinished"
            ):
                run(spec, chunk=1_000, stall=0.5)
        finally:
            release.set()


@pytest.mark.slow
def test_the_command_joins_a_running_scheduler_by_address(cluster, capsys, tmp_path):
    address = cluster.client.scheduler.address
    assert address.startswith("tcp://")
    args = ["simulate", "pitch", "--deals", "3000", "--seed", "2", "--chunk", "400"]
    code, remote, err = call(capsys, *args, "--cluster", address, "--out", str(tmp_path / "r"))
    assert code == 0, err
    assert call(capsys, *args, "--out", str(tmp_path / "e"))[1] == remote
    pd.testing.assert_frame_equal(read_rows(tmp_path / "r"), read_rows(tmp_path / "e"))


@pytest.fixture
def silent_listener():
    """A TCP listener on the loopback that accepts connections and never answers."""
    server = socket.create_server(("127.0.0.1", 0))
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    server.close()


@pytest.fixture
def other_server():
    """A server on the loopback that answers every connection as a web server would."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def answer() -> None:
        while not stop.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            with connection:
                connection.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Length: 0\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join()
    server.close()


@pytest.mark.slow
@pytest.mark.parametrize("server", ["silent_listener", "other_server"])
def test_an_address_without_a_scheduler_fails_in_one_line_within_the_deadline(
    server, request, capsys, tmp_path
):
    address = request.getfixturevalue(server)
    started = time.monotonic()
    code, out, err = call(
        capsys,
        "simulate",
        "pitch",
        "--deals",
        "10",
        "--cluster",
        address,
        "--connect-timeout",
        "3",
        "--out",
        str(tmp_path / "x.parquet"),
    )
    assert time.monotonic() - started < 20
    assert code == 2 and out == ""
    assert err.startswith(f"allfours: error: no Dask scheduler answers at {address} (")
    assert len(err.splitlines()) == 1 and list(tmp_path.iterdir()) == []
