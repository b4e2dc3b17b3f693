"""`python build.py bench`: the site measured in headless Chromium against a bare Pyodide boot.

Boot times come from the page's own performance marks (ms after navigation start): the game marks
"spider-painted" and "spider-interactive", bench/bare.js marks "bare-ready". Each boot figure is
the median of --runs boots. Bytes are counted by the server (response bodies, every request,
including the service worker's). Click latency is from the trusted input event that acts to the
first DOM mutation it causes: the board acts on pointerdown, a button on its click (its release,
as a button should: a person holds the mouse down for ~0.1 s, a script for a few ms, and neither
is the page's time), as Interaction to Next Paint times each event from its own timestamp. Every
other Hint click comes after a player's pause (the page works hints out in its idle time), the
rest at once ("hint_at_once": the page may first say it is looking, and "hint_at_once_shown",
kept out of the overall figures, is how much later the hint appeared, as seen from the test
driver). Engine throughput runs `spider.cli bench` under CPython and in Pyodide.
"""

from __future__ import annotations

import gzip
import json
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

import build
from build import chromium_options

DESKTOP = {"viewport": {"width": 1280, "height": 800}}

ENGINE_ARGS = ["bench"]  # the CLI default workload: 20 games x 300 steps, three variants
ENGINE_REPEATS = 3  # best of: other processes on the machine only ever make a run slower
SCRIPTED_MOVES = 200
TOTAL_MOVES = 500
PLAYER_PAUSE_MS = 500
"""How long a player looks at the board before asking for a hint (every other scripted move)."""

LATENCY_PROBE = """() => {
  const probe = window.latencyProbe = {start: null, samples: []};
  new MutationObserver(() => {
    if (probe.start !== null) { probe.samples.push(performance.now() - probe.start); probe.start = null; }
  }).observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  document.addEventListener("pointerdown", (e) => { probe.start = e.timeStamp; }, true);
  document.addEventListener("click", (e) => { if (e.target.closest("[data-action]")) probe.start = e.timeStamp; }, true);
}"""

# One hinted move through window.app.send (no input events): for the moves after the scripted ones.
SEND_MOVES = """(count) => {
  for (let i = 0; i < count; i++) {
    let view = window.app.send({type: "action", name: "hint"}).view || window.app.view;
    while (view.status.startsWith("Looking")) view = window.app.send({type: "idle", budget_ms: 50}).view || view;
    const at = hinted(view);
    if (!at) { newGame(); continue; }
    if (at.deal) { window.app.send({type: "action", name: "deal"}); continue; }
    window.app.send({type: "pick", col: at.col, index: at.index});
    window.app.send({type: "pick", col: at.dest, index: null});
  }
  function newGame() {  // over an unfinished game, New asks first
    window.app.send({type: "action", name: "new"});
    window.app.send({type: "action", name: "give-up"});
  }
  function hinted(view) {
    if (view.stock && view.stock.hint) return {deal: true};
    let from = null, dest = null;
    view.columns.forEach((column, col) => {
      if (column.hint) dest = col;
      const index = column.cards.findIndex((card) => card.hint);
      if (index >= 0 && from === null) from = {col, index};
    });
    return from && dest !== null && dest !== from.col ? {...from, dest} : null;
  }
}"""


def median(values: list[float]) -> float:
    return round(statistics.median(values), 1)


def mark(page, name: str, timeout_s: float = 120) -> float:
    """When the page made performance mark `name`, in ms after navigation. Waits without polling:
    Playwright's wait_for_function polls on every animation frame, which made the game's page
    draw frames all through its boot (≈ 0.6 s more CPU than the bare page's, measured), and
    polling by evaluate puts tasks on the main thread; both pages are waited for the same way."""
    return page.evaluate("""([name, timeout]) => new Promise((resolve, reject) => {
      const found = () => performance.getEntriesByName(name)[0]?.startTime;
      if (found() !== undefined) return resolve(found());
      const observer = new PerformanceObserver(() => {
        if (found() !== undefined) { observer.disconnect(); resolve(found()); }
      });
      observer.observe({ type: "mark" });
      setTimeout(() => reject(new Error(`no performance mark ${name} after ${timeout} ms`)), timeout);
    })""", [name, timeout_s * 1000])


