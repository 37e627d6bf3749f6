"""Which name a character goes by: a name the story uses once, in the middle of an established character's
run of mentions and without being introduced, is read as that character's name slot taking a second value.

A renaming that the story tells ("was called", "took the name", "named him") introduces the new name, so it
never counts; neither does a name in a list of names ("Solon, Thales and other sages"), a name introduced
with an apposition ("Biernuga, the bony fish"), part of a longer name ("Mr. Jeremy Fisher"), nor a story that
uses many names once (a preface, a history: a crowd of names mentioned in passing), nor a name called to in
a quote ("'Barney!'": the one spoken to).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from worldstate.reason.timeline.word_counts import count_uses, word_counts
from worldstate.state import Span

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from worldstate.analysis import World

NAME_WORD = re.compile(r"[A-Z][a-z]{2,}|[A-Z]{3,}")
# a name given right before the word: "named Hans", "called Gretel", "would call Saidie", "a coat called a
# 'Chesterfield'", "took the name of", "his name was"
INTRODUCED = re.compile(
    r"\b(named|christened|hight|dubbed|styled|call(ed|s)?|known\s+as|name\s+(was|is|of)|names\s+(were|are))"
    r"(\s+(a|an|the))?\s+[\"'“‘]?\s*$",
    re.I,
)
TELLS_RENAMING = re.compile(r"\b(renamed|new\s+name|took\s+the\s+name|changed\s+(his|her|its|their)\s+name)\b", re.I)
TITLED = re.compile(r"(?:^|\W)(Mr|Mrs|Miss|Sir|Dr|Lady|Lord)\.?\s+$", re.I)
KIN = (
    "sister",
    "brother",
    "uncle",
    "aunt",
    "cousin",
    "son",
    "daughter",
    "wife",
    "husband",
    "friend",
    "nephew",
    "niece",
)
TITLES = frozenset(["Mr", "Mrs", "Miss", "Ms", "Dr", "Sir", "Lady", "Lord", "Master", "Mistress", "Old", "Little"])


@dataclass(frozen=True)
class Renaming:
    """``new`` (used once, in sentence ``sentence`` at ``span``) stands where ``old`` (first named in sentence
    ``old_sentence`` at ``old_span``) is expected."""

    old: str
    new: str
    sentence: int
    span: Span
    old_sentence: int
    old_span: Span


def _name_words(world: World) -> dict[str, list[tuple[int, Span]]]:
    """Each capitalised word of a person's name mention (by lower case) → its (sentence, span) uses."""
    ws = world.state
    text = ws.story.text
    out: dict[str, list[tuple[int, Span]]] = {}
    for m in ws.mentions:
        if m.kind.value != "name" or m.category != "PER":
            continue
        for w in re.finditer(r"[A-Za-z]+", text[m.span.start : m.span.end]):
            word = w.group()
            if NAME_WORD.fullmatch(word) and word.capitalize() not in TITLES:
                start = m.span.start + w.start()
                out.setdefault(word.lower(), []).append((m.sentence, Span(start, start + len(word))))
    return out


def _proper_noun(docs: list[Doc | None], sentence: int, start: int, offset: int) -> bool:
    """The word at ``start`` is tagged a singular proper noun in its sentence's parse; one that opens the
    sentence or a quote ('Creep in,' said the witch) must be a subject or called to as well."""
    doc = docs[sentence] if 0 <= sentence < len(docs) else None
    if doc is None:
        return False
    for tok in doc:
        if tok.idx + offset != start:
            continue
        opening = tok.i == 0 or all(t.is_punct or t.is_space for t in doc[: tok.i])
        opening = opening or (tok.i > 0 and doc[tok.i - 1].is_quote)
        vocative = tok.i + 1 < len(doc) and doc[tok.i + 1].text in (",", "!")  # "'Greta, come down!'"
        inverted = tok.i + 2 < len(doc) and doc[tok.i + 1].pos_ == "AUX" and doc[tok.i + 2].pos_ == "PRON"
        if opening and inverted:
            return False  # "Scarce had he advanced": an adverb opening an inverted sentence
        subject = tok.dep_ in ("nsubj", "nsubjpass")
        if opening and (vocative or not subject) and tok.lower_ in _common_words():
            return False  # "Forthwith, then, …", "'Arise!'": a verb or adverb capitalised by its position
        return tok.tag_ == "NNP" and (not opening or vocative or subject)
    return False


