"""Shared fixtures: the development data folder (tests skip cleanly without it), a module's small stories
analysed once (``worlds``), and the CI skip policy
(``WORLDSTATE_CI=1``: a skip not named in ``tests/allowed_skips.txt`` fails; see ``skip_policy.py``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from skip_policy import pytest_make_collect_report, pytest_runtest_makereport

if TYPE_CHECKING:
    from worldstate.analysis import World

__all__ = ["pytest_make_collect_report", "pytest_runtest_makereport", "shared_data", "worlds"]

SHARED_DATA = Path(os.environ.get("WORLDSTATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; skips the test when the development data is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"development data not found at {SHARED_DATA} (set WORLDSTATE_SHARED_DATA)")
    return SHARED_DATA


@pytest.fixture(scope="module")
def worlds(request: pytest.FixtureRequest) -> dict[str, World]:
    """The stories of the test module's ``TEXTS`` (name → text), each analysed once for the module."""
    from worldstate.analysis import analyze

    return {name: analyze(text) for name, text in request.module.TEXTS.items()}


@pytest.fixture(autouse=True)
def every_finding_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heads' tests see every finding (threshold 0): which findings ``check`` shows by default is the
    calibration's job, tested on its own in ``test_calibration.py`` (which removes this setting)."""
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "0")
