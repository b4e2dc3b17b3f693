"""Build, serve, test and benchmark the static Spider site. Standard library only (Python >= 3.11).

    python build.py serve [--port 8000] [--host 127.0.0.1]   build dist/, then serve it
    python build.py build [--out dist]                       write dist/ (web/ + wheel + Pyodide)
    python build.py test [PYTEST ARGS...]                    install test needs, build, run pytest
    python build.py bench                                    boot times, bytes, latency -> bench.json

dist/ holds web/, the engine wheel under wheels/, the Pyodide runtime under pyodide/ (from the npm
package pinned in package.json), icons, build-info.js (content hash, wheel URL, pre-rendered first
views) and sw.js (the service worker with its generated precache list). Every URL in it is
relative, so it works at / and under a sub-path such as /spider/.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import itertools
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import zipfile
import zlib
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
BENCH = ROOT / "bench"
BARE_PAGES = ("bare.html", "bare.js")  # Pyodide alone, from the same files: the benchmark's yardstick
NODE_PYODIDE = ROOT / "node_modules" / "pyodide"
# What the runtime loads at boot (checked by watching a boot's requests; tests/test_build.py
# keeps this honest). Source maps, the UMD pyodide.js, consoles and .d.ts files are left out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"  # rewritten by the build with bytecode for what the page imports (see precompile)
GENERATED = ("build-info.js", "sw.js")  # written last, from the hash of everything else
SOURCES = ("web", "spider", "bench", "build.py", "package.json", "pyproject.toml")
MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css",
    ".html": "text/html",
}
SUB_PATH = "/spider"  # the server also answers under this prefix, as a GitHub Pages project site does
CHROMIUM_ARGS = (  # headless Chromium for the tests and the benchmark: quiet, and nothing off the machine
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Chromium preloads its omnibox popup (a WebUI page) at start: 1.2-1.7 s of CPU that competed
    # with whichever page booted first (seen in traces), on a machine with two cores
    "--disable-features=PreloadTopChromeWebUI",
)


def log(message: str) -> None:
    print(f"build.py: {message}", file=sys.stderr, flush=True)


def run(*cmd: str | Path, **kwargs: Any) -> subprocess.CompletedProcess:
    log(" ".join(map(str, cmd)))
    return subprocess.run([str(c) for c in cmd], check=True, **kwargs)


# --- Pyodide from npm ---------------------------------------------------------------------------


def pinned_pyodide() -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]


def ensure_pyodide() -> Path:
    """npm-install the pinned Pyodide unless node_modules already has exactly that version."""
    pin = pinned_pyodide()
    installed = NODE_PYODIDE / "package.json"
    if not installed.exists() or json.loads(installed.read_text())["version"] != pin:
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("build.py: npm is needed to fetch the Pyodide runtime; install Node.js (with npm) first")
        run(npm, "install", "--no-audit", "--no-fund", cwd=ROOT)
    missing = [name for name in PYODIDE_FILES if not (NODE_PYODIDE / name).exists()]
    if missing:
        sys.exit(f"build.py: pyodide {pin} from npm lacks {', '.join(missing)}")
    return NODE_PYODIDE


# --- the wheel and the pre-rendered first views -------------------------------------------------


def build_wheel(dest: Path) -> Path:
    with tempfile.TemporaryDirectory() as tmp:
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", tmp, ROOT)
        (wheel,) = Path(tmp).glob("*.whl")
        if not wheel.name.endswith("-py3-none-any.whl"):
            sys.exit(f"build.py: {wheel.name} is not a pure-Python wheel; Pyodide needs py3-none-any")
        dest.mkdir(parents=True, exist_ok=True)
        return Path(shutil.copy2(wheel, dest / wheel.name))


def run_pyodide(script: str, runtime: Path, what: str, **paths: Path) -> str:
    """Run a Node module ``script`` against Pyodide from ``runtime``; returns what it printed.

    ``script`` may use ``%(pyodide)s`` (the module's URL) and ``%(index)s`` (its indexURL). The
    ``paths`` reach it as environment variables ``SPIDER_<NAME>``, never as arguments:
    Emscripten hands argv to Python, where a snapshot would keep it.
    """
    node = shutil.which("node")
    if node is None:
        sys.exit(f"build.py: node is needed for {what}; install Node.js first")
    source = script % {"pyodide": (runtime / "pyodide.mjs").as_uri(), "index": f"{runtime.as_posix()}/"}
    env = {**os.environ, **{f"SPIDER_{name.upper()}": str(path) for name, path in paths.items()}}
    command = [node, "--input-type=module", "-e", source]
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if result.returncode != 0:
        sys.exit(f"build.py: {what} failed:\n{result.stderr[-2000:]}")
    return result.stdout


# Run by Node with the pinned Pyodide, whose Python (3.14) the host may lack. It compiles every
# module of the wheel into unchecked-hash .pyc files, printed as JSON {path: base64}; then it runs
# the page's modules and writes a copy of the standard library zip (SPIDER_STDLIB) in which each
# module they imported from it, at boot or since, is a .pyc instead of source.
PRECOMPILE_JS = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const { SPIDER_WHEEL: wheelPath, SPIDER_STDLIB: stdlibPath } = process.env;
const pyodide = await loadPyodide({ indexURL: "%(index)s", messageCallback: () => {} });
const wheel = new Uint8Array(fs.readFileSync(wheelPath));
pyodide.unpackArchive(wheel, "wheel", { extractDir: "/wheel" });
pyodide.unpackArchive(wheel, "wheel", { extractDir: pyodide.runPython("import site; site.getsitepackages()[0]") });
const compiled = pyodide.runPython(`
import base64, importlib.util, json, pathlib, py_compile, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

root = pathlib.Path("/wheel")
site_packages = site.getsitepackages()[0]
out = {}
for source in sorted(root.rglob("*.py")):
    name = source.relative_to(root).as_posix()
    cfile = py_compile.compile(str(source), dfile=f"{site_packages}/{name}", doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    out[pathlib.Path(cfile).relative_to(root).as_posix()] = base64.b64encode(pathlib.Path(cfile).read_bytes()).decode()

import spider.app, spider.solver, spider.worker
spider.app.handle_json(json.dumps({"type": "start", "storage": {}, "seed": 1, "now": 0}))
spider.app.handle_json(json.dumps({"type": "action", "name": "hint", "now": 1}))
stdlib = next(p for p in sys.path if p.endswith(".zip"))
used = {m.__file__[len(stdlib) + 1:] for m in list(sys.modules.values())
        if type(getattr(m, "__loader__", None)).__name__ == "zipimporter"}  # not the frozen ones
with zipfile.ZipFile(stdlib) as src, zipfile.ZipFile("/stdlib.zip", "w", zipfile.ZIP_DEFLATED) as dst:
    for info in src.infolist():
        data = src.read(info)
        if info.filename in used:
            code = compile(data, f"{stdlib}/{info.filename}", "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            dst.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time), bytes(pyc), zipfile.ZIP_DEFLATED)
        else:
            dst.writestr(info, data)
json.dumps({"wheel": out, "stdlib": len(used)})
`);
fs.writeFileSync(stdlibPath, pyodide.FS.readFile("/stdlib.zip"));
process.stdout.write(compiled);
"""


def precompile(wheel: Path, pyodide: Path, stdlib: Path) -> tuple[int, int]:
    """Ship bytecode compiled by the page's own Python: the wheel's and the standard library's.

    Pyodide's Python keeps nothing between visits and its standard library zip holds only
    source, so every boot compiled each module it imported (~2.5 s of a 5 s boot here). The
    wheel gains unchecked-hash .pyc files (CPython ignores them: their names carry the page's
    cache tag, ``cpython-314``); ``stdlib`` gets a copy of the runtime's zip in which the modules
    the page imports are .pyc instead of source. Returns how many modules of each were compiled.

    The wheel is rewritten uncompressed (437 KB, 185 KB deflated; the server may compress the
    transfer): the page slices its files out instead of inflating some 50 streams, whose buffers
    pushed a cold boot over V8's first major-GC threshold, a ≈ 0.2 s pause (seen in traces).
    """
    report = json.loads(run_pyodide(PRECOMPILE_JS, pyodide, "precompiling Python for Pyodide",
                                    wheel=wheel, stdlib=stdlib))
    compiled = {name: base64.b64decode(data) for name, data in report["wheel"].items()}
    with zipfile.ZipFile(wheel) as zf:
        entries = [(info, zf.read(info)) for info in zf.infolist()]
    record_index = next(i for i, (info, _) in enumerate(entries) if info.filename.endswith(".dist-info/RECORD"))
    record_info, record = entries.pop(record_index)
    lines = record.decode().splitlines()
    for name, data in compiled.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.insert(-1, f"{name},sha256={digest},{len(data)}")
    stamp = record_info.date_time
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_STORED) as zf:
        for info, data in entries:
            info.compress_type = zipfile.ZIP_STORED
            zf.writestr(info, data)
        for name, data in compiled.items():
            zf.writestr(zipfile.ZipInfo(name, stamp), data)
        record_info.compress_type = zipfile.ZIP_STORED
        zf.writestr(record_info, "\n".join(lines) + "\n")
    return len(compiled), report["stdlib"]