def _introduced_or_listed(text: str, sentence_start: int, span: Span, established: set[str]) -> bool:
    """The name is introduced here (after "named", with an apposition, after an article), part of a longer
    name, or one of a list of names that are not the story's established characters."""
    before = text[sentence_start : span.start]
    after = text[span.end : span.end + 40]
    if INTRODUCED.search(before) or re.search(r"\b(the|a|an|my|your|his|her|our|their|of|by)\s+$", before, re.I):
        return True  # introduced, or not a bare name: "your Byron", "the lyre of Apollo", "by Jove"
    if re.match(r"(\s?['’]s\b|\s+(and|or)\s+[a-z]|\s+of\s+[A-Z])", after):
        return True  # "Sherman's march", "Joy and gladness", "Mahmoud of Ghizni"
    if re.search(rf"\b({'|'.join(KIN)})\s+$", before, re.I):
        return True  # "his sister Rosamond", "my uncle John": a relation introduces them
    if re.search(r"\b(the|a|an|this|that)\s+[a-z]+\s+$", before, re.I):
        return True  # "the herald Mouse": a role word before it
    if re.search(r"[A-Z][\w.]*\s+$", before) and not TITLED.search(before):
        return True  # "Jeremy Fisher", "Lorenzo Valla": part of a longer name
    if re.match(r"\s+[A-Z]", after) or re.match(r"(\s+(too|also))?\s?,\s+(the|a|an|one|who|whose)\b", after, re.I):
        return True  # a longer name, or an apposition introducing the bearer ("Mopsey too, the spaniel")
    near = re.findall(r"[A-Z][a-z]+", before[-25:] + " " + after[:25])
    listed = re.search(r"^\s*(,\s*(and|or)?|\s+and|\s+or)\s+[A-Z]", after) or re.search(
        r"[A-Z][a-z]+(,|\s+and|\s+or)\s+$", before
    )
    return bool(listed) and any(w.lower() not in established for w in near)


def renamings(world: World, *, max_single_names: int = 3, min_mentions: int = 3) -> Iterator[Renaming]:
    """The renamings of one story: a person's name used once (not introduced, not in a list), whose sentence
    lies between two uses of a character named at least ``min_mentions`` times; none in a story that uses
    more than ``max_single_names`` person names once, or that tells a renaming."""
    ws = world.state
    text = ws.story.text
    if TELLS_RENAMING.search(text):
        return
    words = _name_words(world)
    read = word_counts(text)  # the text read once, not once per name word
    counts = {w: count_uses(read, text, w) for w in words}
    established = {w for w, n in counts.items() if n >= min_mentions}
    single = [w for w, n in counts.items() if n == 1 and len(words[w]) == 1]
    standalone = [w for w in single if not _in_longer_name(text, words[w][0][1])]
    if not established or len(standalone) > max_single_names:
        return
    for word in single:
        if word in _not_names():
            continue
        sentence, span = words[word][0]
        start = ws.story.sentences[sentence].span.start
        if _clipped_title(text, span) or _introduced_or_listed(text, start, span, established):
            continue
        if _called_to(text, ws.speeches, span):
            continue
        if not _proper_noun(world.sentence_docs, sentence, span.start, start):
            continue
        if _other_names(text, ws.story.sentences[sentence].span, span, established):
            continue
        old = _surrounding(world, words, established, sentence)
        if old is None or _one_letter_apart(old, word) or _diminutive(established, word):
            continue
        if _same_title(text, start, span, old):
            old_sentence, old_span = words[old][0]
            yield Renaming(
                text[old_span.start : old_span.end], text[span.start : span.end], sentence, span, old_sentence, old_span
            )


# what may stand between a quote's opening (or a clause break inside it) and a name called to: "O Ruth",
# "my dear Ruth", "Listen, old Sanna"
CALL_OPENING = re.compile(r"(^|[,;:!?.—-])\s*((o|oh|ah|dear|my|poor|good|old|little|young)\s+)*$", re.I)


