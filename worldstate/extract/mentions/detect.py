"""Mention detection: candidates from the parse, a category for each from the classifier, one span per head."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from worldstate.extract.mentions.candidates import Candidate, candidates
from worldstate.extract.mentions.features import document_roles, features, hashed, person_cues
from worldstate.extract.mentions.model import NONE, MentionModel, load_model
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon

PERSON_PRONOUNS = frozenset(
    {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you", "your", "yours",
     "yourself", "yourselves", "thou", "thee", "thy", "thine", "thyself", "ye", "he", "him", "his", "himself",
     "she", "her", "hers", "herself"}
)  # fmt: skip


HONORIFICS = frozenset({"mr", "mrs", "miss", "ms", "dr", "sir", "madam", "madame", "mme", "mlle", "messrs", "mistress"})
NAME_JOINS = frozenset({"compound", "flat"})  # how the parts of one name hang on its head ("Matthew" → "Cuthbert")
ESQUIRES = frozenset({"esq", "esquire"})

Chosen = tuple[Candidate, str, float]


@dataclass(frozen=True)
class DetectedMention:
    """A mention: tokens ``[first, last)`` of the ParsedDoc, its ``head`` token, LitBank ``category``
    (PER/FAC/GPE/LOC/VEH/ORG; "" for a pronoun whose type is unknown, such as "it"), ``kind``
    (name/nominal/pronoun) and the classifier's ``probability`` of that category (1.0 for pronouns)."""

    first: int
    last: int
    head: int
    category: str
    kind: str
    probability: float


def _titles() -> frozenset[str]:
    return frozenset(t.rstrip(".") for t in lexicon().titles)


def _kind(doc: ParsedDoc, cand: Candidate) -> str:
    if cand.pronoun:
        return "pronoun"
    head = doc.tokens[cand.head]
    return "name" if head.pos == "PROPN" or (head.ent_type and head.text[:1].isupper()) else "nominal"


def scored_candidates(
    doc: ParsedDoc, model: MentionModel, every: list[Candidate] | None = None
) -> tuple[list[Candidate], list[list[float]]]:
    """The non-pronoun candidates of ``doc`` and their label probabilities (in ``model.labels`` order);
    ``every``: :func:`candidates` of ``doc`` when already computed."""
    titles = _titles()
    cands = [c for c in (candidates(doc) if every is None else every) if not c.pronoun]
    roles = document_roles(doc)
    probs = model.probabilities([hashed(features(doc, c, titles, roles)) for c in cands])
    return cands, probs.tolist()


@lru_cache(maxsize=1)
def _name_titles() -> frozenset[str]:
    """Words that LitBank tags as a person of their own inside a name ("[Mr.] Weston", "[Colonel] Brandon")."""
    return person_cues()[0] | HONORIFICS | {"st", "saint"}


def _name_outer(doc: ParsedDoc, inner: Candidate, by_head: dict[int, Candidate]) -> bool:
    """Whether the head of ``inner`` is joined (compound, flat) to the head of a longer chosen phrase that
    holds it, directly or through other tokens of that phrase."""
    toks = doc.tokens
    i = inner.head
    path = [i]
    while toks[i].head != i:
        up = toks[i].head
        outer = by_head.get(up)
        if (
            outer is not None
            and outer.first <= inner.first
            and inner.last <= outer.last
            and (outer.first, outer.last) != (inner.first, inner.last)
            and all(outer.first <= k < outer.last for k in path)
        ):
            return toks[i].dep in NAME_JOINS
        path.append(up)
        i = up
    return False


def drop_name_parts(doc: ParsedDoc, chosen: list[Chosen]) -> list[Chosen]:
    """Without the persons that are only a part of a longer chosen name: "Matthew" inside "Matthew
    Cuthbert", "Baker" inside "Baker Street". A title keeps its own span ("[Mrs.] Hall"), as in LitBank."""
    titles = _name_titles()
    by_head = {c.head: c for c, _, _ in chosen}
    return [
        (c, label, p)
        for c, label, p in chosen
        if label != "PER" or doc.tokens[c.head].low.rstrip(".") in titles or not _name_outer(doc, c, by_head)
    ]


def with_esquires(doc: ParsedDoc, chosen: list[Chosen]) -> list[Chosen]:
    """A person's name followed by ", Esq." takes the "Esq." into its span ("John Graves , Esq."), and the
    "Esq." is no person of its own."""
    toks = doc.tokens
    esquires = {c.head for c, _, _ in chosen if c.last - c.first == 1 and toks[c.head].low.rstrip(".") in ESQUIRES}
    out = []
    for c, label, p in chosen:
        if c.head in esquires:
            continue
        k = c.last
        if label == "PER" and k + 1 < len(toks) and toks[k].text == "," and toks[k + 1].low.rstrip(".") in ESQUIRES:
            c = replace(c, last=k + 2)
        out.append((c, label, p))
    return out


def choose(
    doc: ParsedDoc, cands: list[Candidate], probs: list[list[float]], labels: tuple[str, ...], threshold: float
) -> list[Chosen]:
    """One span per head: the candidate and category with the highest probability, kept when it reaches
    ``threshold``. Phrases of different heads may nest (LitBank entities do), except the parts of one name
    (:func:`drop_name_parts`); ", Esq." joins the name before it (:func:`with_esquires`). A phrase that opens
    with an honorific ("Mrs. Hall", "Dr. Jekyll") names a person, whatever its head word suggests."""
    best: dict[int, tuple[float, Candidate, str]] = {}
    for cand, row in zip(cands, probs, strict=True):
        for label, p in zip(labels, row, strict=True):
            if label != NONE and p >= threshold and p > best.get(cand.head, (0.0,))[0]:
                best[cand.head] = (p, cand, label)
    out = []
    for p, c, label in best.values():
        if label != "PER" and c.head > c.first and doc.tokens[c.first].low.rstrip(".") in HONORIFICS:
            label = "PER"
        out.append((c, label, p))
    return with_esquires(doc, drop_name_parts(doc, out))


def detect_mentions(doc: ParsedDoc, model: MentionModel | None = None, pronouns: bool = True) -> list[DetectedMention]:
    """The mentions of ``doc`` in text order (outer phrases before the phrases nested in them): names and
    nominals the classifier types as PER/FAC/GPE/LOC/VEH/ORG, and (``pronouns``) every personal pronoun
    (category PER for person pronouns, "" for "it"/"they"…). Without a model file, no names or nominals."""
    model = model or load_model()
    out: list[DetectedMention] = []
    every = candidates(doc)
    if model is not None:
        cands, probs = scored_candidates(doc, model, every)
        for cand, label, p in choose(doc, cands, probs, model.labels, model.threshold):
            out.append(DetectedMention(cand.first, cand.last, cand.head, label, _kind(doc, cand), round(p, 4)))
    if pronouns:
        for cand in every:
            if cand.pronoun:
                low = doc.tokens[cand.head].low
                out.append(
                    DetectedMention(
                        cand.first, cand.last, cand.head, "PER" if low in PERSON_PRONOUNS else "", "pronoun", 1.0
                    )
                )
    out.sort(key=lambda m: (m.first, -m.last, m.head))
    return out
