"""Fixtures for the browser tests: the built dist/, a static server, headless Chromium, watched pages.

- `dist`: dist/ built by build.py (rebuilt when missing or older than its sources).
- `server`: dist/ on 127.0.0.1 at a free port, at / and under /spider/ (`base_url`, `sub_url`).
- `page`: a 1280x800 tab in one persistent Chromium profile shared by the session (Pyodide boots in
  ≈2.5 s from the warm cache instead of ≈7 s cold), with localStorage cleared before the test. The
  test fails at teardown on any console error, uncaught page error, or request off the server's
  origin; `watch.allow(regex)` accepts expected console errors. After the first boot the service
  worker serves that profile's pages, as it does for a returning player.
- `phone_page`: the same for a 390x844 touch phone (its own shared profile).
- `fresh_context()`: a new persistent profile (cold caches, no service worker), closed afterwards;
  `static_server(root)`: another server, e.g. for a modified copy of dist/.
- `saving_off(app)`: untick "Save games in this browser" and confirm; the app's last response.
- `boot(page, url)`: open the game and wait for `window.app.ready`; `save_screenshot(page, name)`
  (also the `screenshot` fixture) writes tests/artifacts/screenshots/<name>.png.
"""

from __future__ import annotations

import re
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # the repo's build.py: builder and static server (imported after the path is set)

DIST = ROOT / "dist"
SCREENSHOTS = ROOT / "tests" / "artifacts" / "screenshots"
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
BOOT_TIMEOUT_MS = 90_000


# --- dist and servers ---------------------------------------------------------------------------


@pytest.fixture(scope="session")
def dist() -> Path:
    if build.is_stale(DIST):
        build.build(DIST)
    return DIST


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[build.StaticServer]:
    httpd = build.StaticServer(dist).start()
    yield httpd
    httpd.stop()


@pytest.fixture(scope="session")
def base_url(server: build.StaticServer) -> str:
    return server.url


@pytest.fixture(scope="session")
def sub_url(server: build.StaticServer) -> str:
    return server.url + build.SUB_PATH.strip("/") + "/"


@pytest.fixture
def static_server() -> Iterator[Callable[[Path], build.StaticServer]]:
    """Factory: serve another directory on its own free port (its own origin) for this test."""
    started: list[build.StaticServer] = []

    def start(root: Path) -> build.StaticServer:
        started.append(build.StaticServer(root).start())
        return started[-1]

    yield start
    for httpd in started:
        httpd.stop()


@pytest.fixture
def dist_copy(dist: Path, tmp_path: Path) -> Path:
    """A private copy of dist/ that a test may change (then call build.finalize to re-hash it)."""
    copy = tmp_path / "dist"
    shutil.copytree(dist, copy)
    return copy


# --- the browser --------------------------------------------------------------------------------


class Watch:
    """Collects what must not happen in a page: console errors, page errors, off-origin requests."""

    def __init__(self) -> None:
        self.origins: set[str] = set()
        self.problems: list[str] = []
        self.allowed: list[re.Pattern[str]] = []

    def allow(self, pattern: str) -> None:
        """Accept console or page errors matching `pattern` (for tests that cause them on purpose)."""
        self.allowed.append(re.compile(pattern))

    def add_origin(self, url: str) -> None:
        self.origins.add(re.match(r"^[a-z]+://[^/]+", url).group(0))

    def attach(self, page) -> None:
        page.on("console", lambda msg: msg.type == "error" and self._error(f"console error: {msg.text}{_where(msg)}"))
        page.on("pageerror", lambda error: self._error(f"page error: {error}"))
        page.on("request", lambda request: self._request(request.url))

    def _error(self, text: str) -> None:
        if not any(p.search(text) for p in self.allowed):
            self.problems.append(text)

    def _request(self, url: str) -> None:
        if url.startswith(("data:", "blob:", "about:")):
            return
        if not any(url == origin or url.startswith(origin + "/") for origin in self.origins):
            self.problems.append(f"request off the origin: {url}")

    def check(self) -> None:
        if self.problems:
            pytest.fail("the page misbehaved:\n" + "\n".join(self.problems), pytrace=False)


