"""Who else a quote's own attribution names, as features of the speaker ranker (:mod:`worldstate.extract.speakers`).

The speech verb beside a quote often names, besides its speaker, people who hear it and so do not speak it:
its listener ("he asked Katharine", "said to the king": ``addressee_here``) and, when the verb hangs under a
perception verb ("she heard one voice say", "he heard her tell a room"), the one who perceives it
(``hearer``). Each is a feature of the candidate it names, so the ranker learns how far it rules that
candidate out.

A pronoun speech subject ("he said") means, more often than the nearest name, the subject of the narration
just before it ("Then the doctor felt his patient's pulse. / '…,' he said": the doctor, not the patient),
and coreference sometimes links it elsewhere. The nearest earlier narration subject that agrees with the
pronoun in gender and number gets ``pronoun_subject_antecedent`` (and ``…_own`` when it is the pronoun's
own cluster, ``…_other`` when it is not, and then the pronoun's cluster ``pronoun_not_subject_antecedent``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.extract.events import entity_of, subject_of
from worldstate.state import EntityKind

if TYPE_CHECKING:
    from worldstate.extract.parsed import Token
    from worldstate.extract.speech_turns import Turn, TurnReader

SPEAKER_KINDS = (EntityKind.CHARACTER, EntityKind.GROUP)
PERCEPTION_HOPS = 2  # dependency steps from the speech verb up to a perception verb that governs it
SUBJECT_REACH = 2  # narration sentences before a pronoun speech subject searched for the subject it means


def hearer(ex: TurnReader, verb: Token) -> str | None:
    """The subject of a perception verb that governs ``verb`` ("she heard one voice say": she), or None."""
    doc, cur = ex.doc, verb
    for _ in range(PERCEPTION_HOPS):
        if cur.head == cur.i or cur.dep not in ("ccomp", "xcomp", "conj", "advcl", "dobj"):
            return None
        cur = doc.tokens[cur.head]
        if cur.lemma in ex.lex.perception_verbs and cur.pos == "VERB":
            ent = entity_of(doc, ex.coref, subject_of(doc, cur))
            return ent if ent and ex.entities[ent].kind in SPEAKER_KINDS else None
    return None


def _is_pronoun(ex: TurnReader, low: str) -> bool:
    lex = ex.lex
    return low in lex.third_person or low in lex.first_singular or low in lex.first_plural or low in lex.second


def _agrees(ex: TurnReader, pronoun: str, entity: str) -> bool:
    """Whether ``entity`` may be what the personal pronoun ``pronoun`` (lower case) means."""
    ent = ex.entities[entity]
    if ent.kind not in SPEAKER_KINDS:
        return False
    plural = ent.kind == EntityKind.GROUP or ent.number == "plural"
    if pronoun in ex.lex.plural:
        return plural
    gender = "male" if pronoun in ex.lex.male else "female" if pronoun in ex.lex.female else ""
    return not plural and bool(gender) and ent.gender in ("", gender)


def subject_antecedent(ex: TurnReader, subject: Token) -> str | None:
    """The entity of the nearest subject before the pronoun ``subject`` in the narration (outside quotes, at
    most ``SUBJECT_REACH`` sentences back) that agrees with it; None when there is none."""
    doc = ex.doc
    for tok in reversed(doc.tokens[: subject.i]):
        if subject.sent - tok.sent > SUBJECT_REACH:
            break
        if tok.in_quote or tok.dep not in ("nsubj", "nsubjpass") or _is_pronoun(ex, tok.low):
            continue
        ent = entity_of(doc, ex.coref, tok)
        if ent and _agrees(ex, subject.low, ent):
            return ent
    return None


def role_features(ex: TurnReader, turns: list[Turn], k: int) -> dict[str, set[str]]:
    """{entity: features} of the people quote ``k``'s attribution names who hear it."""
    out: dict[str, set[str]] = {}
    for ent in turns[k].addressees:
        out.setdefault(ent, set()).add("addressee_here")
    verb = ex.speech_verb(turns, k) if turns[k].rule == "verb" else None
    if verb is None:
        return out
    ent = hearer(ex, verb)
    if ent:
        out.setdefault(ent, set()).add("hearer")
    subject = subject_of(ex.doc, verb)
    if subject is not None and subject.low in ex.lex.third_person:
        own = entity_of(ex.doc, ex.coref, subject)
        meant = subject_antecedent(ex, subject)
        if meant:
            out.setdefault(meant, set()).update(
                ("pronoun_subject_antecedent", f"pronoun_subject_antecedent_{'own' if meant == own else 'other'}")
            )
            if own and meant != own:
                out.setdefault(own, set()).add("pronoun_not_subject_antecedent")
    return out
