"""dist/ as build.py writes it: files, relative URLs, CSP, build info, service worker, manifest, server."""

from __future__ import annotations

import base64
import hashlib
import html.parser
import json
import os
import re
import shutil
import struct
import urllib.request
import zipfile
import zlib
from pathlib import Path

import pytest

import build
from spider.app import FIRST_DEALS, FIRST_VARIANT, MOST_KEPT_MS, TABLES, first_view
from spider.stats import IDLE_CAP_MS
from spider.variants import VARIANTS
from spider.winnable import winnable_seeds


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def html_tags(path: Path) -> list[tuple[str, dict[str, str | None]]]:
    parser = _Tags()
    parser.feed(path.read_text())
    return parser.tags


def html_pages(dist: Path) -> list[Path]:
    return sorted(dist.glob("*.html"))


def test_dist_has_the_page_the_wheel_and_exactly_the_runtime_files(dist: Path) -> None:
    info = build.read_build_info(dist)
    assert (dist / "index.html").exists()
    assert re.fullmatch(r"wheels/spider_solitaire-[^/]+-py3-none-any\.whl", info["wheel"])
    with zipfile.ZipFile(dist / info["wheel"]) as zf:  # the page slices files out, it does not inflate them
        assert {entry.compress_type for entry in zf.infolist()} == {zipfile.ZIP_STORED}
    assert info["pyodide"] == "pyodide/"
    assert sorted(p.name for p in (dist / "pyodide").iterdir()) == sorted(build.PYODIDE_FILES)
    assert re.fullmatch(r"[0-9a-f]{16}", info["version"])


def test_the_standard_library_keeps_every_module_and_precompiles_some(dist: Path) -> None:
    with zipfile.ZipFile(build.NODE_PYODIDE / build.STDLIB) as zf:
        original = {info.filename: zf.read(info) for info in zf.infolist()}
    with zipfile.ZipFile(dist / "pyodide" / build.STDLIB) as zf:
        shipped = {info.filename: zf.read(info) for info in zf.infolist()}
    compiled = {name for name in shipped if name.endswith(".pyc")}
    assert {"json/__init__.pyc", "dataclasses.pyc", "heapq.pyc"} <= compiled
    for name in compiled:
        assert name[:-1] in original and name[:-1] not in shipped  # bytecode in place of its source
        assert int.from_bytes(shipped[name][4:8], "little") == 1  # unchecked hash: no source to check
    assert {name for name in original if name + "c" not in compiled} == set(shipped) - compiled
    assert all(shipped[name] == original[name] for name in set(shipped) - compiled)