# Run by Node: Pyodide (from the build's runtime files) with the wheel installed and the modules
# the page (spider.app, and what its first view reads) and the solver worker run imported, saved
# as a memory snapshot. Pyodide's API for this is private (leading underscore), which is safe only
# because the version is pinned; the page falls back to a plain boot if restoring fails.
SNAPSHOT_JS = r"""
import { loadPyodide } from "%(pyodide)s";
import fs from "node:fs";
const { SPIDER_WHEEL: wheelPath, SPIDER_SNAPSHOT: outPath } = process.env;
const pyodide = await loadPyodide({ indexURL: "%(index)s", messageCallback: () => {}, _makeSnapshot: true });
const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheelPath)), "wheel", { extractDir: sitePackages });
pyodide.runPython("import spider.app, spider.saves, spider.notation, spider.worker");
fs.writeFileSync(outPath, pyodide.makeMemorySnapshot());
"""
SNAPSHOT_PAGE = 4096
"""The snapshot is stored without its all-zero pages (60 % of it): see :func:`sparse`."""


def snapshot(runtime: Path, wheel: Path, dest: Path) -> Path:
    """Write ``dest/python-<hash>.bin``: Pyodide's memory with the game imported, to boot from.

    A warm visit restores it instead of starting Python and importing the game (the page uses
    it only once the service worker has cached it, so a first visit never downloads it before
    play). The name hashes the runtime and wheel it was made from, so a page can never pick up
    a snapshot of another build from the cache.
    """
    digest = hashlib.sha256()
    for path in (runtime / "pyodide.asm.wasm", runtime / STDLIB, wheel):
        digest.update(path.read_bytes())
    dest.mkdir(parents=True, exist_ok=True)
    out = dest / f"python-{digest.hexdigest()[:16]}.bin"
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "memory"
        run_pyodide(SNAPSHOT_JS, runtime, "snapshotting Python", wheel=wheel, snapshot=raw)
        out.write_bytes(sparse(raw.read_bytes()))
    return out


