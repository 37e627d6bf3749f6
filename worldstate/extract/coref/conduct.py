"""Characters by their conduct: a name coreference typed a place or a thing, that acts as a person.

The mention detector types a name it does not know by its look ("Gerda" a place, "Laotsze" other). The
story shows what it is: a name that "she" or "he" points back to, that speaks or is spoken to, or that is
the subject of a verb of speaking or thinking in the narration is a character. Each such clue counts one
(a speech two); two make the name a character, gendered by its pronouns when they agree. Only entities
with a proper-name mention are retyped (never "the sea" or "the wind" in a fable), and only the entity's
kind changes: mentions, clusters and the LitBank categories stay as they are.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter

from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import lexicon
from worldstate.state import Entity, EntityKind, MentionKind, Speech

RETYPED = frozenset({EntityKind.PLACE, EntityKind.OTHER, EntityKind.OBJECT})
PRONOUN_GENDER = {
    "he": "male",
    "him": "male",
    "his": "male",
    "himself": "male",
    "she": "female",
    "her": "female",
    "hers": "female",
    "herself": "female",
}
NEEDED = 2  # clues that make a name a character (hand-set: one stray "she" or one verb is not enough)


def characters_by_conduct(
    entities: dict[str, Entity], mentions: list, doc: ParsedDoc, speeches: list[Speech]
) -> list[str]:
    """Retype to CHARACTER (in place) every named place/thing/other entity with enough clues; the ids."""
    speaking = _speaking_subjects(doc)
    clues: Counter[str] = Counter()
    genders: dict[str, Counter[str]] = {}
    named: set[str] = set()
    for m in mentions:
        ent = entities.get(m.entity or "")
        if ent is None or ent.kind not in RETYPED:
            continue
        if m.kind == MentionKind.NAME:
            named.add(ent.id)
            at = bisect_left(speaking, m.span.start)
            if at < len(speaking) and speaking[at] < m.span.end:
                clues[ent.id] += 1
        gender = PRONOUN_GENDER.get(m.text.lower()) if m.kind == MentionKind.PRONOUN else None
        if gender:
            clues[ent.id] += 1
            genders.setdefault(ent.id, Counter())[gender] += 1
    for sp in speeches:
        for who in (sp.speaker, *sp.addressees):
            if who in entities and entities[who].kind in RETYPED:
                clues[who] += 2
    retyped = []
    for eid in sorted(named):
        if clues[eid] < NEEDED:
            continue
        ent = entities[eid]
        ent.kind = EntityKind.CHARACTER
        told = genders.get(eid)
        if told and not ent.gender and len(told) == 1:
            ent.gender = next(iter(told))
        retyped.append(eid)
    return retyped


def _speaking_subjects(doc: ParsedDoc) -> list[int]:
    """Start offsets, sorted, of the narrated subjects of verbs of speaking or thinking ("Gerda said")."""
    lex = lexicon()
    verbs = set(lex.speech_verbs) | set(lex.mental_verbs)
    return sorted(
        t.start for t in doc.tokens if t.dep == "nsubj" and not t.in_quote and doc.tokens[t.head].lemma in verbs
    )
