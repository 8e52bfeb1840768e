"""The server's work: one query at a time on one worker thread, a few more waiting in turn
(more are refused with a message), each with its progress (deals done, of how many, time
left), cancellable from its page, and cancelled when its page stops asking after it (the
page closed). A query's results stay with its own job: two pages never see each other's.
"""

from __future__ import annotations

import itertools
import queue
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_WAITING = 3  # queries waiting behind the running one; more are refused
IDLE_CANCEL = 10.0  # seconds without a word from a job's page before the job is cancelled
KEPT_JOBS = 20  # finished jobs kept for their tables and charts, newest


class Busy(Exception):
    """The queue is full: the query is refused, with a message saying so."""


class Cancelled(Exception):
    """Raised into a running query, between two chunks, to stop it."""


Work = Callable[[Callable[[int], None]], Any]  # work(progress) -> result


@dataclass
class Job:
    """One query: what runs it (`work`, which reports deals done through its argument),
    how many deals it plays, the command line that gives the same answer, and its state:
    queued, running, done, failed (`error`, and the form field it concerns, `where`) or
    cancelled (`why`)."""

    work: Work
    total: int
    command: str
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    state: str = "queued"
    done: int = 0
    started: float = 0.0
    finished: float = 0.0
    result: Any = None
    error: str = ""
    where: str = ""  # the form field an error concerns
    why: str = ""
    seen: float = field(default_factory=time.monotonic)
    stop: threading.Event = field(default_factory=threading.Event)

    def progress(self, deals: int) -> None:
        """Called by the work after each chunk: count the deals, and stop it if asked to
        or if its page has gone quiet."""
        self.done += deals
        if time.monotonic() - self.seen > IDLE_CANCEL:
            self.cancel("its page closed")
        if self.stop.is_set():
            raise Cancelled(self.why)

    def cancel(self, why: str) -> None:
        """Ask the job to stop (at once if it waits, after its chunk if it runs)."""
        if self.state in ("queued", "running"):
            self.why = self.why or why
            self.stop.set()

    def status(self, position: int = 0) -> dict[str, Any]:
        """What its page shows while it waits or runs."""
        elapsed = (self.finished or time.monotonic()) - self.started if self.started else 0.0
        left = elapsed * (self.total - self.done) / self.done if self.done else None
        shown = {
            "id": self.id,
            "state": self.state,
            "done": self.done,
            "total": self.total,
            "elapsed": round(elapsed, 3),
            "left": None if left is None else round(left, 1),
            "command": self.command,
        }
        if self.state == "queued":
            shown["ahead"] = position
        if self.state == "failed":
            shown |= {"error": self.error, "field": self.where}
        if self.state == "cancelled":
            shown["why"] = self.why
        return shown


class Jobs:
    """The queue and its worker thread. `failure(error)` turns an exception a query raised
    into (message, form field) for its page."""

    def __init__(
        self, failure: Callable[[BaseException], tuple[str, str]], max_waiting: int = MAX_WAITING
    ) -> None:
        self.failure = failure
        self.max_waiting = max_waiting
        self.jobs: dict[str, Job] = {}
        self.waiting: queue.Queue[Job] = queue.Queue()
        self.order = itertools.count()
        self.lock = threading.Lock()
        self.current: Job | None = None
        self.worker = threading.Thread(target=self._serve, name="allfours-work", daemon=True)
        self.worker.start()

    def submit(self, work: Callable[[Job], Work], total: int, command: str) -> Job:
        """Queue a query, whose work `work(job)` gives; Busy when `max_waiting` already
        wait."""
        with self.lock:
            queued = [job for job in self.jobs.values() if job.state == "queued"]
            if len(queued) >= self.max_waiting:
                running = self.current.status() if self.current else None
                done = (
                    f" ({running['done']:,} of {running['total']:,} deals done)" if running else ""
                )
                raise Busy(
                    f"the server is busy: one query runs{done} and {len(queued)} wait; "
                    "try again when one has finished, or cancel yours"
                )
            job = Job(lambda progress: None, total, command)
            job.work = work(job)
            self.jobs[job.id] = job
            self._forget_old()
        self.waiting.put(job)
        return job

    def get(self, job_id: str, touch: bool = True) -> Job | None:
        """The job `job_id` (None if unknown); `touch` notes that its page still asks."""
        job = self.jobs.get(job_id)
        if job is not None and touch:
            job.seen = time.monotonic()
        return job

    def position(self, job: Job) -> int:
        """How many queries run or wait ahead of a queued one."""
        with self.lock:
            ahead = [
                other
                for other in self.jobs.values()
                if other.state == "queued" and other.started == 0 and other is not job
            ]
        before = [other for other in ahead if self._index(other) < self._index(job)]
        return len(before) + (self.current is not None)

    def _index(self, job: Job) -> int:
        return list(self.jobs).index(job.id) if job.id in self.jobs else 0

    def _forget_old(self) -> None:
        finished = [job for job in self.jobs.values() if job.state not in ("queued", "running")]
        for job in finished[: max(0, len(finished) - KEPT_JOBS)]:
            del self.jobs[job.id]

    def _serve(self) -> None:
        while True:
            job = self.waiting.get()
            if job.stop.is_set() or time.monotonic() - job.seen > IDLE_CANCEL:
                job.why = job.why or "its page closed"
                job.state = "cancelled"
                continue
            self.current = job
            job.state, job.started = "running", time.monotonic()
            try:
                job.result = job.work(job.progress)
                job.state = "done"
            except Cancelled:
                job.state = "cancelled"
            except Exception as error:  # shown on its page, beside its field
                job.error, job.where = self.failure(error)
                job.state = "failed"
            finally:
                job.finished = time.monotonic()
                self.current = None