def sparse(memory: bytes, page: int = SNAPSHOT_PAGE) -> bytes:
    """``memory`` without its all-zero pages: little-endian u32 length and page size, a bitmap
    with one bit per page (set: stored), then the stored pages in order. web/python.js expands it."""
    chunks = [memory[at:at + page] for at in range(0, len(memory), page)]
    bitmap = bytearray((len(chunks) + 7) // 8)
    body = []
    for i, chunk in enumerate(chunks):
        if chunk.count(0) != len(chunk):
            bitmap[i >> 3] |= 1 << (i & 7)
            body.append(chunk)
    return struct.pack("<II", len(memory), page) + bytes(bitmap) + b"".join(body)


def page_info() -> dict:
    """spider.app.page_info(): the first views and storage keys, rendered under CPython."""
    code = "import json\nfrom spider.app import page_info\nprint(json.dumps(page_info(), separators=(',', ':')))\n"
    # A fresh interpreter on the source tree: the same code as the wheel, no stale imports.
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"build.py: pre-rendering the first views failed:\n{result.stderr}")
    return json.loads(result.stdout)


# --- icons: PNGs drawn with the standard library ------------------------------------------------


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode RGBA rows (width * 4 bytes each) as a PNG."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _in_rounded_rect(x: float, y: float, half_w: float, half_h: float, radius: float) -> bool:
    dx = max(abs(x) - (half_w - radius), 0.0)
    dy = max(abs(y) - (half_h - radius), 0.0)
    return abs(x) <= half_w and abs(y) <= half_h and dx * dx + dy * dy <= radius * radius


