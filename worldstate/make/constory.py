"""ConStory-style injection: plant one error of a given subtype into a long story, with ground truth.

Each of the 19 subtypes has a planting recipe in ``data/constory_templates.yaml`` (see its header).
A planted error records the official ConStory error object (exact_quote, location,
contradiction_pair, contradiction_location, error_element, error_category, context) plus the
character spans of the quote and the pair in the injected story, verified against its text.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import yaml
from spacy.language import Language
from spacy.tokens import Doc
from tqdm import tqdm

from worldstate.data import read_text
from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.make.corpus import SourceStory
from worldstate.make.facts import name_gender
from worldstate.make.lexicon import load_lexicon
from worldstate.make.writer import JsonlSet, jsonl
from worldstate.state import Span, Story

_PRONOUNS = {
    "female": {"he": "she", "He": "She", "his": "her", "him": "her", "himself": "herself"},
    "male": {"he": "he", "He": "He", "his": "his", "him": "him", "himself": "himself"},
}
_COLOUR = re.compile(
    r"\b(?<!-)(black|brown|red|golden|blond|blonde|grey|gray|white|green|blue|auburn|silver|dark|fair)"
    r"\s+(hair|eyes|beard|cloak|coat|dress|curls|braid)\b",
    re.I,
)
_OTHER_COLOUR = {"black": "golden", "golden": "black", "blond": "black", "blonde": "black", "dark": "silver-white"}
_CATEGORIES = ("characterization_", "factual_detail_", "narrative_style_", "timeline_plot_", "world_building_")
_NUMBER = re.compile(
    r"\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred)\s+([a-z]{3,}s)\b", re.I
)


@lru_cache(maxsize=1)
def recipes() -> dict[str, dict[str, str]]:
    text = read_text("make", "data/constory_templates.yaml")
    raw = yaml.safe_load(text)
    missing = set(CONSTORY_COLUMNS) - set(raw)
    if missing:
        raise ValueError(f"constory_templates.yaml lacks {sorted(missing)}")
    return raw


@dataclass
class Planted:
    """One injected story and the error planted in it."""

    id: str
    source_id: str
    subtype: str
    story: str
    error: dict[str, Any]
    quote_span: Span
    pair_span: Span | None

    def record(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "source_id": self.source_id,
            "subtype": self.subtype,
            "story": self.story,
            "errors": {c: ([self.error] if c == self.subtype else []) for c in CONSTORY_COLUMNS},
            "quote_span": [self.quote_span.start, self.quote_span.end],
            "pair_span": [self.pair_span.start, self.pair_span.end] if self.pair_span else None,
        }


@dataclass
class InjectedSet(JsonlSet):
    """The planted errors, the stories they were planted in, and the placements skipped."""

    planted: list[Planted] = field(default_factory=list, metadata=jsonl("constory_injected.jsonl", name="injected"))
    originals: list[SourceStory] = field(default_factory=list, metadata=jsonl("constory_originals.jsonl"))
    skipped: list[dict[str, str]] = field(default_factory=list, metadata=jsonl("constory_skipped.jsonl", optional=True))

    def row(self, name: str, item: Any) -> Any:
        """A planted error as its record, an original story as its id and text."""
        if name == "injected":
            return item.record()
        if name == "originals":
            return {"id": item.id, "story": item.text}
        return item


@dataclass
class _Context:
    story: Story
    doc: Doc
    char: str
    char2: str
    slots: dict[str, str]
    rng: random.Random

    def sentences_with(self, name: str, lo: float = 0.0, hi: float = 1.0) -> list[int]:
        n = len(self.story.sentences)
        pattern = re.compile(rf"\b{re.escape(name)}\b")
        return [i for i in range(int(lo * n), int(hi * n)) if pattern.search(self.story.sentence_text(i))]


def _characters(doc: Doc, min_mentions: int = 3) -> list[str]:
    """Named characters, most mentioned first."""
    counts = Counter(
        e.text for e in doc.ents if e.label_ == "PERSON" and all(t.pos_ == "PROPN" for t in e) and len(e.text) > 2
    )
    return [name for name, n in counts.most_common() if n >= min_mentions]


def _context(story: Story, doc: Doc, rng: random.Random) -> _Context | None:
    chars = _characters(doc)
    if len(chars) < 2:
        return None
    char, char2 = chars[0].split()[0], chars[1].split()[0]
    slots = {"char": char, "Char": char, "char2": char2, **_PRONOUNS[name_gender(doc, char) or "male"]}
    return _Context(story, doc, char, char2, slots, rng)


def _fill(template: str, slots: dict[str, str]) -> str:
    text = template.format(**slots)
    return text[:1].upper() + text[1:]


def _anchor(ctx: _Context, kind: str) -> tuple[int, dict[str, str]] | None:
    """The earlier sentence an anchored error contradicts, and extra slots it fixes."""
    text = ctx.story.text
    half = ctx.story.sentences[len(ctx.story.sentences) // 2].span.start
    if kind == "cooccur":
        both = [i for i in ctx.sentences_with(ctx.char, 0, 0.5) if ctx.char2 in ctx.story.sentence_text(i)]
        return (both[0], {}) if both else None
    if kind == "place":
        places = [e for e in ctx.doc.ents if e.label_ in ("GPE", "LOC", "FAC") and e.start_char < half]
        for ent in places:
            i = ctx.story.sentence_at(ent.start_char)
            if ctx.char in ctx.story.sentence_text(i):
                return i, {"place": ent.text}
        return None
    if kind == "colour":
        return _colour_anchor(ctx, half)
    if kind == "number":
        lex = load_lexicon()
        for m in _NUMBER.finditer(text, 0, half):
            if m.group(2).lower().removesuffix("s") not in lex.countable:
                continue
            n = lex.numbers.get(m.group(1).lower(), 0)
            other = lex.number_word(n + 1) or lex.number_word(n - 1)
            if other:
                return ctx.story.sentence_at(m.start()), {"other_number": other, "noun": m.group(2).lower()}
        return None
    raise ValueError(f"unknown anchor kind {kind!r}")


def _colour_anchor(ctx: _Context, half: int) -> tuple[int, dict[str, str]] | None:
    """An early 'Name's / his / her <colour> <feature>' whose owner is a named character."""
    text = ctx.story.text
    names = [n.split()[0] for n in _characters(ctx.doc, min_mentions=2)]
    for m in _COLOUR.finditer(text, 0, half):
        i = ctx.story.sentence_at(m.start())
        before = text[max(0, m.start() - 200) : m.start()]
        for name in sorted(names, key=lambda n: -before.rfind(n)):
            pronouns = _PRONOUNS[name_gender(ctx.doc, name) or "male"]
            late = [j for j in ctx.sentences_with(name, 0.55, 1.0) if j > i]
            if (
                late
                and name in before
                and re.search(rf"\b({re.escape(name)}’?'?s|{pronouns['his']})\s+(\w+\s+)?$", before, re.I)
            ):
                colour = m.group(1).lower()
                extra = {"char": name, "Char": name, **pronouns}
                return i, {
                    **extra,
                    "other_colour": _OTHER_COLOUR.get(colour, "jet-black"),
                    "feature": m.group(2).lower(),
                }
    return None


