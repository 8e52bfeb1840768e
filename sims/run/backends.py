"""Where a run's chunks are played: in this process over numba's threads (the embedded
default), or on a Dask distributed cluster (an existing scheduler, or worker processes
started on this machine). The chunk function and its results are the same on every
backend, so a run's rows do not depend on which one plays it."""

from __future__ import annotations

import asyncio
import atexit
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

import numba

from sims.core.options import quoted

Piece = TypeVar("Piece")
CONNECT_TIMEOUT = 30.0  # seconds to join a scheduler, from the first try to a ready client
SILENCE = 300.0  # seconds a run waits on a cluster with no worker (the default --stall)
POLL_SECONDS = 1.0  # how often a run waiting on a cluster checks that it has workers
READY_SECONDS = 0.1  # how often it looks for chunks done (as Dask's as_completed does)
# A cluster for every run of a process that names no backend (`local[:N]` or an address, as
# --cluster takes): how a notebook's runs go to a cluster without a change to the notebook.
CLUSTER_VARIABLE = "ALLFOURS_CLUSTER"


class ClusterError(ValueError):
    """A --cluster address that names no usable cluster."""


class Backend(Protocol):
    in_process: bool  # whether chunks play in this process (and can report from inside)

    def players(self) -> int:
        """How many chunks it plays at once: a run given no chunk size is cut so that
        each gets several."""
        ...

    def imap(
        self, function: Callable[..., Any], spec: Any, pieces: Sequence[Piece], *args: Any
    ) -> Iterator[tuple[Piece, Any]]:
        """Yield `(piece, function(spec, piece, *args))` for every piece, in any order."""
        ...

    def close(self) -> None: ...


class Embedded:
    """Chunks played one after another in this process, each over numba's threads."""

    in_process = True

    def __init__(self, threads: int | None = None) -> None:
        self.threads = threads

    def players(self) -> int:
        return 1  # one chunk at a time, over all the threads

    def imap(
        self, function: Callable[..., Any], spec: Any, pieces: Sequence[Piece], *args: Any
    ) -> Iterator[tuple[Piece, Any]]:
        if self.threads is not None:
            numba.set_num_threads(min(self.threads, numba.config.NUMBA_NUM_THREADS))
        for piece in pieces:
            yield piece, function(spec, piece, *args)

    def close(self) -> None:
        pass


def _in_worker(function: Callable[..., Any], threads: int | None, *args: Any) -> Any:
    """Run one chunk on a Dask worker with `threads` numba threads (None: all it has). The
    worker process keeps its loaded kernels from one chunk to the next."""
    if threads is not None:
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    return function(*args)


class DaskCluster:
    """Chunks played on Dask distributed: `tcp://host:port` (any address a Dask client
    takes) joins a running scheduler, within `connect_timeout` seconds in all, and waits as
    long again for its first worker; `local` or `local:N` starts N worker processes here
    (default: one per core), each playing on its share of the cores. A worker lost in the
    middle of a chunk has the chunk played again elsewhere, with the same result; a run
    left with no worker for `silence` seconds (0: for ever) fails, naming the cluster."""

    in_process = False

    def __init__(
        self,
        address: str,
        threads: int | None = None,
        connect_timeout: float = CONNECT_TIMEOUT,
        silence: float = SILENCE,
    ) -> None:
        try:
            from dask.distributed import Client, LocalCluster
        except ImportError as missing:  # pragma: no cover - a dependency of the package
            raise ClusterError("--cluster needs dask[distributed] installed") from missing
        self._cluster = None
        self.threads, self.silence = threads, silence
        local = address == "local" or address.startswith("local:")
        deadline = time.monotonic() + connect_timeout
        if local:
            workers = _local_workers(address)
            self.threads = threads or max(1, (os.cpu_count() or 1) // workers)
            self._cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                # Its scheduler's HTTP routes on a free local port: on the dashboard's
                # (8787) a second cluster warned that the port was taken.
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                silence_logs=40,  # errors only: progress goes to the run's own bar
            )
            address = self._cluster.scheduler_address
        elif "://" not in address:
            raise ClusterError(
                f"--cluster {quoted(address)} is neither local[:N] nor a scheduler address such as "
                "tcp://host:8786"
            )
        else:
            check_scheduler(address, connect_timeout)
        self.address = address
        try:
            left = connect_timeout if local else max(1.0, deadline - time.monotonic())
            self.client = Client(address, timeout=left)
        except (OSError, TimeoutError) as error:
            self.close()
            raise ClusterError(f"no Dask scheduler answers at {address}: {error}") from None
        if not local:
            self._await_worker(connect_timeout)

    def _await_worker(self, seconds: float) -> None:
        """Wait up to `seconds` for the scheduler's first worker; ClusterError, the client
        closed, when none joins: chunks sent to a scheduler without workers wait for ever."""
        try:
            self.client.wait_for_workers(1, timeout=seconds)
        except (OSError, TimeoutError):  # WorkerStartTimeoutError, or the scheduler gone
            self.close()
            raise ClusterError(
                f"no workers joined {self.address} within {seconds:g} s: start some there "
                f"(dask worker {self.address}), or give another --cluster"
            ) from None

    def imap(
        self, function: Callable[..., Any], spec: Any, pieces: Sequence[Piece], *args: Any
    ) -> Iterator[tuple[Piece, Any]]:
        from dask.distributed import as_completed

        futures = {
            self.client.submit(
                _in_worker, function, self.threads, spec, piece, *args, pure=False
            ): piece
            for piece in pieces
        }
        completed = as_completed(futures)
        try:
            while not completed.is_empty():
                for future in self._next_done(completed):
                    yield futures[future], future.result()
        finally:
            self.client.cancel(list(futures))

    def _next_done(self, completed: Any) -> list[Any]:
        """The futures of `completed` (a Dask `as_completed`) done next, waiting for one;
        ClusterError once the cluster has had no worker for `silence` seconds."""
        heard = checked = time.monotonic()
        while not completed.has_ready():
            time.sleep(READY_SECONDS)
            if time.monotonic() - checked >= POLL_SECONDS:
                heard, checked = self._check_silence(heard), time.monotonic()
        return completed.next_batch(block=False)

    def _check_silence(self, heard: float) -> float:
        """When a worker was last seen (now, if one is there); ClusterError once the
        cluster has had none for `silence` seconds."""
        now = time.monotonic()
        try:
            if self.client.nthreads(callback_timeout=POLL_SECONDS * 5):
                return now
        except (OSError, TimeoutError):  # the scheduler does not answer: no worker either
            pass
        if 0 < self.silence < now - heard:
            raise ClusterError(
                f"no worker on {self.address} for {self.silence:g} s (--stall): the chunks "
                "not yet played wait for workers that are gone or never joined"
            )
        return heard

    def workers(self) -> dict[str, int]:
        """Process id of every worker, by address."""
        return self.client.run(os.getpid)

    def players(self) -> int:
        return max(1, len(self.client.scheduler_info()["workers"]))

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is not None:
            client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None