STAGES = ("runtime", "imported", "interactive")
"""The page's marks from Pyodide's boot on (the wheel is unzipped during it): spider.app imported,
first view drawn."""


def visit_game(page, url: str) -> dict[str, float]:
    page.goto(url)
    mark(page, "spider-interactive")
    snapshot = page.evaluate("() => performance.getEntriesByName('spider-from-snapshot').length")
    return {"painted": mark(page, "spider-painted"), **{stage: mark(page, f"spider-{stage}") for stage in STAGES},
            "from_snapshot": snapshot}


def visit_bare(page, url: str) -> float:
    page.goto(url + "bare.html")
    return mark(page, "bare-ready")


def stock_boots(pw, runs: int) -> dict[str, float]:
    """Bare Pyodide from the untouched npm runtime (its stdlib is source only), cold and again.

    The yardstick above boots the build's runtime, whose stdlib the build precompiled; this one
    shows what that precompiling saves."""
    samples: dict[str, list[float]] = {"stock_bare_cold": [], "stock_bare_again": []}
    with tempfile.TemporaryDirectory() as root:
        for page_name in build.BARE_PAGES:
            shutil.copy2(build.BENCH / page_name, Path(root) / page_name)
        (Path(root) / "pyodide").mkdir()
        for name in build.PYODIDE_FILES:
            shutil.copy2(build.NODE_PYODIDE / name, Path(root) / "pyodide" / name)
        server = build.StaticServer(Path(root)).start()
        try:
            for _ in range(runs):
                with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
                    context = pw.chromium.launch_persistent_context(profile, **chromium_options(), **DESKTOP)
                    context.set_default_timeout(120_000)
                    page = context.new_page()
                    samples["stock_bare_cold"].append(visit_bare(page, server.url))
                    visit_bare(page, server.url)  # fills V8's code cache, as the warm game visits do
                    samples["stock_bare_again"].append(visit_bare(page, server.url))
                    context.close()
        finally:
            server.stop()
    return {key: median(values) for key, values in samples.items()}


def gzipped(paths: list[str]) -> int:
    """The bytes of these files as a host that gzips its responses (GitHub Pages does) would send."""
    files = (Path(path) / "index.html" if Path(path).is_dir() else Path(path) for path in paths)
    return sum(len(gzip.compress(file.read_bytes(), 6)) for file in files)


def wait_for_service_worker(page) -> None:
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)