def _called_to(text: str, speeches: list[Any], span: Span) -> bool:
    """The name is called to inside a quote ("'Barney!'", "'What does he say, Van?'"): it names the one
    spoken to, often someone met only there, never the character whose mentions surround the quote."""
    for speech in speeches:
        inside = speech.content_span
        if inside.start <= span.start and span.end <= inside.end:
            before, after = text[inside.start : span.start], text[span.end : inside.end]
            return bool(CALL_OPENING.search(before)) and bool(re.match(r"\s*([,!?.;]|$)", after))
    return False


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    """English verbs, adverbs and adjectives (the spaCy lemmatizer's word index), never a name at a sentence's
    or a quote's opening; empty when the spaCy pipeline cannot be loaded."""
    from worldstate.errors import ConfigError
    from worldstate.resources.models import load_spacy
    from worldstate.resources.spacy_lemmas import word_index

    try:
        return word_index(load_spacy())
    except ConfigError:
        return frozenset()


@lru_cache(maxsize=1)
def _not_names() -> frozenset[str]:
    """Capitalised words that call on or personify ("by Jove", "Misfortune's flower"), lower case."""
    from worldstate.data import load_yaml

    return frozenset(w.lower() for w in load_yaml("resources", "data/patterns.yaml")["not_person_names"])


def _other_names(text: str, sentence: Span, span: Span, established: set[str]) -> bool:
    """The sentence names someone or somewhere else that the story does not keep using ("the lyre of Apollo …
    Pallas", "Michael Davitt … Parnell"): a sentence of names in passing."""
    body = text[sentence.start : sentence.end]
    for m in re.finditer(r"\b[A-Z][a-z]+", body):
        opening = body[: m.start()].rstrip()
        if not opening or opening[-1] in ".!?:;\"'“‘—-(" or sentence.start + m.start() == span.start:
            continue  # a word that opens the sentence or a quote is capitalised anyway
        if m.group().lower() not in established and m.group() not in TITLES:
            return True
    return False


def _in_longer_name(text: str, span: Span) -> bool:
    """The word stands next to another capitalised word ("Isaac Newton", "Alderman Ptolemy Tortoise")."""
    return bool(re.search(r"[A-Z][\w.]*\s+$", text[max(0, span.start - 30) : span.start])) or bool(
        re.match(r"\s+[A-Z]", text[span.end : span.end + 3])
    )


def _clipped_title(text: str, span: Span) -> bool:
    """The word is a title clipped by an apostrophe before a name ("Mis' Innes", tokenised "Mis ' Innes")."""
    return bool(re.match(r"\s*['’]\s+[A-Z]", text[span.end : span.end + 5]))


def _diminutive(established: set[str], word: str) -> bool:
    """The name extends or shortens an established one ("Tom" → "Tommy"): a pet name, not a second name."""
    return any(len(e) >= 3 and (word.startswith(e) or e.startswith(word)) for e in established)


def _one_letter_apart(a: str, b: str) -> bool:
    """Names of one length that differ in one letter ("Guddhu", "Guddhi"): a sibling's name or a spelling
    variant, not a second name for one character."""
    return len(a) == len(b) and sum(x != y for x, y in zip(a.lower(), b.lower(), strict=True)) == 1


def _same_title(text: str, sentence_start: int, span: Span, old: str) -> bool:
    """A title before the new name ("Mrs. Lippett") is the one the established name goes with ("Mr. Jeremy" →
    "MR. Kaspar"); else the title introduces someone new."""
    title = TITLED.search(text[sentence_start : span.start])
    return title is None or bool(re.search(rf"\b{title.group(1)}\.?\s+{re.escape(old)}\b", text, re.I))


def _character(world: World, word: str, words: dict[str, list[tuple[int, Span]]]) -> bool:
    """The name's mentions resolve to a character (not "the chateau of Monsieur St. Aubert")."""
    from worldstate.state import EntityKind

    kinds = []
    for m in world.state.mentions:
        if m.entity and any(m.span.start <= s.start and s.end <= m.span.end for _, s in words[word][:3]):
            try:
                kinds.append(world.state.entity(m.entity).kind)
            except KeyError:
                continue
    return EntityKind.CHARACTER in kinds


def _surrounding(
    world: World, words: dict[str, list[tuple[int, Span]]], established: set[str], sentence: int
) -> str | None:
    """The established character's name used both before and after ``sentence``, the one used closest to it."""
    best: tuple[int, str] | None = None
    for word in sorted(established):
        if not _character(world, word, words):
            continue
        uses = [s for s, _ in words[word]]
        before = [s for s in uses if s < sentence]
        after = [s for s in uses if s > sentence]
        if before and after:
            gap = (sentence - max(before)) + (min(after) - sentence)
            if best is None or gap < best[0]:
                best = (gap, word)
    return best[1] if best else None