def expand(stored: bytes) -> bytes:
    """The reader of build.sparse's format, as web/python.js implements it."""
    length, page = struct.unpack("<II", stored[:8])
    count = -(-length // page)
    bitmap, at = stored[8:8 + (count + 7) // 8], 8 + (count + 7) // 8
    memory = bytearray(length)
    for i in range(count):
        if bitmap[i >> 3] & (1 << (i & 7)):
            size = min(page, length - i * page)
            memory[i * page:i * page + size] = stored[at:at + size]
            at += size
    assert at == len(stored), "the page map and the size disagree"
    return bytes(memory)


def test_snapshot_format_round_trips_and_drops_zero_pages() -> None:
    memory = bytes(8) * 100 + b"x" * 5 + bytes(3000) + b"tail"  # zero pages, a partial last page
    stored = build.sparse(memory, page=256)
    assert expand(stored) == memory
    assert len(stored) < len(memory) / 2
    assert expand(build.sparse(bytes(1000), page=256)) == bytes(1000)


def test_the_snapshot_is_named_by_the_build_and_holds_a_whole_memory(dist: Path) -> None:
    name = build.read_build_info(dist)["snapshot"]
    assert re.fullmatch(r"snapshots/python-[0-9a-f]{16}\.bin", name)
    stored = (dist / name).read_bytes()
    length, page = struct.unpack("<II", stored[:8])
    assert page == build.SNAPSHOT_PAGE and length > 16_000_000  # a whole Python heap, game imported
    memory = expand(stored)
    assert len(memory) == length > 2 * len(stored) / 3
    assert str(build.ROOT).encode() not in memory, "the snapshot must not carry the build machine's paths"


def test_pyodide_is_pinned_exactly_once(dist: Path) -> None:
    pin = build.pinned_pyodide()
    assert re.fullmatch(r"\d+\.\d+\.\d+", pin), "package.json must pin an exact version"
    assert build.read_build_info(dist)["pyodideVersion"] == pin
    assert json.loads((build.NODE_PYODIDE / "package.json").read_text())["version"] == pin


def test_a_first_visit_may_open_any_of_a_dozen_proven_deals_prerendered(dist: Path) -> None:
    views = build.read_build_info(dist)["firstViews"]
    seeds = [view["seed"] for view in views]
    assert seeds == list(winnable_seeds(FIRST_VARIANT)[:FIRST_DEALS]) and FIRST_DEALS == 12, "proven, one each"
    assert build.read_build_info(dist)["mostKeptMs"] == MOST_KEPT_MS, "the page believes no longer a time than Python"
    assert {view["variant"] for view in views} == {FIRST_VARIANT}
    assert views[-1] == json.loads(json.dumps(first_view(seeds[-1])))


def test_the_pages_lists_and_clock_title_are_the_variants_tables_and_cap_python_knows() -> None:
    page = (build.WEB / "index.html").read_text()
    lists = {name: re.findall(r'<option value="([^"]+)">([^<]+)</option>', body)
             for name, body in re.findall(r'<select data-(?:role|choice)="(variant|table)"[^>]*>(.*?)</select>', page, re.DOTALL)}
    assert lists["variant"] == [(name, variant.title) for name, variant in VARIANTS.items()]
    assert lists["table"] == list(TABLES.items())
    clock = re.search(r'<div class="clock" title="[^"]*a pause counts up to (\d+) s', page)
    assert clock and int(clock[1]) * 1000 == IDLE_CAP_MS, "the clock's title says the cap Python counts by"


def test_service_worker_precaches_every_file_under_the_build_hash(dist: Path) -> None:
    sw = (dist / "sw.js").read_text()
    match = re.search(r"^const BUILD = (\{.*?\});$", sw, re.DOTALL | re.MULTILINE)
    assert match, "dist/sw.js has no generated BUILD line"
    generated = json.loads(match.group(1))
    assert generated["version"] == build.read_build_info(dist)["version"]
    everything = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    urls = [url for url, _ in generated["files"]]
    assert set(urls) == (everything - {"sw.js"}) | {"./"}
    assert not any(url.startswith(("/", "http:", "https:")) for url in urls)
    hashes = dict(generated["files"])
    for url in ("./", "bridge.js", "build-info.js", build.read_build_info(dist)["wheel"]):
        digest = hashlib.sha256((dist / ("index.html" if url == "./" else url)).read_bytes()).digest()
        assert hashes[url] == "sha256-" + base64.b64encode(digest).decode(), f"{url}: the hash its fetch checks"


def test_content_hash_follows_the_content(dist_copy: Path) -> None:
    info = build.read_build_info(dist_copy)
    assert build.finalize(dist_copy, info)["version"] == info["version"], "same files, same hash"
    with (dist_copy / "index.html").open("a") as page:
        page.write("<!-- changed -->\n")
    assert build.finalize(dist_copy, info)["version"] != info["version"]


def test_every_url_in_the_pages_is_relative_and_local(dist: Path) -> None:
    for page in html_pages(dist):
        for tag, attrs in html_tags(page):
            for name in ("src", "href"):
                url = attrs.get(name)
                if url is None:
                    continue
                assert not re.match(r"^(/|[a-z]+:)", url), f"{page.name}: <{tag} {name}={url!r}> is not relative"
                assert (dist / url.split("#")[0].split("?")[0]).exists(), f"{page.name}: {url} is not in dist/"


def test_pages_carry_a_strict_csp_and_no_inline_script(dist: Path) -> None:
    for page in html_pages(dist):
        tags = html_tags(page)
        csp = [a["content"] for t, a in tags if t == "meta" and (a.get("http-equiv") or "").lower() == "content-security-policy"]
        assert len(csp) == 1, f"{page.name}: one CSP meta tag expected"
        directives = dict((d.split() + [""])[:2] for d in csp[0].split(";") if d.strip())
        assert directives.get("default-src") == "'self'", page.name
        script_src = re.search(r"script-src ([^;]*)", csp[0]).group(1).split()
        assert set(script_src) == {"'self'", "'wasm-unsafe-eval'"}, f"{page.name}: script-src {script_src}"
        for tag, attrs in tags:
            assert not (tag == "script" and "src" not in attrs), f"{page.name}: inline <script>"
            assert not any(name.startswith("on") for name in attrs), f"{page.name}: inline handler on <{tag}>"


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", f"{path.name} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_and_its_icons(dist: Path) -> None:
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        path = dist / icon["src"]
        assert path.exists(), icon["src"]
        if icon["type"] == "image/png":
            width, height = _png_size(path)
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add(width)
    assert {192, 512} <= sizes


def test_icons_are_opaque_where_maskable(dist: Path) -> None:
    data = (dist / "icons" / "icon-maskable-512.png").read_bytes()
    raw = zlib.decompress(data[data.index(b"IDAT") + 4:])
    alphas = raw[1 + 3::4]  # first row: filter byte, then RGBA
    assert set(alphas[:512]) == {255}


def _get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status, response.headers["Content-Type"], response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"], b""


def test_server_types_and_sub_path(server: build.StaticServer) -> None:
    for path, mime in (("pyodide/pyodide.asm.wasm", "application/wasm"), ("pyodide/pyodide.mjs", "text/javascript"),
                       ("bridge.js", "text/javascript"), ("manifest.webmanifest", "application/manifest+json")):
        for prefix in ("", "spider/"):
            status, content_type, _ = _get(server.url + prefix + path)
            assert (status, content_type) == (200, mime), prefix + path
    assert _get(server.url + "spider/")[2] == _get(server.url)[2] == (server.root / "index.html").read_bytes()
    assert _get(server.url + "spider")[2] == _get(server.url)[2]  # redirected to /spider/
    assert _get(server.url + "nothing-here")[0] == 404


def test_stale_check_sees_a_changed_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "repo"
    (root / "web").mkdir(parents=True)
    (root / "dist").mkdir()
    (root / "dist" / "build-info.js").write_text("export default {};\n")
    monkeypatch.setattr(build, "ROOT", root)
    assert not build.is_stale(root / "dist")
    page = root / "web" / "index.html"
    page.write_text("new")
    stamp = (root / "dist" / "build-info.js").stat().st_mtime
    os.utime(page, (stamp + 5, stamp + 5))
    assert build.is_stale(root / "dist")
    shutil.rmtree(root / "dist")
    assert build.is_stale(root / "dist")