def boots(pw, server: build.StaticServer, runs: int) -> tuple[dict, dict]:
    """Cold, warm (service worker) and offline boots of the game and of bare Pyodide."""
    url = server.url
    samples: dict[str, list[float]] = {key: [] for key in (
        "painted_cold", "interactive_cold", "bare_cold", "painted_warm", "interactive_warm", "bare_warm",
        "painted_offline", "interactive_offline", "bare_offline")}
    bytes_cold: dict[str, list[int]] = {"to_playable": [], "to_playable_gzip": [], "with_precache": [], "bare": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
            context = pw.chromium.launch_persistent_context(profile, **chromium_options(), **DESKTOP)
            context.set_default_timeout(120_000)
            page = context.new_page()
            before, first = server.bytes_sent, len(server.served)
            cold = visit_game(page, url)
            bytes_cold["to_playable"].append(server.bytes_sent - before)
            bytes_cold["to_playable_gzip"].append(gzipped(server.served[first:]))
            wait_for_service_worker(page)
            bytes_cold["with_precache"].append(server.bytes_sent - before)
            samples["painted_cold"].append(cold["painted"])
            samples["interactive_cold"].append(cold["interactive"])
            # One unmeasured visit first: the visit after a cold one also fills V8's code cache for
            # the wasm (shared by the game and the bare page), so whichever ran first paid for it.
            visit_game(page, url)
            warm = visit_game(page, url)
            samples["painted_warm"].append(warm["painted"])
            samples["interactive_warm"].append(warm["interactive"])
            for visit, marks in (("cold", cold), ("warm", warm)):
                for before, after in pairwise(STAGES):
                    samples.setdefault(f"{visit}_{before}_to_{after}", []).append(marks[after] - marks[before])
            samples.setdefault("runtime_warm", []).append(warm["runtime"])
            samples.setdefault("snapshot_used_warm", []).append(warm["from_snapshot"])
            samples["bare_warm"].append(visit_bare(page, url))
            context.set_offline(True)
            offline = visit_game(page, url)
            samples["painted_offline"].append(offline["painted"])
            samples["interactive_offline"].append(offline["interactive"])
            samples.setdefault("snapshot_used_offline", []).append(offline["from_snapshot"])
            samples["bare_offline"].append(visit_bare(page, url))
            context.close()
        with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
            context = pw.chromium.launch_persistent_context(profile, **chromium_options(), **DESKTOP)
            page = context.new_page()
            before = server.bytes_sent
            samples["bare_cold"].append(visit_bare(page, url))
            bytes_cold["bare"].append(server.bytes_sent - before)
            context.close()
    return ({key: median(values) for key, values in samples.items()},
            {key: int(statistics.median(values)) for key, values in bytes_cold.items()})


def click_latency(pw, server: build.StaticServer) -> dict:
    """Scripted hinted moves by real clicks; then more through window.app.send; heap figures."""
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        options = chromium_options("--enable-precise-memory-info")
        context = pw.chromium.launch_persistent_context(profile, **options, **DESKTOP)
        context.set_default_timeout(30_000)
        page = context.new_page()
        visit_game(page, server.url)
        wait_for_service_worker(page)  # a player's steady state: the offline precache is done
        page.evaluate(LATENCY_PROBE)
        samples: dict[str, list[float]] = {"hint": [], "hint_at_once": [], "hint_at_once_shown": [], "pick": [], "drop": [],
                                         "deal": []}
        for move in range(SCRIPTED_MOVES):
            if move % 2:  # a player who looks at the board first: the page's idle time readies the hints
                page.wait_for_timeout(PLAYER_PAUSE_MS)
                click_and_wait(page, '[data-action="hint"]', samples["hint"])
            else:  # Hint clicked the moment the last move is drawn: may say "looking…" first
                click_and_wait(page, '[data-action="hint"]', samples["hint_at_once"])
                shown = time.perf_counter()
                page.wait_for_function("() => !window.app.view.status.startsWith('Looking')")
                samples["hint_at_once_shown"].append((time.perf_counter() - shown) * 1000)
            view = page.evaluate("() => window.app.view")
            at = hinted(view)
            if view.get("won") or at is None:
                page.evaluate("""() => { window.app.send({type: 'action', name: 'new'});
                                         window.app.send({type: 'action', name: 'give-up'}); }""")
            elif at == "deal":
                click_and_wait(page, '[data-action="deal"]', samples["deal"])
            else:
                col, index, dest = at
                click_and_wait(page, f'.card[data-col="{col}"][data-index="{index}"]', samples["pick"])
                target = view["columns"][dest]["cards"]
                selector = (f'.card[data-col="{dest}"][data-index="{len(target) - 1}"]' if target
                            else f'[data-col="{dest}"]')
                click_and_wait(page, selector, samples["drop"])
        page.evaluate(SEND_MOVES, TOTAL_MOVES - SCRIPTED_MOVES)
        page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 500))")
        heap = page.evaluate("() => performance.memory ? performance.memory.usedJSHeapSize : null")
        wasm = page.evaluate("() => window.app.pyodide ? window.app.pyodide._module.HEAP8.length : null")
        context.close()
    every = sorted(v for kind, values in samples.items() if kind != "hint_at_once_shown" for v in values)
    return {
        "clicks": len(every),
        **percentiles(every),
        "by_click": {kind: percentiles(sorted(values)) for kind, values in samples.items() if values},
        "js_heap_mb": round(heap / 1e6, 1) if heap else None,
        "pyodide_heap_mb": round(wasm / 1e6, 1) if wasm else None,
    }