def _where(msg) -> str:
    """Where a console message came from: "Failed to load resource" alone does not name the file."""
    url = (msg.location or {}).get("url")
    return f" ({url})" if url else ""


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance):
    """A plain Chromium for tests that want incognito-style `browser.new_context()`."""
    chromium = playwright_instance.chromium.launch(**build.chromium_options())
    yield chromium
    chromium.close()


def _persistent_context(playwright_instance, profile: Path, **options):
    context = playwright_instance.chromium.launch_persistent_context(str(profile), **build.chromium_options(), **options)
    context.set_default_timeout(BOOT_TIMEOUT_MS)
    return context


@pytest.fixture(scope="session")
def shared_context(playwright_instance, tmp_path_factory):
    context = _persistent_context(playwright_instance, tmp_path_factory.mktemp("profile-desktop"), **DESKTOP)
    yield context
    context.close()


@pytest.fixture(scope="session")
def shared_phone_context(playwright_instance, tmp_path_factory):
    context = _persistent_context(playwright_instance, tmp_path_factory.mktemp("profile-phone"), **PHONE)
    yield context
    context.close()


@pytest.fixture
def watch(base_url: str) -> Iterator[Watch]:
    """The current test's Watch; checked when the test ends."""
    w = Watch()
    w.add_origin(base_url)
    yield w
    w.check()


def _clean_page(context, base_url: str, watch: Watch):
    """A new tab, watched, with the origin's storage emptied first (not afterwards: a closing game
    page may still write its save)."""
    page = context.new_page()
    watch.attach(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin",
             {"origin": base_url.rstrip("/"), "storageTypes": "local_storage,session_storage"})
    cdp.detach()
    return page


@pytest.fixture
def page(shared_context, base_url: str, watch: Watch):
    tab = _clean_page(shared_context, base_url, watch)
    yield tab
    tab.close()


@pytest.fixture
def phone_page(shared_phone_context, base_url: str, watch: Watch):
    tab = _clean_page(shared_phone_context, base_url, watch)
    yield tab
    tab.close()


@pytest.fixture
def fresh_context(playwright_instance, tmp_path_factory):
    """Factory: a new persistent profile (cold HTTP cache, no service worker); `profile=` reuses one
    (a browser restart). Options default to the desktop viewport. Closed at the end of the test."""
    opened = []

    def open_context(profile: Path | None = None, **options):
        profile = profile or Path(tempfile.mkdtemp(dir=tmp_path_factory.getbasetemp(), prefix="profile-"))
        context = _persistent_context(playwright_instance, profile, **(options or DESKTOP))
        context.profile = profile
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        try:
            context.close()
        except Exception:  # noqa: BLE001, S110
            pass  # already closed by the test (a simulated browser restart)


# --- helpers ------------------------------------------------------------------------------------


def saving_off(app) -> dict:
    app.handle({"type": "action", "name": "saving", "on": False})
    return app.handle({"type": "action", "name": "stop-saving"})


def boot(page, url: str) -> None:
    """Open the game at `url` and wait until it is playable (`window.app.ready` resolved)."""
    page.goto(url)
    page.wait_for_function("() => window.app && window.app.ready", timeout=BOOT_TIMEOUT_MS)
    page.evaluate("() => window.app.ready.then(() => true)")


def save_screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    return save_screenshot


def pytest_collection_modifyitems(items) -> None:
    """Tests that use a browser fixture are e2e tests (`-m "not e2e"` runs the fast ones alone)."""
    browser_fixtures = {"page", "phone_page", "fresh_context", "browser", "shared_context"}
    for item in items:
        if browser_fixtures & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.e2e)
