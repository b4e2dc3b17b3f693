"""The solver worker's jobs as the app tracks them: those still wanted, and what to post next.

The page runs one worker, one job at a time. The app asks it for searches (a seed check, "Show
me", the peeking badge) and may stop wanting one before it answers; an answer to a job no longer
wanted is ignored. Which jobs to ask for, and what an answer means, is :mod:`spider.app`'s.
"""

from __future__ import annotations

from typing import Any


class Jobs:
    """The jobs still wanted, by id, and ``outbox``: what the page posts the worker after this event."""

    def __init__(self) -> None:
        self.wanted: dict[int, dict[str, Any]] = {}
        self.outbox: list[dict[str, Any]] = []
        self._serial = 0

    def __len__(self) -> int:
        return len(self.wanted)

    def ask(self, kind: str, **fields: Any) -> None:
        """Have the worker run a job; its answer comes back with the same ``id``."""
        self._serial += 1
        job = {"id": self._serial, "kind": kind, **fields}
        self.wanted[self._serial] = job
        self.outbox.append(job)

    def pending(self, kind: str, **match: Any) -> bool:
        """A job of ``kind`` (with the fields ``match``) is still wanted."""
        return any(self._matches(job, kind, match) for job in self.wanted.values())

    def cancel(self, kind: str, stop: bool, **match: Any) -> int:
        """Stop wanting the jobs of ``kind`` that match, and have the worker drop them; with
        ``stop`` one it is running is stopped too (by ending the worker). How many there were."""
        ids = [i for i, job in self.wanted.items() if self._matches(job, kind, match)]
        for i in ids:
            del self.wanted[i]
        if ids:
            self.outbox.append({"kind": "cancel", "ids": ids, "stop": stop})
        return len(ids)

    def answered(self, job_id: int) -> dict[str, Any] | None:
        """The job an answer is for, no longer pending; None if it is no longer wanted."""
        return self.wanted.pop(job_id, None)

    def lost(self) -> list[dict[str, Any]]:
        """Every job still wanted, none any more: the worker failed and none will answer."""
        jobs, self.wanted = list(self.wanted.values()), {}
        return jobs

    @staticmethod
    def _matches(job: dict[str, Any], kind: str, match: dict[str, Any]) -> bool:
        return job["kind"] == kind and all(job.get(k) == v for k, v in match.items())