def check_scheduler(address: str, seconds: float) -> None:
    """ClusterError, within `seconds`, unless a Dask scheduler answers at `address`: a
    listener that never answers, another kind of server or nothing at all fails in one line
    (a Dask client alone can wait for ever on the first two, or crash on a reply that is no
    Dask message)."""
    with ThreadPoolExecutor(1) as pool:  # its own event loop, even under a running one
        future = pool.submit(asyncio.run, _identity(address, seconds))
        try:
            reply = future.result()
        except Exception as error:  # whatever went wrong, no scheduler is there
            if isinstance(error, ConnectionRefusedError):
                reason = "connection refused: nothing listens there"
            elif isinstance(error, TimeoutError):
                reason = f"no answer within {seconds:g} s"
            else:
                reason = f"{type(error).__name__}: {str(error)[:120]}"
            raise ClusterError(f"no Dask scheduler answers at {address} ({reason})") from None
    if not isinstance(reply, dict) or reply.get("type") != "Scheduler":
        raise ClusterError(f"no Dask scheduler answers at {address} (another kind of server)")


async def _identity(address: str, seconds: float) -> Any:
    """What the server at `address` says when asked who it is, the Dask way;
    ConnectionRefusedError at once where nothing listens (Dask's own connect would try
    again until the deadline)."""
    from distributed.comm import connect

    async def ask() -> Any:
        await _listening(address)
        comm = await connect(address, timeout=seconds)
        try:
            await comm.write({"op": "identity"})
            return await comm.read()
        finally:
            comm.abort()

    return await asyncio.wait_for(ask(), seconds)


async def _listening(address: str) -> None:
    """ConnectionRefusedError unless something listens at the TCP port of `address` (a
    tcp:// or tls:// address; others are left to Dask)."""
    from distributed.comm.addressing import parse_address, parse_host_port

    scheme, location = parse_address(address)
    if scheme not in ("tcp", "tls"):
        return
    try:
        _, writer = await asyncio.open_connection(*parse_host_port(location))
    except ConnectionRefusedError:
        raise
    except OSError:  # a name not found yet, no route: Dask's connect tries until the deadline
        return
    writer.close()


def _local_workers(address: str) -> int:
    """N of `local:N` (default: the cores of this machine)."""
    _, _, count = address.partition(":")
    if not count:
        return os.cpu_count() or 1
    if not count.isdigit() or not 1 <= int(count) <= 256:
        raise ClusterError(
            f"--cluster {quoted(address)}: N in local:N is a number of workers, 1 to 256"
        )
    return int(count)


_shared: dict[str, DaskCluster] = {}  # the $ALLFOURS_CLUSTER cluster, once started


def default_backend(
    threads: int | None = None, connect_timeout: float = CONNECT_TIMEOUT, silence: float = SILENCE
) -> Backend:
    """The backend of a run given none: the cluster $ALLFOURS_CLUSTER names, started (or
    joined, with `connect_timeout` and `silence` as in `backend`) at the first such run and
    shared by the process's later runs, else the embedded default on `threads`."""
    address = os.environ.get(CLUSTER_VARIABLE, "").strip()
    if not address:
        return Embedded(threads)
    if address not in _shared:
        try:
            _shared[address] = DaskCluster(address, threads, connect_timeout, silence)
        except ClusterError as error:
            raise ClusterError(f"{CLUSTER_VARIABLE}={address}: {error}") from None
        atexit.register(_shared[address].close)
    return _shared[address]


def backend(
    cluster: str | None,
    threads: int | None = None,
    connect_timeout: float = CONNECT_TIMEOUT,
    silence: float = SILENCE,
) -> Backend:
    """The backend a --cluster option names (None: the cluster $ALLFOURS_CLUSTER names,
    else the embedded default, as for every command); a cluster's run fails after
    `silence` seconds without a worker (give it --stall)."""
    if cluster is None:
        return default_backend(threads, connect_timeout, silence)
    return DaskCluster(cluster, threads, connect_timeout, silence)
