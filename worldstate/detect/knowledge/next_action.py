"""Next-action choice under a character's knowledge state (Act-on-Known KNP).

Mechanism: score each story sentence for how inaccessible it is to the character — the
stand-in cues (``kn_access``) and the extractor's access model over scenes, presence, speech and
private thoughts (``kn_world``), combined by a small ranker (``kn_rank``) — then score each option
by how much it depends on that hidden information: semantic closeness to the most inaccessible
sentence and to everything the extractor marks inaccessible, words it shares only with hidden
sentences, and (negatively) its fit with what the character can see (the accessible sentences and
the question's framing). The option with the lower dependence is the one the character, acting on
what they know, will take. Weights live in ``data/knowledge/next_action.yaml``; ``worldstate bench tune knp``
refits them into the cache dir, which then overrides the shipped file.
"""

from __future__ import annotations

import math
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import yaml

from worldstate.analysis import World
from worldstate.config import Settings
from worldstate.detect.answers import ChoiceAnswer
from worldstate.detect.evidence import ask_choice, llm_finding, quote_evidence, sentence_evidence
from worldstate.detect.knowledge.access import Access, sentence_access
from worldstate.detect.knowledge.rank import hidden_scores
from worldstate.detect.knowledge.world_access import UNKNOWN, world_inaccessibility
from worldstate.detect.storyview import StoryView, content_lemmas
from worldstate.detect.tuned import tuned_file
from worldstate.errors import ConfigError, InputError
from worldstate.state import Finding

PARAMETERS = "next_action.yaml"
TUNE_TASK = "knp"  # ``bench tune knp`` writes <cache>/tuned/knp/next_action.yaml


def shipped_config_path() -> Path:
    return Path(str(resources.files("worldstate.detect").joinpath(f"data/knowledge/{PARAMETERS}")))


def config_path(settings: Settings | None = None) -> Path:
    """The weights file in use: the one ``bench tune knp`` wrote to the cache dir, else the shipped default."""
    return tuned_file(settings, TUNE_TASK, PARAMETERS) or shipped_config_path()


def config(settings: Settings | None = None) -> dict:
    """Scorer weights, hidden threshold, hidden-sentence ranker and their provenance (:func:`config_path`)."""
    path = config_path(settings)
    return _read_config(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=4)
def _read_config(path: str, mtime_ns: int) -> dict:
    data = yaml.safe_load(Path(path).read_text("utf-8"))
    missing = [k for k in ("weights", "hidden_threshold", "hidden_ranker") if k not in (data or {})]
    if missing:
        raise ConfigError(f"{path}: next-action parameters lack {missing}")
    return data


def option_features(
    view: StoryView,
    access: list[Access],
    question: str,
    options: list[str],
    world: list[float] | None = None,
    ranker: dict[str, float] | None = None,
) -> list[dict[str, float]]:
    """The dependence features of each option (see the yaml file for their meaning).

    ``access`` is the stand-in's inaccessibility per sentence (``kn_access``), ``world`` the
    extractor's (``kn_world``; None = unknown). ``ranker`` overrides the configured hidden-sentence
    ranker weights (``kn_rank``; used when refitting).
    """
    params = config(view.settings)
    threshold = float(params["hidden_threshold"])
    scores = np.array([a.score for a in access])
    inaccessible = np.full(len(scores), UNKNOWN) if world is None else np.asarray(world, dtype=float)
    ranked = hidden_scores(access, list(inaccessible), ranker or params["hidden_ranker"])
    top = ranked >= ranked.max() - 1e-9
    hidden = scores >= threshold
    option_vecs = view.encode(options)
    question_vec = view.encode([question])[0]
    sims = option_vecs @ view.embeddings.T
    question_lemmas = content_lemmas(view.parse(question))
    known = set(question_lemmas).union(*(view.lemmas[i] for i in np.flatnonzero(~hidden)))
    hidden_only = set().union(*(view.lemmas[i] for i in np.flatnonzero(hidden))) - known
    rows = []
    for k, option in enumerate(options):
        lemmas = content_lemmas(view.parse(option))
        size = max(1, len(lemmas))
        rows.append(
            {
                "hidden_similarity": float(sims[k, top].max()),
                "question_distance": -float(option_vecs[k] @ question_vec),
                "hidden_words": len(lemmas & hidden_only) / size,
                "known_words_absent": -len(lemmas & known) / size,
                "world_contrast": float(sims[k] @ (inaccessible - inaccessible.mean())),
            }
        )
    return rows


