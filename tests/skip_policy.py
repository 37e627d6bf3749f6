"""CI cannot go green by skipping: with ``WORLDSTATE_CI=1`` a skipped test fails unless it is named in
``tests/allowed_skips.txt`` (one ``node id pattern  reason`` a line; fnmatch patterns; the reason is required).

``tests/conftest.py`` installs the two hooks below; ``.ci/run`` sets ``WORLDSTATE_CI=1``. Outside CI a skip stays
a skip (a machine without the development data, Chromium or Graphviz still runs the rest).
"""

from __future__ import annotations

import os
from fnmatch import fnmatchcase
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

ALLOWED_SKIPS = Path(__file__).with_name("allowed_skips.txt")


@lru_cache(maxsize=4)
def allowed_skips(path: str) -> dict[str, str]:
    """``pattern -> reason`` from the allowed-skips file; a line without a reason is an error."""
    allowed: dict[str, str] = {}
    for number, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        pattern, _, reason = line.strip().partition(" ")
        if not reason.strip():
            raise pytest.UsageError(f"{path}:{number}: give the reason a skip is allowed after {pattern!r}")
        allowed[pattern] = reason.strip()
    return allowed


def strict() -> bool:
    """Whether unlisted skips fail (``WORLDSTATE_CI=1``)."""
    return os.environ.get("WORLDSTATE_CI", "") == "1"


def _allowed(nodeid: str) -> bool:
    path = os.environ.get("WORLDSTATE_ALLOWED_SKIPS") or str(ALLOWED_SKIPS)
    return any(fnmatchcase(nodeid, pattern) for pattern in allowed_skips(path))


def _fail_unlisted_skip(report: Any) -> None:
    if not (strict() and report.skipped and not hasattr(report, "wasxfail")) or _allowed(report.nodeid):
        return
    longrepr = report.longrepr
    reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else str(longrepr)
    reason = reason.removeprefix("Skipped: ")
    report.outcome = "failed"
    report.longrepr = (
        f"{report.nodeid} skipped in CI ({reason}); a skip is allowed only when tests/allowed_skips.txt names it"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A test skipped at setup or call fails in CI unless listed."""
    outcome = yield
    _fail_unlisted_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Any:
    """A module skipped as a whole (``importorskip``, ``allow_module_level``) fails in CI unless listed."""
    outcome = yield
    _fail_unlisted_skip(outcome.get_result())
