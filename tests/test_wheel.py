"""The built wheel is what the browser loads: build it, inspect it, and run the engine tests on it."""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ENGINE_TESTS = ["test_cards.py", "test_rules.py", "test_notation.py", "test_saves.py", "test_golden.py"]


def test_the_built_wheel_is_pure_complete_and_passes_the_engine_tests(tmp_path):
    pytest.importorskip("build")
    source = tmp_path / "src"  # a copy, so the build leaves no build/ or egg-info in the checkout
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        if (ROOT / name).exists():
            shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "spider", source / "spider", ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"), str(source)],
        cwd=tmp_path,  # not the checkout: its build.py would shadow the build package
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")

    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.message_from_bytes(zf.read(meta_name))
        meta_size = zf.getinfo(meta_name).file_size
        zf.extractall(tmp_path / "site")
    expected = {f"spider/{p.relative_to(source / 'spider').as_posix()}" for p in (source / "spider").rglob("*")
                if p.is_file()}
    assert {f"spider/{m}" for m in ("__init__.py", "game.py", "notation.py", "saves.py", "py.typed")} <= expected
    assert expected <= names, f"missing from the wheel: {sorted(expected - names)}"
    assert all("extra ==" in dep for dep in meta.get_all("Requires-Dist") or []), "runtime dependencies"
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["License-Expression"] == "MIT" and any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not meta.get_payload() and meta_size < 2000, "no README: it would ride in every page's download"

    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    where = subprocess.run(
        [sys.executable, "-c", "import spider; print(spider.__file__)"], env=env, cwd=tmp_path,
        capture_output=True, text=True, check=True,
    ).stdout
    assert where.startswith(str(tmp_path / "site"))
    tests = tmp_path / "tests"  # the engine tests, alone, against the unpacked wheel
    tests.mkdir()
    for name in ENGINE_TESTS + ["engine_helpers.py", "positions.py"]:
        shutil.copy(ROOT / "tests" / name, tests / name)
    shutil.copytree(ROOT / "tests" / "golden", tests / "golden")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "error", str(tests)],
        env=env, cwd=tmp_path, capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
