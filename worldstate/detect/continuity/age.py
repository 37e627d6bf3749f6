"""One definite thing called old in one place and young in another ("the old willow" … "the young willow")."""

from __future__ import annotations

from worldstate.detect.continuity.lexicon import continuity_finding, lexicon
from worldstate.detect.storyview import StoryView, has_quote
from worldstate.state import Finding


def age_mentions(view: StoryView) -> dict[str, list[tuple[int, str]]]:
    """noun lemma → [(sentence, age adjective)] for each "the <age adj> <noun>" in narration."""
    lex = lexicon()
    ages = {a for pair in lex["age_pairs"] for a in pair}
    people = set(lex["person_nouns"])
    found: dict[str, list[tuple[int, str]]] = {}
    for i, doc in enumerate(view.docs):
        if has_quote(view.sentences[i]) or not any(t.lower_ in ages for t in doc):
            continue  # (no age adjective in the sentence: nothing to walk)
        for tok in doc:
            if tok.pos_ != "NOUN" or tok.lemma_.lower() in people or tok.tag_ in {"NNS", "NNPS"}:
                continue
            determiners = {c.lower_ for c in tok.children if c.dep_ == "det"}
            adjectives = [c.lower_ for c in tok.children if c.dep_ == "amod" and c.lower_ in ages]
            if determiners == {"the"} and len(adjectives) == 1:
                found.setdefault(tok.lemma_.lower(), []).append((i, adjectives[0]))
    return found


def _opposed(a: str, b: str) -> bool:
    return any({a, b} == set(pair) for pair in lexicon()["age_pairs"])


def age_conflicts(view: StoryView) -> list[Finding]:
    """The first opposite-age re-description of each definite thing."""
    conflicts: list[Finding] = []
    for noun, mentions in age_mentions(view).items():
        first_index, first_age = mentions[0]
        for index, age in mentions[1:]:
            if index != first_index and _opposed(first_age, age):
                conflicts.append(
                    continuity_finding(
                        view,
                        error=index,
                        contradicted=first_index,
                        subtype="age_changed",
                        explanation=f"the {noun} is {first_age} in sentence {first_index + 1} "
                        f"but {age} in sentence {index + 1}.",
                        confidence=0.7,
                    )
                )
                break
    return conflicts