def _insert(text: str, inserts: list[tuple[int, str]]) -> tuple[str, list[Span]]:
    """Insert sentences (offset, sentence) after given offsets; return the new text and their spans."""
    order = sorted(range(len(inserts)), key=lambda k: inserts[k][0])
    pieces, pos, shift = [], 0, 0
    spans: list[Span | None] = [None] * len(inserts)
    for k in order:
        at, sentence = inserts[k]
        pieces.append(text[pos:at])
        pieces.append(" " + sentence)
        spans[k] = Span(at + shift + 1, at + shift + 1 + len(sentence))
        shift += len(sentence) + 1
        pos = at
    pieces.append(text[pos:])
    return "".join(pieces), [s for s in spans if s is not None]


def _shifted(span: Span, inserts: list[tuple[int, str]]) -> Span:
    delta = sum(len(s) + 1 for at, s in inserts if at <= span.start)
    return Span(span.start + delta, span.end + delta)


def plant(source: SourceStory, subtype: str, doc: Doc, seed: int) -> Planted | str:
    """Plant one ``subtype`` error into ``source`` (``doc``: its parse); returns the reason when it cannot."""
    recipe = recipes()[subtype]
    story = Story.from_text(source.text)
    if doc.text != story.text:
        raise ValueError("doc must be the parse of the story's normalised text")
    rng = random.Random(f"{seed}:{source.id}:{subtype}")
    ctx = _context(story, doc, rng)
    if ctx is None:
        return "fewer than two named characters"
    later = ctx.sentences_with(ctx.char, 0.55, 1.0)
    early = ctx.sentences_with(ctx.char, 0.0, 0.3)
    if not later or not early:
        return f"{ctx.char} is not mentioned both early and late"
    after = rng.choice(later)
    strategy = recipe["strategy"]
    slots = dict(ctx.slots)
    pair_sentence: int | None = None
    inserts: list[tuple[int, str]] = []
    if strategy == "rename":
        return _rename(source, story, ctx, subtype, recipe, after)
    if strategy == "anchored":
        if recipe["anchor"] == "previous":
            pair_sentence = after
        else:
            found = _anchor(ctx, recipe["anchor"])
            if found is None:
                return f"no {recipe['anchor']} anchor"
            pair_sentence, extra = found
            slots.update(extra)
            if extra.get("char", ctx.char) != ctx.char:
                owner_later = [i for i in ctx.sentences_with(extra["char"], 0.55, 1.0) if i > pair_sentence]
                if not owner_later:
                    return f"{extra['char']} is not mentioned late"
                after = rng.choice(owner_later)
        inserts.append((story.sentences[after].span.end, _fill(recipe["error"], slots)))
    elif strategy == "pair":
        inserts.append((story.sentences[after].span.end, _fill(recipe["error"], slots)))
        inserts.append((story.sentences[early[0]].span.end, _fill(recipe["rule"], slots)))
    elif strategy == "solo":
        inserts.append((story.sentences[after].span.end, _fill(recipe["error"], slots)))
    elif strategy == "early":
        inserts.append((story.sentences[early[0]].span.end, _fill(recipe["error"], slots)))
    else:
        raise ValueError(f"unknown strategy {strategy!r} for {subtype}")
    text, spans = _insert(story.text, inserts)
    quote_span = spans[0]
    if strategy == "pair":
        pair_span = spans[1]
    elif pair_sentence is not None:
        pair_span = _shifted(story.sentences[pair_sentence].span, inserts)
    else:
        pair_span = None
    return _planted(source, subtype, recipe, text, quote_span, pair_span)


