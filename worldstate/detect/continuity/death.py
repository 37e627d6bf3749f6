"""A named character who died acts later (speaks, walks, eats…) with nothing in between to explain it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.detect.continuity.lexicon import continuity_finding, lexicon
from worldstate.detect.storyview import StoryView, has_quote
from worldstate.state import Finding

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token  # annotations only: spaCy loads with the pipeline


def _name(tok: Token) -> str | None:
    """The proper name a subject/object token stands for (PROPN only: pronouns are too ambiguous)."""
    if tok.pos_ != "PROPN":
        return None
    return tok.text


def _hypothetical(tok: Token, doc: Doc) -> bool:
    modal = set(lexicon()["modal_words"])
    words = {t.lower_ for t in doc[max(0, tok.i - 4) : tok.i]} | {c.lower_ for c in tok.children}
    return bool(words & modal) or any(c.dep_ == "neg" for c in tok.children)


def deaths(view: StoryView) -> list[tuple[int, str]]:
    """(sentence, name) for each narrated, non-hypothetical death of a named character."""
    lex = lexicon()
    out: list[tuple[int, str]] = []
    for i, doc in enumerate(view.docs):
        if has_quote(view.sentences[i]):
            continue
        for tok in doc:
            lemma = tok.lemma_.lower()
            names: list[str | None] = []
            if tok.pos_ == "VERB" and lemma in lex["die_verbs"]:
                names += [_name(c) for c in tok.children if c.dep_ == "nsubj"]
            if tok.pos_ == "VERB" and lemma in lex["kill_verbs"]:
                names += [_name(c) for c in tok.children if c.dep_ in {"dobj", "nsubjpass"}]
            if tok.pos_ == "ADJ" and lemma in lex["dead_adjectives"] and tok.dep_ in {"acomp", "oprd", "advcl"}:
                names += [_name(c) for c in tok.head.children if c.dep_ == "nsubj"]
            for name in names:
                if name and not _hypothetical(tok if tok.pos_ == "VERB" else tok.head, doc):
                    out.append((i, name))
    return out


def _acts(doc: Doc, name: str) -> bool:
    verbs = set(lexicon()["agent_verbs"])
    for tok in doc:
        if not (tok.pos_ == "VERB" and tok.lemma_.lower() in verbs and tok.tag_ != "VBN"):
            continue
        if any(c.dep_ == "nsubj" and c.text == name for c in tok.children) and not _hypothetical(tok, doc):
            return True
    return False


def _explained(view: StoryView, start: int, end: int) -> bool:
    """Revival/magic/deception anywhere from ``start`` to ``end``, or a flashback in sentence ``end``."""
    revival = set(lexicon()["revival_cues"])
    if any({t.lower_ for t in view.docs[k]} & revival for k in range(start, end + 1)):
        return True
    return bool({t.lower_ for t in view.docs[end]} & set(lexicon()["flashback_cues"]))


def death_conflicts(view: StoryView) -> list[Finding]:
    """Each named character's first unexplained action after their narrated death."""
    conflicts: list[Finding] = []
    seen: set[str] = set()
    for death_index, name in deaths(view):
        if name in seen:
            continue
        for j in range(death_index + 1, len(view)):
            if _acts(view.docs[j], name):
                if not _explained(view, death_index + 1, j):
                    conflicts.append(
                        continuity_finding(
                            view,
                            error=j,
                            contradicted=death_index,
                            subtype="dead_character_acts",
                            explanation=f"{name} dies in sentence {death_index + 1} but acts in sentence {j + 1}.",
                            confidence=0.8,
                            character=name,
                        )
                    )
                    seen.add(name)
                break
    return conflicts
