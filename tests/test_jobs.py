"""The solver worker's jobs: asked, cancelled by kind and fields, answered once, lost together."""

from __future__ import annotations

from spider.jobs import Jobs


def test_jobs_are_posted_cancelled_by_match_and_answered_once():
    jobs = Jobs()
    jobs.ask("verify", variant="spider-1", seed=5)
    jobs.ask("verify", variant="spider-2", seed=6)
    jobs.ask("solve", text="t")
    assert [job["id"] for job in jobs.outbox] == [1, 2, 3] and len(jobs) == 3
    assert jobs.pending("solve", text="t") and not jobs.pending("solve", text="u") and not jobs.pending("peek")
    assert jobs.cancel("verify", stop=True, variant="spider-2") == 1
    assert jobs.outbox[-1] == {"kind": "cancel", "ids": [2], "stop": True}
    assert jobs.cancel("peek", stop=False) == 0 and len(jobs.outbox) == 4, "nothing to cancel: nothing posted"
    assert jobs.answered(2) is None, "cancelled: its answer is ignored"
    assert jobs.answered(1)["seed"] == 5 and jobs.answered(1) is None, "answered once"
    assert [job["id"] for job in jobs.lost()] == [3] and not jobs


def test_one_cancel_names_every_job_that_matches():
    """The count of those cancelled goes back into the app's budget of seed checks, and the worker
    must drop them all: none of them is answered any more."""
    jobs = Jobs()
    for seed in (5, 6, 7):
        jobs.ask("verify", variant="spider-1", seed=seed)
    jobs.ask("solve", text="t")
    assert jobs.cancel("verify", stop=False, variant="spider-1") == 3
    assert jobs.outbox[-1] == {"kind": "cancel", "ids": [1, 2, 3], "stop": False}
    assert [jobs.answered(i) for i in (1, 2, 3)] == [None, None, None] and len(jobs) == 1