def _dependence(features: dict[str, float], settings: Settings | None = None) -> float:
    weights = config(settings)["weights"]
    return sum(float(weights[name]) * value for name, value in features.items())


def _validate(question: str, options: list[str]) -> None:
    if not isinstance(question, str) or not question.strip():
        raise InputError("question", "empty question")
    if len(options) < 2 or any(not isinstance(o, str) or not o.strip() for o in options):
        raise InputError("options", "need at least two non-empty options")


def choose_next_action(world: World, question: str, options: list[str], character: str | None = None) -> ChoiceAnswer:
    """Pick the option a character would take acting only on what they can know (0-based index)."""
    _validate(question, options)
    settings = world.settings
    view = StoryView(world)
    who = character or _guess_character(view, question)
    ws = world.state
    access = sentence_access(view, who)
    inaccessible = world_inaccessibility(ws, view, who, lanes=bool(config(settings).get("knowledge_lanes", False)))
    features = option_features(view, access, question, options, inaccessible)
    dependence = [_dependence(f, settings) for f in features]
    choice = int(np.argmin(dependence))
    ordered = sorted(dependence)
    margin = ordered[1] - ordered[0]
    confidence = 1.0 / (1.0 + math.exp(-margin))  # symmetric logistic fit: P(lower-scored option is right)
    hidden_index = int(np.argmax(hidden_scores(access, inaccessible, config(settings)["hidden_ranker"])))
    reasons = list(access[hidden_index].reasons)
    if inaccessible[hidden_index] >= 0.5:
        reasons.append("not present, told or involved per the extracted scenes")
    finding = Finding(
        category="knowledge",
        subtype="next_action",
        confidence=confidence,
        character=who,
        explanation=(
            f"{who} most plausibly does option {choice + 1}: the other option(s) depend more on information "
            f"{who} cannot access (sentence {hidden_index + 1}: {'; '.join(reasons) or 'hidden'})."
        ),
        evidence=[sentence_evidence(view, hidden_index, "support")],
        rule="kn-dependence",
    )
    answer = ChoiceAnswer(
        choice=choice, scores=[-d for d in dependence], confidence=confidence, findings=[finding], notes=[]
    )
    return _adjudicate(answer, view, question, options, who, settings)


def _guess_character(view: StoryView, question: str) -> str:
    """The first proper name in the question (KNP questions name the character), else 'the character'."""
    doc = view.parse(question)
    for ent in doc.ents:
        if ent.label_ == "PERSON":
            return ent.text
    for tok in doc:
        if tok.pos_ == "PROPN":
            return tok.text
    return "the character"


def _adjudicate(
    answer: ChoiceAnswer, view: StoryView, question: str, options: list[str], who: str, settings: Settings
) -> ChoiceAnswer:
    """Ask the LLM adjudicator when configured and unsure; keep the offline answer when it fails."""
    if settings.llm_mode == "off":
        return answer
    notes = f"offline choice: option {answer.choice + 1}; {answer.findings[0].explanation}"
    found = ask_choice(
        settings, answer, "next_action", view.story.text, question, options, character=who, engine_notes=notes
    )
    if found is None:
        return answer
    verdict, choice, confidence = found
    evidence = [quote_evidence(view, span, "support") for _, span in verdict.quotes]
    answer.findings.append(
        llm_finding(
            verdict,
            "knowledge",
            "next_action",
            evidence,
            reason="reasoning",
            default="LLM adjudicator's choice",
            character=who,
        )
    )
    answer.notes.extend(verdict.notes)
    answer.choice, answer.confidence = choice, confidence
    return answer
