"""The LLM's review of the unsure findings (``detect/review.py``) against a local OpenAI-compatible server the
tests start: which findings are sent, what a yes and a no do to them and to the head's answer, and what
``bench run`` reports (the metric with and without the LLM)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import pytest
from local_http import LocalHTTP

from worldstate.config import Settings
from worldstate.detect.llm import reset_adjudicators
from worldstate.detect.review import DROPPED, PROMOTED, review_floor, review_unsure, to_review
from worldstate.errors import ConfigError
from worldstate.state import Evidence, Finding, Span

DEAD_STORY = (
    "Old Tom the miller lived by the river with his daughter Anna.\n\n"
    "One winter Tom fell ill, and in the spring Tom died. Anna buried him under the willow.\n\n"
    "The next summer Tom walked to the market and sold his flour. Anna kept the mill alone.\n"
)


class ReviewServer(LocalHTTP):
    """An OpenAI-compatible chat endpoint: says yes to a claim that names any word of ``yes_words``, no to the
    others; answers "no error" to any other task. Records the task of every request (``finding`` or other)."""

    def __init__(self, yes_words: tuple[str, ...]) -> None:
        self.yes_words = yes_words
        self.tasks: list[str] = []
        self.claims: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
                data = json.dumps(server.reply(body["messages"])).encode("utf-8")
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.start(Handler)

    def reply(self, messages: list[dict[str, str]]) -> dict[str, Any]:
        system, user = messages[0]["content"], messages[1]["content"]
        if "checks one claim" in system:
            self.tasks.append("finding")
            claim = user.split("The checker's claim:", 1)[1].split("The sentences it read:", 1)[0]
            self.claims.append(claim)
            yes = any(word in claim for word in self.yes_words)
            answer = {"real_error": yes, "explanation": "checked by the fake", "confidence": 0.9}
        else:
            self.tasks.append("other")
            answer = {"has_error": False, "answer_index": 0, "confidence": 0.9}
        content = json.dumps(answer)
        return {
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 50, "completion_tokens": 10},
        }


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD", raising=False)  # the calibrated threshold decides here
    reset_adjudicators()
    yield
    reset_adjudicators()


def llm_settings(server: ReviewServer, tmp_path: Path, **overrides: Any) -> Settings:
    """The LLM on in "uncertain" mode with an empty band, so only the review asks it."""
    return Settings(
        llm_mode="uncertain",
        llm_provider="openai",
        llm_base_url=server.url,
        llm_model="gpt-4o-mini",
        llm_timeout_s=5.0,
        llm_band="0,0",
        cache_dir=str(tmp_path / "cache"),
        **overrides,
    )


def finding(name: str, probability: float, shown: bool = False, source: str = "engine") -> Finding:
    text = f"{name} dies in sentence 1 but acts in sentence 2."
    return Finding(
        category="continuity",
        confidence=0.6,
        explanation=text,
        evidence=[Evidence(Span(0, 5), "Words", "error", 1)],
        rule="text.dead_character_acts",
        subtype="dead_character_acts",
        character=name,
        source=source,
        probability=probability,
        shown_by_default=shown,
    )


def test_only_unsure_calibrated_findings_above_the_floor_are_reviewed() -> None:
    found = [
        finding("Sure", 0.8, shown=True),
        finding("Low", 0.05),
        finding("Asked", 0.14),
        finding("Model", 0.5, source="llm"),
        finding("Nothing", 0.3),
    ]
    found[-1].probability = None
    assert [f.character for f in to_review(found, 0.1)] == ["Asked"]
    assert [f.character for f in to_review(found, 0.0)] == ["Low", "Asked"]


def test_the_review_floor_comes_from_the_data_file_or_the_setting() -> None:
    assert review_floor(Settings()) == 0.1
    assert review_floor(Settings(llm_review_floor="0.3")) == 0.3
    with pytest.raises(ConfigError, match="REVIEW_FLOOR"):
        review_floor(Settings(llm_review_floor="high"))


def test_a_yes_promotes_and_a_no_drops(tmp_path: Path) -> None:
    server = ReviewServer(yes_words=("Gretel",))
    try:
        found = [finding("Gretel", 0.2), finding("Hansel", 0.2), finding("Witch", 0.02)]
        review = review_unsure(found, "A story about Gretel and Hansel.", llm_settings(server, tmp_path))
    finally:
        server.close()
    assert review is not None and review.asked == 2 and server.tasks == ["finding", "finding"]
    gretel, hansel, witch = found
    assert gretel.reviewed == PROMOTED and gretel.shown_by_default and gretel.review_reason == "checked by the fake"
    assert hansel.reviewed == DROPPED and not hansel.shown_by_default
    assert witch.reviewed == "" and not witch.shown_by_default  # below the floor: never sent
    assert review.promoted == [gretel.id] and review.dropped == [hansel.id]
    assert "Gretel dies in sentence 1" in server.claims[0]


def test_off_means_no_review() -> None:
    found = [finding("Gretel", 0.2)]
    assert review_unsure(found, "A story.", Settings()) is None
    assert found[0].reviewed == "" and not found[0].shown_by_default


def test_the_continuity_head_decides_on_a_promoted_finding(tmp_path: Path) -> None:
    from worldstate.analysis import analyze
    from worldstate.detect.continuity import detect_continuity

    offline = detect_continuity(analyze(DEAD_STORY, Settings(cache_dir=str(tmp_path / "cache"))))
    unsure = [f for f in offline.findings if f.rule == "text.dead_character_acts"]
    assert not offline.has_error and unsure and not unsure[0].shown_by_default and offline.review is None
    server = ReviewServer(yes_words=("Tom",))
    try:
        answer = detect_continuity(analyze(DEAD_STORY, llm_settings(server, tmp_path)))
    finally:
        server.close()
    assert answer.has_error and any("Tom walked" in line for line in answer.error_lines)
    assert answer.review is not None and answer.review["promoted"] >= 1
    assert answer.review["offline"]["has_error"] is False  # what the engine alone decided
    promoted = [f for f in answer.findings if f.reviewed == PROMOTED]
    assert promoted and promoted[0].shown_by_default and answer.to_dict()["review"]["promoted_ids"]


def test_bench_reports_what_the_review_changed(tmp_path: Path) -> None:
    from worldstate.bench.runner import RunOptions, run_benchmark
    from worldstate.bench.tasks import TASKS

    data = tmp_path / "planted.jsonl"
    item = {  # FlawedFictions' own field layout
        "story": DEAD_STORY,
        "cont_error": 1.0,
        "cont_error_lines": "<li>The next summer Tom walked to the market and sold his flour.</li>",
        "contradicted_lines": "<li>One winter Tom fell ill, and in the spring Tom died.</li>",
        "example_id": "dead-tom",
    }
    data.write_text(json.dumps(item) + "\n", encoding="utf-8")
    server = ReviewServer(yes_words=("Tom",))
    try:
        doc = run_benchmark(
            TASKS["flawedfictions"], data, tmp_path / "run", llm_settings(server, tmp_path), RunOptions(progress=False)
        )
    finally:
        server.close()
    review = doc["llm_review"]
    assert review["items_reviewed"] == 1 and review["promoted"] >= 1 and review["items_changed"] == 1
    assert review["metrics_without_llm"]["recall"] == 0.0 and review["metrics_with_llm"]["recall"] == 1.0
    assert doc["metrics"]["recall"] == 1.0
    report = (tmp_path / "run" / "report.md").read_text(encoding="utf-8")
    assert "What the LLM's review of the unsure findings changed" in report
    assert "| recall | 0 | 1 |" in report


def test_constory_counts_the_sure_errors_and_a_promoted_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from worldstate.analysis import analyze
    from worldstate.detect.constory.head import constory_report

    offline = constory_report(analyze(DEAD_STORY, Settings(cache_dir=str(tmp_path / "cache"))))
    unsure = [f for f in offline.findings if not f.shown_by_default]
    assert unsure and not any(offline.errors.values())  # below the threshold: not counted as ConStory errors
    assert sum(len(v) for v in offline.unsure_errors.values()) == len(offline.findings)
    monkeypatch.setenv("WORLDSTATE_FINDING_THRESHOLD", "0")
    every = constory_report(analyze(DEAD_STORY, Settings(cache_dir=str(tmp_path / "cache"))))
    assert sum(len(v) for v in every.errors.values()) == len(every.findings)
    monkeypatch.delenv("WORLDSTATE_FINDING_THRESHOLD")

    server = ReviewServer(yes_words=("Tom",))
    try:
        settings = llm_settings(server, tmp_path, llm_review_floor="0")
        reviewed = constory_report(analyze(DEAD_STORY, settings))
    finally:
        server.close()
    promoted = [f for f in reviewed.findings if f.reviewed == PROMOTED]
    assert promoted and reviewed.review is not None and reviewed.review["promoted"] == len(promoted)
    assert sum(len(v) for v in reviewed.errors.values()) == len(promoted)
    assert not any(reviewed.review["offline"]["errors"].values())  # the errors before the review
