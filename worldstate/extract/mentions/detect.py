"""Mention detection: candidates from the parse, a category for each from the classifier, one span per head."""

from __future__ import annotations

from dataclasses import dataclass

from worldstate.extract.lexicon import lexicon
from worldstate.extract.mentions.candidates import Candidate, candidates
from worldstate.extract.mentions.features import document_roles, features, hashed
from worldstate.extract.mentions.model import NONE, MentionModel, load_model
from worldstate.extract.parsed import ParsedDoc

PERSON_PRONOUNS = frozenset(
    {"i", "me", "my", "mine", "myself", "we", "us", "our", "ours", "ourselves", "you", "your", "yours",
     "yourself", "yourselves", "thou", "thee", "thy", "thine", "thyself", "ye", "he", "him", "his", "himself",
     "she", "her", "hers", "herself"}
)  # fmt: skip


HONORIFICS = frozenset({"mr", "mrs", "miss", "ms", "dr", "sir", "madam", "madame", "mme", "mlle", "messrs", "mistress"})


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


def choose(
    doc: ParsedDoc, cands: list[Candidate], probs: list[list[float]], labels: tuple[str, ...], threshold: float
) -> list[tuple[Candidate, str, float]]:
    """One span per head: the candidate and category with the highest probability, kept when it reaches
    ``threshold``. Phrases of different heads may nest (LitBank entities do). A phrase that opens with an
    honorific ("Mrs. Hall", "Dr. Jekyll") names a person, whatever its head word suggests."""
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
    return out


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