def _in_spade(x: float, y: float) -> bool:
    """A spade in [-1, 1]^2, y pointing down: an upside-down heart curve plus a flared stem."""
    hx, hy = x / 0.5, (y + 0.25) / 0.5
    if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy**3 <= 0:
        return True
    return 0.15 <= y <= 0.8 and abs(x) <= 0.05 + 0.25 * ((y - 0.15) / 0.65) ** 2


def icon(size: int, maskable: bool) -> bytes:
    """The app icon: a white card with a black spade on green felt (maskable: full bleed, smaller card).

    Colours are sampled at pixel corners and each pixel averages its four: cheap anti-aliasing."""
    felt, card, ink, clear = (15, 81, 50, 255), (255, 255, 255, 255), (17, 17, 17, 255), (0, 0, 0, 0)
    scale = 0.64 if maskable else 0.8  # maskable icons keep their content inside the 80 % circle

    def colour(x: float, y: float) -> tuple[int, int, int, int]:
        if not maskable and not _in_rounded_rect(x, y, 1, 1, 0.4):
            return clear
        cx, cy = x / scale, y / scale
        if not _in_rounded_rect(cx, cy, 0.714, 1, 0.16):
            return felt
        return ink if _in_spade(cx / 0.7, cy / 0.7) else card

    steps = [i / size * 2 - 1 for i in range(size + 1)]
    grid = [[colour(x, y) for x in steps] for y in steps]
    rows = []
    for top, bottom in itertools.pairwise(grid):
        row = bytearray()
        for px in range(size):
            corners = (top[px], top[px + 1], bottom[px], bottom[px + 1])
            alpha = sum(c[3] for c in corners)
            rgb = (sum(c[i] * c[3] for c in corners) // alpha if alpha else 0 for i in range(3))
            row += bytes((*rgb, alpha // 4))
        rows.append(bytes(row))
    return png(size, size, rows)


def write_icons(icons_dir: Path) -> None:
    icons_dir.mkdir(parents=True, exist_ok=True)
    for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                 ("icon-maskable-512.png", 512, True)):
        (icons_dir / name).write_bytes(icon(size, maskable))


# --- assembling dist/ ---------------------------------------------------------------------------


def dist_files(dist: Path) -> list[str]:
    """Every file under dist as a sorted list of relative URLs (forward slashes)."""
    return sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())


def content_hash(dist: Path, extra: bytes = b"") -> str:
    digest = hashlib.sha256(extra)
    for name in dist_files(dist):
        if name not in GENERATED:
            digest.update(name.encode() + b"\0" + hashlib.sha256((dist / name).read_bytes()).digest())
    return digest.hexdigest()[:16]


def integrity(path: Path) -> str:
    """The file's subresource-integrity string, as a fetch checks it."""
    return "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()


def read_build_info(dist: Path) -> dict:
    text = (dist / "build-info.js").read_text()
    return json.loads(text.removeprefix("export default ").rstrip().removesuffix(";"))


def finalize(dist: Path, info: dict) -> dict:
    """Write build-info.js and sw.js from the files now in dist; returns the build info."""
    extra = json.dumps(info["firstViews"], sort_keys=True).encode()
    template = (WEB / "sw.js").read_text()
    # the worker's own code counts too: a changed worker is a new build, with a cache of its own
    info = {**info, "version": content_hash(dist, extra + template.encode())}
    (dist / "build-info.js").write_text(
        "export default " + json.dumps(info, separators=(",", ":"), sort_keys=True) + ";\n")
    # Each file with its hash, which the worker's fetches check (subresource integrity): a deploy
    # landing mid-precache, or a CDN still serving an older file, fails the install, never mixes builds.
    files = [["./", integrity(dist / "index.html")]] + [
        [name, integrity(dist / name)] for name in dist_files(dist) if name != "sw.js"]
    line = 'const BUILD = {version: "dev", files: []};'
    if line not in template:
        sys.exit(f"build.py: web/sw.js lost its line {line!r}, which the build fills in")
    build = json.dumps({"version": info["version"], "files": files}, indent=1)
    (dist / "sw.js").write_text(template.replace(line, f"const BUILD = {build};"))
    return info


def build(out: Path) -> dict:
    """Write a complete dist/ at `out` (replacing it whole); returns the build info."""
    if not (WEB / "index.html").exists():
        log("warning: web/index.html does not exist yet: dist/ has no game page")
    pyodide = ensure_pyodide()
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    # Build beside `out` under a unique name and swap it in whole: a concurrent build or a running
    # server never sees a half-written dist/.
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}-", dir=out.parent))
    staging.rmdir()
    try:
        shutil.copytree(WEB, staging, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        for page in BARE_PAGES:
            shutil.copy2(BENCH / page, staging / page)
        wheel = build_wheel(staging / "wheels")
        (staging / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            if name != STDLIB:
                shutil.copy2(pyodide / name, staging / "pyodide" / name)
        modules, stdlib_modules = precompile(wheel, pyodide, staging / "pyodide" / STDLIB)
        log(f"precompiled for Pyodide: {modules} modules into {wheel.name}, {stdlib_modules} into {STDLIB}")
        image = snapshot(staging / "pyodide", wheel, staging / "snapshots")
        log(f"snapshot of Python with the game imported: {image.name}, {image.stat().st_size / 1e6:.1f} MB")
        write_icons(staging / "icons")
        info: dict = {"wheel": f"wheels/{wheel.name}", "pyodide": "pyodide/", "pyodideVersion": pinned_pyodide(),
                      "snapshot": f"snapshots/{image.name}", **page_info()}
        info = finalize(staging, info)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    old = staging.with_name(staging.name + "-old")
    if out.exists():
        out.rename(old)
    staging.rename(out)
    shutil.rmtree(old, ignore_errors=True)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"wrote {out} ({len(dist_files(out))} files, {size / 1e6:.1f} MB, version {info['version']})")
    return info


def is_stale(dist: Path) -> bool:
    """True if dist/ is missing or older than any source it is built from."""
    stamp = dist / "build-info.js"
    if not stamp.exists():
        return True
    built = stamp.stat().st_mtime
    for source in SOURCES:
        path = ROOT / source
        paths = [path] if path.is_file() else path.rglob("*") if path.is_dir() else []
        if any(p.is_file() and "__pycache__" not in p.parts and p.stat().st_mtime > built for p in paths):
            return True
    return False


# --- serving ------------------------------------------------------------------------------------


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the server's `root` at / and under SUB_PATH, with the MIME types the site needs."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, request: socket.socket, client_address: tuple[str, int], server: StaticServer) -> None:
        super().__init__(request, client_address, server, directory=str(server.root))

    def translate_path(self, path: str) -> str:
        if path == SUB_PATH or path.startswith((SUB_PATH + "/", SUB_PATH + "?")):
            path = path[len(SUB_PATH):] or "/"
        return super().translate_path(path)

    def end_headers(self) -> None:
        # Always revalidate: a rebuilt dist is never hidden by the HTTP cache (a 304 costs little).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source: BinaryIO, outputfile: BinaryIO) -> None:
        counted = _CountingWriter(outputfile, self.server)
        super().copyfile(source, counted)
        with self.server.lock:
            self.server.served.append(self.translate_path(self.path))

    def log_message(self, format: str, *args: Any) -> None:
        if self.server.verbose:
            super().log_message(format, *args)


class _CountingWriter:
    def __init__(self, out: BinaryIO, server: StaticServer) -> None:
        self.out, self.server = out, server

    def write(self, data: bytes) -> int:
        with self.server.lock:
            self.server.bytes_sent += len(data)
        return self.out.write(data)


class StaticServer(http.server.ThreadingHTTPServer):
    """A static server for dist/ on host:port (0 = a free port). `root` may be swapped while it runs;
    `bytes_sent` counts the response bodies sent so far and `served` lists their files (for the
    benchmark)."""

    daemon_threads = True

    def __init__(self, root: Path, host: str = "127.0.0.1", port: int = 0, verbose: bool = False) -> None:
        self.root, self.verbose = Path(root), verbose
        self.bytes_sent, self.lock = 0, threading.Lock()
        self.served: list[str] = []
        super().__init__((host, port), StaticHandler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host}:{port}/"

    def start(self) -> StaticServer:
        threading.Thread(target=self.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


def chromium_options(*extra_args: str) -> dict:
    """Playwright launch options: Debian's chromium when it is on PATH, else Playwright's own build."""
    options: dict = {"headless": True, "args": [*CHROMIUM_ARGS, *extra_args]}
    if executable := shutil.which("chromium"):
        options["executable_path"] = executable
    return options


# --- test set-up --------------------------------------------------------------------------------


def ensure_test_tools() -> None:
    """pip-install the `test` extra, and make sure a Chromium exists for Playwright."""
    run(sys.executable, "-m", "pip", "install", "--quiet", "-e", f"{ROOT}[test]")
    if shutil.which("chromium"):
        return
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        try:
            run("apt-get", "update", "-q", env=env)
            run("apt-get", "install", "-y", "-q", "chromium", env=env)
        except subprocess.CalledProcessError as error:
            log(f"apt-get could not install chromium ({error}); trying Playwright's own build")
    if not shutil.which("chromium"):
        run(sys.executable, "-m", "playwright", "install", "chromium")


# --- commands -----------------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    build(Path(args.out))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    dist = Path(args.out)
    build(dist)
    server = StaticServer(dist, args.host, args.port, verbose=True)
    base = server.url
    print(f"Serving {dist} at {base} (and under {base.rstrip('/')}{SUB_PATH}/). Ctrl+C stops.", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def cmd_test(args: argparse.Namespace) -> int:
    ensure_test_tools()
    build(ROOT / "dist")
    return subprocess.call([sys.executable, "-m", "pytest", *args.pytest_args], cwd=ROOT)


def cmd_bench(args: argparse.Namespace) -> int:
    ensure_test_tools()
    build(ROOT / "dist")
    sys.path.insert(0, str(BENCH))
    from run_bench import main as bench_main  # Playwright is imported only here

    return bench_main(ROOT / "dist", ROOT / "bench.json", args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="write dist/")
    p.add_argument("--out", default=str(ROOT / "dist"))
    p.set_defaults(func=cmd_build)
    p = sub.add_parser("serve", help="build, then serve dist/")
    p.add_argument("--out", default=str(ROOT / "dist"))
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--host", default="127.0.0.1")
    p.set_defaults(func=cmd_serve)
    p = sub.add_parser("test", help="install test tools, build, run pytest (extra arguments go to pytest)")
    p.set_defaults(func=cmd_test)
    p = sub.add_parser("bench", help="measure boot, bytes, latency and engine speed; writes bench.json")
    p.add_argument("--runs", type=int, default=3, help="boots per measurement (median reported)")
    p.set_defaults(func=cmd_bench)
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    args.pytest_args = extra
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
