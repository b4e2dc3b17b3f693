"""What the page's solver worker runs: one job (JSON in, JSON out) on its own Pyodide.

Jobs come from :mod:`spider.app` (``verify`` a fresh seed, ``solve`` for "Show me", ``peek``
for the winnable badge) and their answers go back to it as ``worked`` events.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import SaveError
from .game import Game
from .solver import solve

OUTDATED = "outdated"
"""The error the worker answers a page of an older build with: reload (web/solver-worker.js has it from
the build info, :func:`spider.app.page_info`)."""


def work(job: dict[str, Any]) -> dict[str, Any]:
    """Run one job; a bad job is answered with status ``"error"`` rather than raising."""
    try:
        budget = float(job.get("budget", 30))
        if job.get("kind") == "verify":
            game = Game(str(job["variant"]), int(job["seed"]))
        else:
            game = Game.from_json(str(job["save"]))
    except (KeyError, TypeError, ValueError, SaveError) as e:
        return {"id": job.get("id"), "status": "error", "error": str(e), "moves": []}
    result = solve(game, budget_s=budget)
    moves = [str(m) for m in result.moves] if job.get("kind") != "verify" else []  # the app keeps a win it is told
    return {"id": job.get("id"), "status": result.status, "moves": moves}


def work_json(job: str) -> str:
    return json.dumps(work(json.loads(job)))
