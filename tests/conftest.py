"""Shared fixtures: the development data folder (tests skip cleanly without it), and the CI skip policy
(``WORLDSTATE_CI=1``: a skip not named in ``tests/allowed_skips.txt`` fails; see ``skip_policy.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from skip_policy import pytest_make_collect_report, pytest_runtest_makereport

__all__ = ["pytest_make_collect_report", "pytest_runtest_makereport", "shared_data"]

SHARED_DATA = Path(os.environ.get("WORLDSTATE_SHARED_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """Path to ../shared/data; skips the test when the development data is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip(f"development data not found at {SHARED_DATA} (set WORLDSTATE_SHARED_DATA)")
    return SHARED_DATA


@pytest.fixture(autouse=True)
def every_finding_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heads' tests see every finding (threshold 0): which findings ``check`` shows by default is the
    calibration's job, tested on its own in ``test_calibration.py`` (which removes this setting)."""
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "0")