def percentiles(ordered: list[float]) -> dict[str, float]:
    return {"p50_ms": round(ordered[len(ordered) // 2], 2), "p95_ms": round(ordered[int(len(ordered) * 0.95)], 2),
            "max_ms": round(ordered[-1], 2), "n": len(ordered)}


def click_and_wait(page, selector: str, samples: list[float]) -> None:
    """Click, wait for the DOM to change and append the latency (a click that changes nothing adds none)."""
    count = page.evaluate("() => window.latencyProbe.samples.length")
    try:
        page.locator(selector).last.click(position={"x": 12, "y": 6}, timeout=3_000)  # a covered card's strip
        page.wait_for_function(f"() => window.latencyProbe.samples.length > {count}", timeout=2_000)
        samples.append(page.evaluate(f"() => window.latencyProbe.samples[{count}]"))
    except PlaywrightTimeout:  # the board changed under the script (the view moved on): no sample
        page.evaluate("() => { window.latencyProbe.start = null; }")


def hinted(view: dict):
    """The hinted move in a view: "deal", (col, index, dest), or None."""
    if (view.get("stock") or {}).get("hint"):
        return "deal"
    source = dest = None
    for col, column in enumerate(view["columns"]):
        if column.get("hint"):
            dest = col
        index = next((i for i, card in enumerate(column["cards"]) if card.get("hint")), None)
        if index is not None and source is None:
            source = (col, index)
    if source is None or dest is None or dest == source[0]:
        return None
    return (*source, dest)


ENGINE_CODE = f"""
import contextlib, io, json, time
from spider.cli import main
times = []
for _ in range({ENGINE_REPEATS}):
    report = io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(report):
        main({ENGINE_ARGS!r})
    times.append(time.perf_counter() - start)
result = json.dumps({{"best_s": min(times), "report": report.getvalue().splitlines()}})
"""


def engine_throughput(pw, server: build.StaticServer) -> dict:
    """Best wall time of the same `spider.cli bench` workload under CPython and in Pyodide."""
    cpython = subprocess.run([sys.executable, "-c", ENGINE_CODE + "print(result)"], cwd=build.ROOT,
                             capture_output=True, text=True, check=True)
    native = json.loads(cpython.stdout)
    browser = pw.chromium.launch(**chromium_options())
    page = browser.new_page()
    page.set_default_timeout(600_000)
    visit_bare(page, server.url)
    in_page = page.evaluate(
        """async ([wheel, code]) => {
          const pyodide = window.bare.pyodide;
          await pyodide.loadPackage(wheel, {messageCallback: () => {}});
          return JSON.parse(pyodide.runPython(code + "\\nresult"));
        }""",
        [server.url + build.read_build_info(server.root)["wheel"], ENGINE_CODE],
    )
    browser.close()
    return {
        "workload": f"python -m spider {' '.join(ENGINE_ARGS)}, best of {ENGINE_REPEATS}",
        "cpython_s": round(native["best_s"], 2),
        "pyodide_s": round(in_page["best_s"], 2),
        "pyodide_slowdown": round(in_page["best_s"] / native["best_s"], 2),
        "cpython_report": native["report"],
        "pyodide_report": in_page["report"],
    }


def table(result: dict) -> str:
    b, n, lat, eng = result["boot_ms"], result["bytes_cold"], result["latency"], result["engine"]
    rows = [
        ("board painted, cold", f"{b['painted_cold']:.0f} ms", "≤ 500 ms"),
        ("board painted, warm", f"{b['painted_warm']:.0f} ms", "≤ 500 ms"),
        ("playable, cold", f"{b['interactive_cold']:.0f} ms ({b['interactive_cold'] / b['bare_cold']:.2f}× bare {b['bare_cold']:.0f})", "≤ 1.1× bare"),
        ("playable, warm (service worker, snapshot)" if b["snapshot_used_warm"] else "playable, warm (service worker)", f"{b['interactive_warm']:.0f} ms ({b['interactive_warm'] / b['bare_warm']:.2f}× bare {b['bare_warm']:.0f})", "≤ 1.1× bare"),
        ("playable, offline", f"{b['interactive_offline']:.0f} ms ({b['interactive_offline'] / b['bare_offline']:.2f}× bare {b['bare_offline']:.0f})", "≤ 1.1× bare"),
        ("bare Pyodide, npm's runtime as shipped", f"cold {b['stock_bare_cold']:.0f} ms, again {b['stock_bare_again']:.0f} ms", ""),
        ("bytes to playable, cold", (f"{n['to_playable'] / 1e6:.2f} MB (bare Pyodide {n['bare'] / 1e6:.2f} MB); "
                                     f"{n['to_playable_gzip'] / 1e6:.2f} MB gzipped, as GitHub Pages sends"), ""),
        ("bytes incl. offline precache", f"{n['with_precache'] / 1e6:.2f} MB", ""),
    ]
    if lat:
        rows += [
            (f"click → DOM, {lat['clicks']} clicks", f"p50 {lat['p50_ms']} ms, p95 {lat['p95_ms']} ms", "p95 ≤ 16 ms"),
            *((f"  {kind} clicks ({q['n']})", f"p50 {q['p50_ms']} ms, p95 {q['p95_ms']} ms", "")
              for kind, q in lat["by_click"].items()),
            (f"JS heap after {TOTAL_MOVES} moves", f"{lat['js_heap_mb']} MB", ""),
            (f"Pyodide heap after {TOTAL_MOVES} moves",
             f"{lat['pyodide_heap_mb']} MB" if lat["pyodide_heap_mb"] else "n/a (window.app.pyodide not exposed)", ""),
        ]
    if "error" in eng:
        rows.append(("engine, Pyodide vs CPython", "FAILED: " + " ".join(eng["error"])[:160], ""))
        return _markdown(rows)
    rows.append(("after Pyodide's own boot: import spider.app + first view, cold / warm",
                 " / ".join(" + ".join(f"{b[f'{visit}_{x}_to_{y}']:.0f}" for x, y in pairwise(STAGES))
                            for visit in ("cold", "warm")) + " ms", ""))
    rows.append(("engine, Pyodide vs CPython", f"{eng['pyodide_slowdown']}× slower ({eng['pyodide_s']} s vs {eng['cpython_s']} s)", ""))
    return _markdown(rows)


def _markdown(rows: list[tuple[str, str, str]]) -> str:
    widths = [max(len(r[i]) for r in rows + [("what", "measured", "goal")]) for i in range(3)]
    lines = ["| " + " | ".join(h.ljust(w) for h, w in zip(("what", "measured", "goal"), widths)) + " |",
             "| " + " | ".join("-" * w for w in widths) + " |"]
    lines += ["| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |" for r in rows]
    return "\n".join(lines)


def main(dist: Path, out: Path, args) -> int:
    server = build.StaticServer(dist).start()
    try:
        with sync_playwright() as pw:
            version = pw.chromium.launch(**chromium_options())
            browser_version = version.version
            version.close()
            boot_ms, bytes_cold = boots(pw, server, args.runs)
            boot_ms.update(stock_boots(pw, args.runs))
            latency = click_latency(pw, server)
            try:
                engine = engine_throughput(pw, server)
            except Exception as error:  # noqa: BLE001
                # e.g. the engine no longer imports in Pyodide: say so, keep the rest
                causes = [line.strip() for line in str(error).splitlines() if "Error:" in line and "PythonError" not in line]
                engine = {"error": causes[-1:] or str(error).strip().splitlines()[:1]}
    finally:
        server.stop()
    result = {
        "build": build.read_build_info(dist)["version"],
        "pyodide": build.pinned_pyodide(),
        "chromium": browser_version,
        "machine": f"{platform.machine()}, {platform.system()}, python {platform.python_version()}",
        "runs": args.runs,
        "boot_ms": boot_ms,
        "bytes_cold": bytes_cold,
        "latency": latency,
        "engine": engine,
    }
    out.write_text(json.dumps(result, indent=2) + "\n")
    print(table(result))
    print(f"\nwrote {out}")
    return 0
