"""The FlawedFictionsMaker run: for each story, facts → impact → typed edit → patch → filters → records."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from spacy.language import Language
from spacy.tokens import Doc

from worldstate.config import Settings
from worldstate.make.acts import Acts, split_acts
from worldstate.make.corpus import SourceStory
from worldstate.make.edits import Replacement, plan_edits
from worldstate.make.facts import Fact, mine_facts
from worldstate.make.judge import Judge, Verdict, decide
from worldstate.make.lexicon import Lexicon, load_lexicon
from worldstate.make.patch import Patched, apply_edits
from worldstate.make.scoring import KEEP_SCORES, dependent_sentences, impact_score
from worldstate.make.writer import MadeSet, explain, negative, positive
from worldstate.state import Story, WorldState


@dataclass(frozen=True)
class MakeOptions:
    seed: int = 0
    per_story: int = 1  # items kept per story
    max_candidates: int = 4  # candidates judged per story at most
    with_negatives: bool = False
    judge_samples: int = 5
    judge_need: int = 4
    use_world_state: bool = False  # dependency scoring from the extractor's world state


@dataclass(frozen=True)
class Candidate:
    fact: Fact
    edits: list[Replacement]
    impact: int
    dependent: int


def world_state(story: Story, settings: Settings) -> WorldState:
    """The world state :func:`~worldstate.analysis.analyze` builds from ``story``'s text."""
    from worldstate.analysis import analyze

    return analyze(story.text, settings).state


def candidates(doc: Doc, story: Story, acts: Acts, lex: Lexicon, ws: WorldState | None, seed: int) -> list[Candidate]:
    out = []
    for fact in mine_facts(doc, story, acts, lex, seed_index=seed):
        dependent = dependent_sentences(fact, doc, story, acts, ws)
        out.append(
            Candidate(
                fact,
                plan_edits(fact, doc, story, acts, lex),
                impact_score(len(dependent), len(acts.later)),
                len(dependent),
            )
        )
    return out


def _order(cands: list[Candidate], rng: random.Random, used: Counter[str]) -> list[Candidate]:
    """Shuffle, then prefer edit kinds used least so far (a varied set)."""
    cands = list(cands)
    rng.shuffle(cands)
    return sorted(cands, key=lambda c: used[c.fact.kind])


def _provenance(
    src: SourceStory,
    story: Story,
    acts: Acts,
    cand: Candidate,
    patched: Patched | None,
    verdict: Verdict,
    example_id: str,
    opts: MakeOptions,
) -> dict[str, Any]:
    fact = cand.fact
    sentence = story.sentences[fact.sentence]
    return {
        "example_id": example_id,
        "source_id": src.id,
        "origin": src.origin,
        "title": src.title,
        "seed": opts.seed,
        "kind": fact.kind,
        "fact": {
            "subject": fact.subject,
            "value": fact.value,
            "counterfactual": fact.counterfactual,
            "statement": fact.statement,
            "counter_statement": fact.counter_statement,
            "span": [fact.span.start, fact.span.end],
            "text": story.span_text(fact.span),
        },
        "acts": {"act2_sentence": acts.act2, "act3_sentence": acts.act3, "sentences": acts.n_sentences},
        "impact": cand.impact,
        "dependent_sentences": cand.dependent,
        "edits": [
            {"span": [e.span.start, e.span.end], "old": story.span_text(e.span), "new": e.new} for e in cand.edits
        ],
        "changed": [
            {"sentence": i, "span": [s.start, s.end], "text": patched.text[s.start : s.end]} for i, s in patched.changed
        ]
        if patched
        else [],
        "contradicted": [
            {
                "sentence": fact.sentence,
                "span": [sentence.span.start, sentence.span.end],
                "text": story.sentence_text(fact.sentence),
            }
        ],
        "filter": verdict.filter,
        "kept": verdict.kept,
        "votes": verdict.votes,
        "samples": verdict.samples,
        "detail": verdict.detail,
    }


def make_flawed(
    sources: Iterable[SourceStory], nlp: Language, judge: Judge | None, settings: Settings, opts: MakeOptions
) -> MadeSet:
    """Run the maker over ``sources``; ``judge`` None means no judge (only the unfiltered set fills)."""
    lex = load_lexicon()
    made = MadeSet()
    used: Counter[str] = Counter()
    for src in sources:
        story = Story.from_text(src.text, title=src.title, source=src.origin)
        if len(story.sentences) < 6:
            continue
        acts = split_acts(story)
        doc = nlp(story.text)
        ws = world_state(story, settings) if opts.use_world_state else None
        rng = random.Random(f"{opts.seed}:{src.id}")
        kept = 0
        unfiltered_done = False
        tried = 0
        for n, cand in enumerate(_order(candidates(doc, story, acts, lex, ws, opts.seed), rng, used)):
            example_id = f"{src.id}-{cand.fact.kind}-{n}"
            if cand.impact not in KEEP_SCORES:
                made.provenance.append(
                    _provenance(src, story, acts, cand, None, Verdict(False, f"impact-{cand.impact}"), example_id, opts)
                )
                continue
            if kept >= opts.per_story or tried >= opts.max_candidates:
                continue
            patched = apply_edits(story, cand.edits)
            cuts = (story.sentences[acts.act2].span.start, _shifted_start(story, acts.act3, cand.edits))
            verdict = decide(
                patched.changed_lines(), patched.text, cuts, judge, samples=opts.judge_samples, need=opts.judge_need
            )
            made.provenance.append(_provenance(src, story, acts, cand, patched, verdict, example_id, opts))
            if verdict.filter in ("no-op", "too-many-changes"):
                continue
            tried += 1
            item = positive(
                patched.text,
                explain(
                    cand.fact.kind,
                    subject=cand.fact.subject,
                    value=cand.fact.value,
                    counterfactual=cand.fact.counterfactual,
                    established=story.sentence_text(cand.fact.sentence),
                    changed=patched.changed_lines()[0],
                ),
                patched.changed_lines(),
                [story.sentence_text(cand.fact.sentence)],
                example_id,
            )
            if not unfiltered_done:
                made.unfiltered.append(item)
                unfiltered_done = True
                used[cand.fact.kind] += 1
            if verdict.kept:
                made.filtered.append(item)
                kept += 1
        if opts.with_negatives:
            made.filtered.append(negative(story.text, f"{src.id}-original"))
            made.unfiltered.append(negative(story.text, f"{src.id}-original"))
    return made


def _shifted_start(story: Story, sentence: int, edits: list[Replacement]) -> int:
    """Where sentence ``sentence`` starts after the edits (for the act-paragraph judge layout)."""
    if sentence >= len(story.sentences):
        return len(story.text) + sum(len(e.new) - len(e.span) for e in edits)
    start = story.sentences[sentence].span.start
    return start + sum(len(e.new) - len(e.span) for e in edits if e.span.end <= start)
