"""StorySumm head: is each summary sentence faithful to the story, unfaithful, or commentary?

Each summary sentence is aligned with its best story windows (:mod:`worldstate.detect.faithfulness.align`);
commentary (evaluation of the story, e.g. "The story explores themes of …") is recognised by the
patterns in ``data/text/commentary_cues.txt`` and not judged. The other sentences get a risk score,
a weighted sum of the alignment signals (weights and threshold in ``data/text/faithfulness.json``,
tuned on the StorySumm val split only; ``bench tune storysumm`` refits the threshold into the cache dir,
which then overrides the shipped file). A sentence is unfaithful when its risk exceeds the threshold;
the summary is faithful iff no sentence is unfaithful. With the LLM adjudicator on, uncertain
summaries are sent to it and its verdict replaces the offline one when it answers.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.data import read_text
from worldstate.detect.answers import SummaryAnswer
from worldstate.detect.evidence import ask_llm, llm_finding, verdict_confidence
from worldstate.detect.faithfulness.align import Alignment, StoryIndex, align
from worldstate.detect.faithfulness.claims import Contradiction, contradictions
from worldstate.detect.tuned import parameter_file, read_parameter_file
from worldstate.errors import ConfigError
from worldstate.state import Evidence, Finding, Story

FAITHFUL, UNFAITHFUL, COMMENTARY = "faithful", "unfaithful", "commentary"
SIGNALS = ("low_sim", "unsupported", "local_unsupported", "new_names", "new_numbers", "negation_flip")


PARAMETERS = "faithfulness.json"
TUNE_TASK = "storysumm"  # ``bench tune storysumm`` writes <cache>/tuned/storysumm/faithfulness.json


def _data(name: str) -> str:
    return read_text("detect", f"data/text/{name}")


def shipped_parameters_path() -> Path:
    return Path(str(resources.files("worldstate.detect").joinpath(f"data/text/{PARAMETERS}")))


def parameters_path(settings: Settings | None = None) -> Path:
    """The parameter file in use: the tuned one in the cache dir when ``bench tune storysumm`` wrote one,
    else the shipped default."""
    return parameter_file(settings, TUNE_TASK, PARAMETERS, shipped_parameters_path())


def parameters(settings: Settings | None = None) -> dict[str, Any]:
    """Signal weights, the sentence threshold and their provenance (:func:`parameters_path`)."""
    return read_parameter_file(parameters_path(settings), _read_parameters)


def _read_parameters(path: Path) -> dict[str, Any]:
    params = json.loads(path.read_text("utf-8"))
    missing = [s for s in SIGNALS if s not in params.get("weights", {})]
    if missing or "threshold" not in params:
        raise ConfigError(f"{path}: faithfulness parameters lack {missing or ['threshold']}")
    return params


@lru_cache(maxsize=1)
def commentary_patterns() -> list[re.Pattern[str]]:
    lines = [ln.strip() for ln in _data("commentary_cues.txt").splitlines()]
    return [re.compile(ln, re.IGNORECASE) for ln in lines if ln and not ln.startswith("#")]


def is_commentary(sentence: str) -> bool:
    return any(p.search(sentence) for p in commentary_patterns())


def signal_values(a: Alignment) -> dict[str, float]:
    """The alignment signals as numbers (order and names: :data:`SIGNALS`)."""
    return {
        "low_sim": 1.0 - a.max_sim,
        "unsupported": a.unsupported,
        "local_unsupported": a.local_unsupported,
        "new_names": float(min(a.new_names, 2)),
        "new_numbers": float(min(a.new_numbers, 2)),
        "negation_flip": float(a.negation_flip),
    }


def sentence_risk(a: Alignment, weights: dict[str, float] | None = None) -> float:
    """How likely the sentence states something the story does not support (higher = riskier)."""
    weights = weights or parameters()["weights"]
    values = signal_values(a)
    return sum(weights[k] * values[k] for k in SIGNALS)


def _finding(story: Story, index: int, a: Alignment, risk: float) -> Finding:
    values = signal_values(a)
    reasons = [k for k in ("new_names", "new_numbers", "negation_flip") if values[k] > 0]
    if a.unsupported > 0:
        reasons.append(f"{a.unsupported:.0%} of its content words are not in the story")
    reasons.append(f"best story match similarity {a.max_sim:.2f}")
    evidence = [
        Evidence(span=s, text=story.span_text(s), role="support", sentence=story.sentence_at(s.start))
        for s in a.evidence
    ]
    return Finding(
        category="summary_faithfulness",
        confidence=min(1.0, risk),
        explanation=f"summary sentence {index + 1} looks unsupported: {'; '.join(reasons)}",
        evidence=evidence,
        rule="fa_align",
        subtype=UNFAITHFUL,
    )


def _claim_finding(world: World, summary: World, c: Contradiction, weight: float) -> Finding:
    """A contradiction with its spans in both texts: role ``summary`` (offsets into the summary) and
    ``contradicted`` (offsets into the story)."""
    evidence = [
        Evidence(c.summary_span, summary.text[c.summary_span.start : c.summary_span.end], "summary", c.sentence)
    ]
    if c.story_span is not None:
        quote = world.text[c.story_span.start : c.story_span.end]
        evidence.append(Evidence(c.story_span, quote, "contradicted", world.story.sentence_at(c.story_span.start)))
    return Finding(
        category="summary_faithfulness",
        confidence=min(1.0, 0.5 + weight / 2),
        explanation=f"summary sentence {c.sentence + 1}: {c.explanation}",
        evidence=evidence,
        rule=f"fa_timeline_{c.kind}",
        subtype=UNFAITHFUL,
    )


def _offline(world: World, summary: World) -> SummaryAnswer:
    params = parameters(world.settings)
    threshold = float(params["threshold"])
    story, sentences = world.story, summary.sentences
    alignments = align(StoryIndex.build(world), summary)
    weight = float(params.get("timeline_weight", 0.0))  # 0: the timeline claims check is off
    claims = contradictions(world, summary) if weight > 0 else []
    claimed = {c.sentence for c in claims}
    labels: list[str] = []
    findings: list[Finding] = []
    worst = 0.0
    for i, (sentence, a) in enumerate(zip(sentences, alignments, strict=True)):
        if is_commentary(sentence):
            labels.append(COMMENTARY)
            continue
        risk = sentence_risk(a, params["weights"]) + (weight if i in claimed else 0.0)
        worst = max(worst, risk)
        if risk > threshold:
            labels.append(UNFAITHFUL)
            findings.append(_finding(story, i, a, risk))
            findings += [_claim_finding(world, summary, c, weight) for c in claims if c.sentence == i]
        else:
            labels.append(FAITHFUL)
    faithful = UNFAITHFUL not in labels
    margin = abs(worst - threshold) / max(threshold, 1e-6)
    return SummaryAnswer(
        confidence=min(1.0, 0.5 + margin),
        findings=findings,
        faithful=faithful,
        score=float(threshold - worst),
        sentence_labels=labels,
    )


def _with_llm(answer: SummaryAnswer, story: Story, sentences: list[str], settings: Settings) -> SummaryAnswer:
    """Ask the adjudicator when the offline answer is uncertain; keep the offline answer otherwise."""
    notes = "\n".join(f.explanation for f in answer.findings) or "(none)"
    verdict = ask_llm(settings, answer, "faithfulness", story=story.text, summary=sentences, engine_notes=notes)
    if verdict is None:
        return answer
    bad = {int(n) - 1 for n in verdict.data.get("unfaithful_sentences") or [] if 1 <= int(n) <= len(sentences)}
    faithful = bool(verdict.data.get("faithful", not bad))
    labels = [
        COMMENTARY if old == COMMENTARY and i not in bad else UNFAITHFUL if i in bad else FAITHFUL
        for i, old in enumerate(answer.sentence_labels)
    ]
    evidence = [Evidence(span=span, text=quote, role="error") for quote, span in verdict.quotes]
    default = "LLM: summary not supported by the story"
    findings = [llm_finding(verdict, "summary_faithfulness", UNFAITHFUL, evidence, default=default)]
    return SummaryAnswer(
        confidence=verdict_confidence(verdict),
        findings=findings if not faithful else [],
        notes=[*answer.notes, *verdict.notes, f"LLM adjudicated (offline said faithful={answer.faithful})"],
        faithful=faithful,
        score=1.0 if faithful else 0.0,
        sentence_labels=labels,
    )


def judge_summary(world: World, summary: World) -> SummaryAnswer:
    """Label each sentence of the analysed ``summary`` and the summary as a whole (faithful iff no
    unfaithful sentence) against the analysed story ``world``."""
    answer = _offline(world, summary)
    if world.settings.llm_mode != "off":
        answer = _with_llm(answer, world.story, summary.sentences, world.settings)
    return answer