def _rename(
    source: SourceStory, story: Story, ctx: _Context, subtype: str, recipe: dict[str, str], after: int
) -> Planted | str:
    lex = load_lexicon()
    gender = name_gender(ctx.doc, ctx.char) or "male"
    pool = [n for n in lex.names[gender] if n not in story.text]
    if not pool:
        return "no unused replacement name"
    sentence = story.sentences[after]
    m = re.search(rf"\b{re.escape(ctx.char)}\b", story.sentence_text(after))
    if m is None:
        return "character mention not found"
    start = sentence.span.start + m.start()
    new_name = ctx.rng.choice(pool)
    text = story.text[:start] + new_name + story.text[start + len(ctx.char) :]
    delta = len(new_name) - len(ctx.char)
    quote_span = Span(sentence.span.start, sentence.span.end + delta)
    first = ctx.sentences_with(ctx.char, 0.0, 1.0)[0]
    return _planted(source, subtype, recipe, text, quote_span, story.sentences[first].span)


def _paragraph_label(text: str, offset: int) -> str:
    return f"paragraph {text[:offset].count(chr(10) + chr(10)) + 1}"


def _planted(
    source: SourceStory, subtype: str, recipe: dict[str, str], text: str, quote: Span, pair: Span | None
) -> Planted:
    category = (
        subtype.split("_", 2)[-1]
        if subtype.startswith(("timeline_plot", "world_building", "narrative_style", "factual_detail"))
        else subtype.split("_", 1)[-1]
    )
    error = {
        "exact_quote": text[quote.start : quote.end],
        "location": _paragraph_label(text, quote.start),
        "contradiction_pair": text[pair.start : pair.end] if pair else None,
        "contradiction_location": _paragraph_label(text, pair.start) if pair else None,
        "error_element": recipe["element"],
        "error_category": category,
        "context": f"planted by worldstate make-flawed --mode constory ({recipe['strategy']})",
    }
    return Planted(f"{source.id}-{subtype}", source.id, subtype, text, error, quote, pair)


def inject_all(
    sources: Iterable[SourceStory], nlp: Language, *, seed: int = 0, per_subtype: int = 1, progress: bool = False
) -> InjectedSet:
    """Plant ``per_subtype`` errors of every subtype, one per story, cycling through the stories."""
    stories = list(sources)
    out = InjectedSet(originals=stories)
    if not stories:
        return out
    queue = [sub for _ in range(per_subtype) for sub in CONSTORY_COLUMNS]
    cursor = 0
    docs: dict[str, Doc] = {}

    def parse(source: SourceStory) -> Doc:
        if source.id not in docs:
            docs[source.id] = nlp(Story.from_text(source.text).text)
        return docs[source.id]

    for subtype in tqdm(queue, desc="make-flawed (constory)", unit="error", disable=not progress):
        for attempt in range(len(stories)):
            source = stories[(cursor + attempt) % len(stories)]
            result = plant(source, subtype, parse(source), seed)
            if isinstance(result, Planted):
                out.planted.append(result)
                cursor += attempt + 1
                break
            out.skipped.append({"source_id": source.id, "subtype": subtype, "reason": result})
    return out
