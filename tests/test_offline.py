"""The site as infrastructure: sub-path, CSP, boot files, offline play, updates, a missing runtime."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from conftest import boot, save_screenshot

import build

pytestmark = pytest.mark.e2e

MOVES = '[data-stat="moves"]'


def wait_until_offline_ready(page) -> None:
    """The service worker has precached the build and controls the page."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=90_000)


def deal_and_expect_moves(page, moves: int) -> None:
    page.click('[data-action="deal"]')
    page.wait_for_function(f"() => document.querySelector('{MOVES}').textContent.trim() === '{moves}'")


def from_snapshot(page) -> bool:
    """This boot restored Python from the build's memory snapshot instead of starting it."""
    return page.evaluate("() => performance.getEntriesByName('spider-from-snapshot').length") == 1


def page_build_version(page) -> str:
    return page.evaluate("() => import(new URL('build-info.js', location.href).href).then(m => m.default.version)")


def poll(page, predicate: str, seconds: float = 60) -> None:
    """Wait for `predicate` by polling from Python (works while page.clock holds the page's timers)."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(predicate):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {predicate}"
        time.sleep(0.1)


class Fetches:
    """What a page has asked the network for: the requests still in flight, and when the last ended."""

    def __init__(self, page) -> None:
        self.page = page
        self.pending: set = set()
        self.kinds: set[str] = set()
        self.last_end = time.monotonic()
        page.on("request", lambda request: self.pending.add(request))
        page.on("requestfinished", self._end)
        page.on("requestfailed", self._end)

    def _end(self, request) -> None:
        self.pending.discard(request)
        self.kinds.add(request.resource_type)
        self.last_end = time.monotonic()

    def settle(self, kind: str, quiet: float = 0.5, expect: float = 5, seconds: float = 30) -> None:
        """Wait until a request of `kind` has ended (or `expect` seconds passed without one: a
        browser build may never make it) and then nothing was in flight for `quiet` seconds."""
        start = time.monotonic()
        while True:
            now = time.monotonic()
            awaited = kind not in self.kinds and now - start < expect
            if not awaited and not self.pending and now - self.last_end >= quiet:
                return
            assert now - start < seconds, f"still fetching after {seconds} s: {self.pending}"
            self.page.wait_for_timeout(50)


def new_tab(context, watch):
    tab = context.pages[0] if context.pages else context.new_page()
    watch.attach(tab)
    return tab


def test_cold_boot_under_a_sub_path_with_csp(fresh_context, sub_url: str, watch, dist: Path) -> None:
    context = fresh_context()
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " e => (window.cspViolations = window.cspViolations || []).push(e.violatedDirective + ' ' + e.blockedURI));"
    )
    page = new_tab(context, watch)
    runtime = []
    page.on("request", lambda r: "/pyodide/" in r.url and runtime.append(r.url.rsplit("/", 1)[1]))
    boot(page, sub_url)
    assert page.url.startswith(sub_url)
    assert page.locator('[data-card]:not([data-card=""])').count() > 0
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in csp and "unsafe-inline" not in csp
    assert page.evaluate("() => window.cspViolations || []") == []
    assert sorted(runtime) == sorted(build.PYODIDE_FILES), "the runtime loads exactly the files build.py copies"
    painted, interactive = (page.evaluate(f"() => performance.getEntriesByName('{name}')[0]?.startTime")
                            for name in ("spider-painted", "spider-interactive"))
    assert painted is not None and interactive is not None
    assert painted < interactive, "the board is painted before Python is ready"
    save_screenshot(page, "cold-boot-sub-path")


def test_offline_after_one_visit_and_after_a_browser_restart(fresh_context, static_server, dist_copy: Path,
                                                             watch) -> None:
    server = static_server(dist_copy)
    watch.add_origin(server.url)
    url = server.url + "spider/"
    context = fresh_context()
    page = new_tab(context, watch)
    fetches = Fetches(page)
    boot(page, url)
    assert not from_snapshot(page), "a first visit starts Python plainly: the snapshot is not cached yet"
    wait_until_offline_ready(page)
    # installable: the manifest is announced once the game is playable (see installable.js)
    assert page.evaluate("() => document.querySelector('link[rel=manifest]')?.href") == url + "manifest.webmanifest"
    # Chromium then fetches the manifest and its icons to check installability: a server gone
    # mid-fetch resets the connection, which the page logs as an error (one CI run failed so)
    fetches.settle("manifest")

    server.stop()  # the network is gone: nothing answers any more
    context.set_offline(True)
    page.reload()
    boot(page, url)
    assert from_snapshot(page)
    deal_and_expect_moves(page, 1)
    # restored Python still imports what the snapshot did not hold: a lazily used stdlib module,
    # and the solver from the wheel
    assert page.evaluate("""() => window.app.pyodide.runPython(`
import urllib.parse, spider.solver
urllib.parse.unquote("%C3%A9") + spider.solver.SolveResult("unknown").status`)""") == "éunknown"

    profile = context.profile
    context.close()
    context = fresh_context(profile)  # the browser restarts, still offline
    context.set_offline(True)
    page = new_tab(context, watch)
    boot(page, url)
    assert from_snapshot(page)
    assert page.locator(MOVES).inner_text().strip() == "1", "the saved game resumes"
    deal_and_expect_moves(page, 2)
    boot(page, url + "no/such/page#spider-2/3")  # served there, the page's relative URLs all missed
    assert page.url == url + "#spider-2/3" and page.title() == "Spider · 2 suits — Spider Solitaire"


def visited_once(fresh_context, static_server, dist_copy: Path, watch):
    """A first visit to a server of `dist_copy`, left with the build precached for offline play."""
    server = static_server(dist_copy)
    watch.add_origin(server.url)
    context = fresh_context()
    page = new_tab(context, watch)
    boot(page, server.url)
    wait_until_offline_ready(page)
    return server, page


def test_a_bad_cached_snapshot_means_a_plain_start(fresh_context, static_server, dist_copy: Path, watch) -> None:
    server, page = visited_once(fresh_context, static_server, dist_copy, watch)
    url = server.url + build.read_build_info(dist_copy)["snapshot"]
    page.evaluate("""async (url) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        if (await cache.match(url)) await cache.put(url, new Response(new Uint8Array([1, 0, 0, 0, 0, 16, 0, 0, 7])));
      }
    }""", url)
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    page.reload()
    boot(page, server.url)
    assert not from_snapshot(page)
    assert any("snapshot" in text for text in warnings), warnings
    deal_and_expect_moves(page, 1)


def deploy(server, dist_copy: Path, tmp_path: Path) -> dict:
    """Serve a new build (the same but for a comment in the page): its build info."""
    update = tmp_path / "dist-update"
    shutil.copytree(dist_copy, update)
    with (update / "index.html").open("a") as html:
        html.write("<!-- the next deploy -->\n")
    old = build.read_build_info(dist_copy)
    new = build.finalize(update, old)
    assert new["version"] != old["version"]
    server.root = update
    return new


def cached_build(server, version: str) -> str:
    return f"() => caches.keys().then(keys => keys.join() === 'spider {server.url} {version}')"


def test_new_build_is_picked_up_and_keeps_the_saves(fresh_context, static_server, dist_copy: Path, tmp_path: Path,
                                                    watch) -> None:
    server, page = visited_once(fresh_context, static_server, dist_copy, watch)
    deal_and_expect_moves(page, 1)
    new = deploy(server, dist_copy, tmp_path)

    # This visit still runs the old build from its cache; the browser sees the new sw.js, installs
    # it (precaching the new build) and it takes over, dropping the old cache, and the page says so.
    page.reload()
    boot(page, server.url)
    poll(page, cached_build(server, new["version"]))
    poll(page, "() => document.querySelector('[data-role=status]').textContent.startsWith("
               "'A new version of Spider is ready: reload the page to use it')")
    # This page's solver worker starts only now, and can only be the new build's: it says so at once,
    # rather than run another build's Python on this page's jobs.
    page.evaluate("() => window.app.send({type: 'action', name: 'show-me'})")
    poll(page, "() => document.querySelector('[data-role=status]').textContent.startsWith("
               "'A new version of Spider is ready, and its solver cannot help this page')")

    page.reload()  # the next visit: the new build, the same game
    boot(page, server.url)
    assert page_build_version(page) == new["version"]
    assert page.locator(MOVES).inner_text().strip() == "1"


def test_a_hard_reload_after_a_deploy_keeps_the_new_build(fresh_context, static_server, dist_copy: Path,
                                                          tmp_path: Path, watch) -> None:
    server, page = visited_once(fresh_context, static_server, dist_copy, watch)
    new = deploy(server, dist_copy, tmp_path)
    # A hard reload bypasses the worker and fetches the new build; the worker must then take it too,
    # or the next visit would bring back the old one from its cache.
    with page.expect_navigation():
        page.context.new_cdp_session(page).send("Page.reload", {"ignoreCache": True})
    page.wait_for_function("() => window.app && window.app.ready")
    page.evaluate("() => window.app.ready.then(() => true)")
    assert page_build_version(page) == new["version"]
    poll(page, cached_build(server, new["version"]))
    assert not page.locator('[data-role=status]').inner_text().startswith("A new version"), "this page is the new one"
    boot(page, server.url)  # the next visit
    assert page_build_version(page) == new["version"]


def updated_worker(page) -> str:
    """Ask the service worker to look for a new build; the state its install ends in."""
    return page.evaluate("""async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      const ended = new Promise((resolve) => registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker.addEventListener("statechange", () => {
          if (worker.state !== "installing") resolve(worker.state);
        });
      }, { once: true }));
      await registration.update();
      return ended;
    }""")


def test_a_deploy_seen_half_old_is_not_cached_as_a_mix(fresh_context, static_server, dist_copy: Path,
                                                        tmp_path: Path, watch) -> None:
    server, page = visited_once(fresh_context, static_server, dist_copy, watch)
    old = build.read_build_info(dist_copy)
    new = deploy(server, dist_copy, tmp_path)
    fresh_page = (server.root / "index.html").read_bytes()
    shutil.copy(dist_copy / "index.html", server.root / "index.html")  # a CDN still serving the old page
    assert updated_worker(page) == "redundant", "the new build's install fails on the old file"
    poll(page, cached_build(server, old["version"]))  # the old build stays whole, and in use
    assert page_build_version(page) == old["version"]

    (server.root / "index.html").write_bytes(fresh_page)  # the deploy has landed everywhere
    assert updated_worker(page) == "installed"
    poll(page, cached_build(server, new["version"]))
    page.reload()
    boot(page, server.url)
    assert page_build_version(page) == new["version"]


def test_missing_runtime_says_so_with_a_retry_and_keeps_the_saves(browser, static_server, dist_copy: Path,
                                                                  watch) -> None:
    (dist_copy / "pyodide" / "pyodide.asm.wasm").unlink()
    server = static_server(dist_copy)
    watch.add_origin(server.url)
    context = browser.new_context()  # its own: the fake clock below holds a whole context
    page = new_tab(context, watch)
    watch.allow(r"status of 404|wasm")  # the missing file itself
    page.goto(server.url + "manifest.webmanifest")
    saved = {"spider:save:spider-1": '{"not": "touched"}', "spider:settings": '{"variant": "spider-1"}'}
    page.evaluate("saved => Object.entries(saved).forEach(([k, v]) => localStorage.setItem(k, v))", saved)

    page.clock.install()  # Pyodide waits forever for a wasm it cannot compile: the boot timeout ends it
    page.goto(server.url)
    retry = page.locator('[data-role="retry"]')
    for _ in range(120):  # two minutes of page time, a second at a time, while the fetches go on
        page.clock.run_for(1000)
        if retry.is_visible():
            break
        time.sleep(0.05)
    assert retry.is_visible(), page.evaluate("() => [document.body.innerText.slice(0, 300), Date.now()]")
    message = page.locator('[data-role="loading"]').inner_text()
    assert "could not start" in message.lower(), message
    assert page.locator('[data-role="status"]').inner_text() == "", "no greeting for a game that did not start"
    save_screenshot(page, "boot-failed")
    assert page.evaluate("() => Object.fromEntries(Object.entries(localStorage))") == saved
    context.close()


def test_a_solver_worker_that_cannot_start_is_reported(fresh_context, static_server, dist_copy: Path, watch) -> None:
    (dist_copy / "solver-worker.js").write_text('throw new Error("no solver in this browser");\n')
    build.finalize(dist_copy, build.read_build_info(dist_copy))
    server = static_server(dist_copy)
    watch.add_origin(server.url)
    watch.allow("no solver in this browser")  # the worker's own uncaught error, which the test causes
    page = new_tab(fresh_context(), watch)
    boot(page, server.url + "#spider-1/3")
    page.locator("details.more summary").click()
    page.locator('[data-action="show-me"]').click()
    page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.includes('solver can')",
                           timeout=30_000)
    assert page.locator('[data-role="stop"]').is_hidden(), "nothing is left waiting on the solver"
    assert "no solver in this browser" in page.locator('[data-role="status"]').inner_text()
    save_screenshot(page, "desktop-solver-failed")
    deal_and_expect_moves(page, 1)


def test_a_card_pressed_before_python_is_up_is_dragged_once_it_is(fresh_context, base_url: str, watch) -> None:
    """The early paint's board takes presses before Python is up (they wait in a queue): one held
    down until Python is up, then dragged, carries the card it picked up (it carried nothing, and
    left the card picked up)."""
    from spider import Game
    from spider.app import FIRST_DEALS
    from spider.winnable import winnable_seeds

    context = fresh_context()
    context.add_init_script("(() => { const random = Math.random;"
                            " Math.random = () => { Math.random = random; return 0.999; }; })()")  # the last early deal
    page = new_tab(context, watch)
    held = []
    page.route("**/*.whl", lambda route: route.continue_() if held else held.append(route))
    page.goto(base_url)
    page.wait_for_selector('.card[data-col="0"]')
    game = Game("spider-1", winnable_seeds("spider-1")[FIRST_DEALS - 1])
    move = next(m for m in game.legal_moves() if not m.is_deal and m.count == 1)
    box = page.locator(f'.card[data-col="{move.src}"][data-index="{len(game.columns[move.src]) - 1}"]').bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 5)
    page.mouse.down()
    assert held and not page.evaluate("performance.getEntriesByName('spider-interactive').length"), \
        "pressed before Python is up: its wheel is held back"
    held[0].continue_()
    page.evaluate("() => window.app.ready.then(() => true)")
    target = page.locator(f'.slot[data-col="{move.dst}"]').bounding_box()
    page.mouse.move(box["x"] + 30, box["y"] + 40, steps=4)
    page.mouse.move(target["x"] + 20, target["y"] + 100, steps=6)
    page.mouse.up()
    view = page.evaluate("window.app.view")
    assert view["moves"] == 1 and page.locator(".card.selected, .card.dragging").count() == 0, view["status"]
