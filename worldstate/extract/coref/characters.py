"""The character list, as BookNLP gives it: each character's deterministic name, its aliases (the
distinct names and descriptions the text uses for it) and its mention count, most mentioned first.

A name is the character's most frequent proper name as the text writes it ("Mr. Bennet" when the title is
what the text mostly writes), else its most frequent definite description cut to its noun phrase ("the
miller's daughter", "the father"; ties: the first seen), never a coordinated phrase
("the girl and the duck") when anything else is there. Clusters of pronouns only, groups made from their members,
what is no character ("Lo", "Straw") and the short ids are the business of ``naming``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from worldstate.extract.coref.features import title_genders
from worldstate.resources.lexicon import lexicon
from worldstate.state import EntityKind, WorldState


@dataclass(frozen=True)
class Character:
    """One character of a story."""

    id: str
    name: str
    aliases: tuple[str, ...]
    mentions: int
    gender: str = ""


_TITLE_DOT = re.compile(r"\b(Mr|Mrs|Ms|Dr|St|Messrs|Mme|Mlle)\.")
_CLAUSE = re.compile(  # a relative clause, an apposition ("…, the old one"), or a break in the sentence
    r",?\s(?:who|whom|whose|which|that|where|when)\b|,\s(?:a|an|the|his|her|their|my|our|your)\s|;|:|--|—|!|\?"
)
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([,;:.!?]|['\u2019]s\b)")  # tokenised: "the civil , pretty girl", "Nature 's"
_COORDINATED = re.compile(r"\s(?:and|or|nor)\s|&")
_DEFINITE = ("the ", "this ", "that ")
_NAME_PARTICLES = {"of", "the", "de", "la", "le", "du", "da", "di", "von", "van", "der", "den", "y", "'s"}


def is_proper(name: str) -> bool:
    """Whether a name mention reads as a proper name: every word capitalised but its particles ("Mr. Hall",
    "Little Red-Cap", "Duke of York"), unlike "The duck" or "Little duck, little duck"."""
    words = [w.strip(",.;:!?'\"") for w in name.split()]
    return all(w[:1].isupper() or not w[:1].isalpha() or w.lower() in _NAME_PARTICLES for w in words if w)


def is_address(name: str) -> bool:
    """Whether a capitalised "name" is only a form of address ("Madam", "Sir", "My Lord"): a title
    without a name or an article, which the text calls someone by but which is no name of theirs."""
    words = [w.strip(",.;:!?'\"").lower() for w in name.split()]
    words = [w for w in words if w and w not in ("my", "dear", "good")]
    return bool(words) and all(w in title_genders() for w in words)


def _name_key(name: str) -> str:
    """Name forms that count as one: "Mr. Hall" = "Mr Hall"."""
    return _TITLE_DOT.sub(r"\1", " ".join(name.split()))


def description(text: str) -> str:
    """A description as a name: one line, its leading article in lower case, cut before an apposition or a
    relative clause ("the wicked witch, who lay in wait" → "the wicked witch"); "her own daughter", which the
    mention gives as "the own daughter", is "the daughter"."""
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", " ".join(text.split()))
    if text[:1].isupper() and text.lower().startswith(_DEFINITE):
        text = text[0].lower() + text[1:]
    text = re.sub(r"^the own ", "the ", text)
    cut = _CLAUSE.search(text)
    if cut and cut.start() > 0 and text.lower().startswith(_DEFINITE):
        text = text[: cut.start()].rstrip()
    return text


NARRATOR_NAME = "I (narrator)"  # the name of a first-person narrator the text never names
SELF_NAMING = re.compile(  # the words before a name the narrator gives himself ("Call me Ishmael")
    r"(?:\b[Mm]y name (?:is|was)|\bI am|\bI'm|\b[Cc]all(?:ed)? me|\bnamed me|\bI called myself"
    r"|\bI was (?:called|named|christened))\s?,?\s+$"
)


def narrator_name(text: str, names: list[tuple[int, str]]) -> str | None:
    """The narrator's own name, when the narration gives it: the first proper name ``(offset, text)``
    (names outside quotes) written right after "my name is", "I am", "call me", "I called myself", "I was called"."""
    for start, name in sorted(names):
        owner = text[start + len(name) : start + len(name) + 2] in ("'s", "\u2019s")  # "I am Tom's cousin"
        if is_proper(name) and not owner and SELF_NAMING.search(text[max(0, start - 20) : start]):
            return " ".join(name.split())
    return None


@lru_cache(maxsize=1)
def _pronouns() -> frozenset[str]:
    lex = lexicon()
    return frozenset(lex.third_person | lex.first_singular | lex.first_plural | lex.second)


def is_pronoun(text: str) -> bool:
    """Whether ``text`` is a personal pronoun ("yourselves", "Me"): never a name or an alias."""
    return text.strip().lower() in _pronouns()


def _first_seen(items: list[str]) -> dict[str, int]:
    first: dict[str, int] = {}
    for k, item in enumerate(items):
        first.setdefault(item, k)
    return first


def pick_name(names: list[str], nominals: list[str], fallback: str) -> str:
    """The most frequent proper name as the text writes it (titles kept; an all-caps heading counts half;
    ties: the one of more words, then the first seen), else the most frequent definite description (ties: the
    first seen; coordinated phrases only when nothing else is there), else ``fallback``.
    A name mention that is not written as a proper name ("The duck"), or is only a form of address ("Madam"),
    counts as a description."""
    nominals = [n for n in names if not is_proper(n) or is_address(n)] + [n for n in nominals if not is_pronoun(n)]
    names = [n for n in names if is_proper(n) and not is_pronoun(n) and not is_address(n)]
    if names:
        keys = [_name_key(n) for n in names]
        counts, first = Counter(keys), _first_seen(keys)
        written = {k: names[first[k]] for k in counts}
        best = max(
            counts,
            key=lambda k: (counts[k] - (0.5 if k.isupper() and len(k) > 1 else 0), len(k.split()), -first[k]),
        )
        return written[best]
    descs = [d for d in (description(n) for n in nominals) if d]
    plain = [d for d in descs if not _COORDINATED.search(d)] or descs
    definite = [d for d in plain if d.lower().startswith(_DEFINITE)] or plain
    if definite:
        counts, first = Counter(definite), _first_seen(definite)
        return max(counts, key=lambda d: (counts[d], -first[d]))
    return description(fallback) if fallback.lower().startswith(_DEFINITE) else fallback


def ordered_aliases(texts: list[str], name: str) -> list[str]:
    """Distinct ``texts`` (most frequent first, then first seen), without ``name``; a leading "The" counts
    as "the" ("The father" and "the father" are one alias); pronouns are no aliases."""
    texts = [_SPACE_BEFORE_PUNCT.sub(r"\1", t) for t in texts if not is_pronoun(t)]
    texts = [t[0].lower() + t[1:] if t[:1].isupper() and t.lower().startswith(_DEFINITE) else t for t in texts]
    counts, first = Counter(texts), _first_seen(texts)
    return [t for t in sorted(counts, key=lambda t: (-counts[t], first[t])) if t != name]


def character_list(ws: WorldState) -> list[Character]:
    """Characters (not groups) with at least one mention, by mention count (ties: first seen)."""
    out = [
        Character(ent.id, ent.name, tuple(ent.aliases), len(ent.mentions), ent.gender)
        for ent in ws.entities
        if ent.kind == EntityKind.CHARACTER and ent.mentions
    ]
    order = {e.id: e.first_sentence for e in ws.entities}
    return sorted(out, key=lambda c: (-c.mentions, order.get(c.id, 0), c.id))
