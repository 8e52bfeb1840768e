"""A Dask scheduler without workers, and one whose workers leave, end a run with a clear
message within a bounded time; a closed port is refused at once. Every server here listens
on the loopback only and is stopped by the test that started it."""

import contextlib
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator

import pytest

from sims.run.backends import CLUSTER_VARIABLE, ClusterError, DaskCluster, backend, default_backend
from tests.conftest import call

BIN = os.path.dirname(sys.executable)
START_SECONDS = 60  # the longest a scheduler or worker may take to start


@contextlib.contextmanager
def started(*args: str) -> Iterator[tuple[subprocess.Popen, str]]:
    """A `dask ARGS` process and the first address it logs (waited for), stopped at the
    end: SIGTERM, then SIGKILL if it lingers. Its log is read all along, so that a full
    pipe never blocks it."""
    process = subprocess.Popen(
        [os.path.join(BIN, "dask"), *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [*map(lines.put, process.stderr)], daemon=True)
    reader.start()
    try:
        yield process, _address(lines)
    finally:
        stop(process)
        reader.join(10)


def _address(lines: queue.Queue) -> str:
    """The first loopback address among the log `lines`, within START_SECONDS."""
    deadline = time.monotonic() + START_SECONDS
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            break
        for word in line.split():
            if word.startswith("tcp://127.0.0.1:"):
                return word
    raise RuntimeError(f"dask did not log its address within {START_SECONDS} s")


def stop(process: subprocess.Popen) -> None:
    """End `process` (one this module started), waiting at most a few seconds."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a Dask scheduler on the loopback, with no worker."""
    with started("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard") as (_, at):
        yield at


def test_a_scheduler_without_workers_ends_the_run_naming_it(scheduler, capsys, tmp_path):
    began = time.monotonic()
    code, out, err = call(
        capsys,
        "simulate",
        "phat",
        "--deals",
        "2000",
        "--cluster",
        scheduler,
        "--stall",
        "20",
        "--connect-timeout",
        "3",
        "--quiet",
    )
    assert time.monotonic() - began < 20
    assert code == 2 and out == "", err
    assert f"no workers joined {scheduler} within 3 s" in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_run_left_without_workers_stops_after_the_silence_allowed(scheduler):
    worker_args = (
        "worker",
        scheduler,
        "--host",
        "127.0.0.1",
        "--no-nanny",
        "--nthreads",
        "1",
        "--no-dashboard",
        "--death-timeout",
        "60",
    )
    with started(*worker_args) as (worker, _):
        cluster = DaskCluster(scheduler, threads=1, connect_timeout=START_SECONDS, silence=2)
        try:
            assert sorted(cluster.imap(max, 1, [2, 0])) == [(0, 1), (2, 2)]
            stop(worker)
            began = time.monotonic()
            with pytest.raises(ClusterError, match=f"no worker on {scheduler} for 2 s"):
                list(cluster.imap(max, 1, [2, 0]))
            assert time.monotonic() - began < 20
        finally:
            cluster.close()


def test_a_closed_port_is_refused_at_once():
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]  # free once closed: nothing listens there
    began = time.monotonic()
    with pytest.raises(ClusterError, match="connection refused: nothing listens there"):
        backend(f"tcp://127.0.0.1:{port}", connect_timeout=30)
    assert time.monotonic() - began < 5


def test_the_cluster_variable_waits_for_workers_as_long_as_asked(scheduler, monkeypatch):
    monkeypatch.setenv(CLUSTER_VARIABLE, scheduler)
    began = time.monotonic()
    with pytest.raises(ClusterError, match=f"={scheduler}: no workers joined .* within 2 s"):
        default_backend(connect_timeout=2, silence=5)
    assert time.monotonic() - began < 15


def test_simulate_reads_the_cluster_variable_as_every_command_does(monkeypatch, capsys):
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]  # free once closed: nothing listens there
    monkeypatch.setenv(CLUSTER_VARIABLE, f"tcp://127.0.0.1:{port}")
    code, _, err = call(capsys, "simulate", "phat", "--deals", "10", "--quiet")
    assert code != 0
    assert f"{CLUSTER_VARIABLE}=tcp://127.0.0.1:{port}" in err and "connection refused" in err


def test_two_local_clusters_at_once_take_free_local_ports_without_a_warning():
    with warnings.catch_warnings(), contextlib.ExitStack() as stack:
        warnings.simplefilter("error")  # a taken port had warned (and left a socket open)
        clusters = []
        for _ in range(2):
            clusters.append(DaskCluster("local:1"))
            stack.callback(clusters[-1].close)
        servers = [cluster._cluster.scheduler.http_server for cluster in clusters]
        assert servers[0].port != servers[1].port
        assert {server.address for server in servers} == {"127.0.0.1"}
