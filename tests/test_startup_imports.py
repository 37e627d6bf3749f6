"""Start-up: a continuity check of a short story loads no torch and no sentence-transformers, reads the name
list's genders from the cache after the first run, and the cached table answers as gender-guesser does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from worldstate.extract.coref import name_list
from worldstate.extract.coref.gender import list_names, name_gender
from worldstate.resources.models import default_spacy_model
from worldstate.resources.spacy_import import needs_torch

STORY = (
    "Gretel lived by the forest with her brother Hansel. One morning Hansel walked to the river and "
    "found a silver key. Gretel said that she would keep it safe."
)
HEAVY = ("torch", "sentence_transformers", "transformers")

# Runs the check in a fresh interpreter and prints which modules of interest it imported, and the answer.
PROBE = """
import json, sys
from click.testing import CliRunner
from worldstate.cli.main import cli
result = CliRunner().invoke(cli, ["check", sys.argv[1], "--task", "continuity", "--json"])
names = ("torch", "sentence_transformers", "transformers", "gender_guesser.detector")
print(json.dumps({"code": result.exit_code, "output": result.output, "loaded": [n for n in names if n in sys.modules]}))
"""


def _check_in_subprocess(story: Path, cache: Path) -> dict:
    env = {**os.environ, "WORLDSTATE_CACHE_DIR": str(cache)}
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(story)], capture_output=True, text=True, timeout=300, env=env, check=True
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_a_continuity_check_imports_no_torch_and_reads_the_name_list_from_the_cache(tmp_path: Path) -> None:
    story = tmp_path / "story.txt"
    story.write_text(STORY, encoding="utf-8")
    first = _check_in_subprocess(story, tmp_path / "cache")
    assert first["code"] == 0 and json.loads(first["output"])["task"] == "continuity"
    assert not set(HEAVY) & set(first["loaded"]), first["loaded"]
    assert "gender_guesser.detector" in first["loaded"], "the first run builds the table from gender-guesser"
    assert list((tmp_path / "cache" / "gender_guesser").glob("names-*.json"))
    second = _check_in_subprocess(story, tmp_path / "cache")
    assert second["loaded"] == [], "the second run reads the cached table"
    assert second["output"] == first["output"]


def test_the_cached_table_answers_as_gender_guesser_does() -> None:
    import gender_guesser.detector as gd

    detector = gd.Detector(case_sensitive=False)
    mapped = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}
    for name in detector.names:
        assert name_gender(name) == mapped.get(detector.get_gender(name), ""), name
    assert name_gender("Mary.") == "female" and name_gender("JOHN") == "male" and name_gender("Xqzt") == ""
    assert all(name.isalpha() and name.isascii() for name in list_names())


def test_the_table_is_written_once_and_read_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(tmp_path))
    name_list.listed_genders.cache_clear()
    try:
        built = name_list.listed_genders()
        (written,) = (tmp_path / "gender_guesser").glob("names-*.json")
        name_list.listed_genders.cache_clear()
        monkeypatch.setattr(name_list, "_from_detector", lambda: pytest.fail("the cached table was not read"))
        assert name_list.listed_genders() == built and list(name_list.listed_genders()) == list(built)
        assert json.loads(written.read_text(encoding="utf-8")) == built
    finally:
        name_list.listed_genders.cache_clear()


def test_an_unwritable_cache_folder_still_gives_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("WORLDSTATE_CACHE_DIR", str(blocker))
    name_list.listed_genders.cache_clear()
    try:
        assert name_list.listed_genders()["mary"] == "female"
        assert not list(tmp_path.glob("**/*.tmp"))
    finally:
        name_list.listed_genders.cache_clear()


def test_only_pipelines_that_require_transformers_get_torch(tmp_path: Path) -> None:
    assert not needs_torch(default_spacy_model()), "the CPU pipeline's meta.json names no transformers package"
    trf = tmp_path / "trf"
    trf.mkdir()
    (trf / "meta.json").write_text(json.dumps({"requirements": ["spacy-curated-transformers>=0.2.2,<1.0.0"]}))
    assert needs_torch(str(trf))
    assert needs_torch("no_such_pipeline_package") and needs_torch(str(tmp_path / "missing"))
