"""A named character's fixed bodily trait (eye, hair, fur colour…) described with two incompatible colours."""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.detect.continuity.lexicon import continuity_finding, lexicon
from worldstate.detect.storyview import StoryView, has_quote
from worldstate.state import Finding

if TYPE_CHECKING:
    from spacy.tokens import Token  # annotations only: spaCy loads with the pipeline


def _owner(part: Token) -> str | None:
    """The proper name owning a body-part noun: "X's eyes", "X had … eyes", "the eyes of X"."""
    for child in part.children:
        if child.dep_ == "poss" and child.pos_ == "PROPN":
            return child.text
        if child.dep_ == "prep" and child.lower_ == "of":
            for obj in child.children:
                if obj.dep_ == "pobj" and obj.pos_ == "PROPN":
                    return obj.text
    head = part.head
    if part.dep_ == "dobj" and head.lemma_ == "have":
        for child in head.children:
            if child.dep_ == "nsubj" and child.pos_ == "PROPN":
                return child.text
    return None


def _colours(part: Token, colours: set[str]) -> set[str]:
    found = {c.lower_ for c in part.children if c.dep_ in {"amod", "compound"} and c.lower_ in colours}
    if part.dep_ == "nsubj" and part.head.lemma_ == "be":
        found |= {c.lower_ for c in part.head.children if c.dep_ in {"acomp", "attr"} and c.lower_ in colours}
    return found


def _compatible(a: str, b: str) -> bool:
    return a == b or any(a in group and b in group for group in lexicon()["colour_groups"])


def trait_mentions(view: StoryView) -> dict[tuple[str, str], list[tuple[int, str]]]:
    """(name, part) → [(sentence, colour)] for every colour given to a named character's trait."""
    lex = lexicon()
    parts, colours = set(lex["trait_parts"]), set(lex["colours"])
    found: dict[tuple[str, str], list[tuple[int, str]]] = {}
    for i, doc in enumerate(view.docs):
        if has_quote(view.sentences[i]):
            continue
        for tok in doc:
            if tok.lower_ not in parts:
                continue
            owner = _owner(tok)
            if owner is None:
                continue
            part = tok.lemma_.lower().rstrip("s") or tok.lower_
            for colour in _colours(tok, colours):
                found.setdefault((owner, part), []).append((i, colour))
    return found


def trait_conflicts(view: StoryView) -> list[Finding]:
    """The first incompatible re-description of each trait."""
    from worldstate.reason.timeline import told_change

    parts = set(lexicon()["trait_parts"])
    conflicts: list[Finding] = []
    for (name, part), mentions in trait_mentions(view).items():
        first_index, first_colour = mentions[0]
        for index, colour in mentions[1:]:
            if told_change(view.docs, first_index, index, {part, *(p for p in parts if p.startswith(part))}):
                first_index, first_colour = index, colour  # "her hair turned golden": a told change, or magic
                continue
            if index != first_index and not _compatible(first_colour, colour):
                conflicts.append(
                    continuity_finding(
                        view,
                        error=index,
                        contradicted=first_index,
                        subtype="trait_changed",
                        explanation=f"{name}'s {part} is {first_colour} in sentence {first_index + 1} "
                        f"but {colour} in sentence {index + 1}.",
                        confidence=0.75,
                        character=name,
                    )
                )
                break
    return conflicts
