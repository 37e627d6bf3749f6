"""What a user reads for an entity: names for clusters without a name, group names, who is no character, ids.

- A cluster of pronouns only is named by what it is, never by a bare pronoun: "I" outside quotes is the
  narrator (``NARRATOR_NAME``), inside quotes "I (a speaker)"; "we" is "we (narrator's group)" outside quotes,
  "we (a speaker's group)" inside (after the speech layer, "we (Meg's group)" when every one of them is in a
  quote of one known speaker: ``name_speaker_groups``); "you" is "you (the one addressed)"; "they" "they (unnamed group)"; "he", "she",
  "it" are "he (unnamed)", "she (unnamed)", "it (unnamed)".
- A group the plural-pronoun rule made from its members ("they" after Hansel and Gretel) is named by its
  members' final names: "Hansel and Gretel", "Hansel, Gretel and the father", at most three names and 60
  characters ("A, B and 2 others"); its own description ("the children") stays an alias.
- A "character" whose every mention is one capitalised word that is no name (an interjection from the
  lexicon's ``not_names``: "Lo"; or a common word that the text also writes in lower case, alone or
  singular: "Straw" beside "straw", "Witches" beside "witch"; or a heading label: "CHAPTER I. Down") and which no
  description names, or whose every mention is inside a chapter heading ("… -- AN INCIDENT"), is no
  character: it is kept as an entity of kind ``other`` (its mentions stay where coreference put them).
- Ids are short slugs of the final name (leading article dropped, at most 40 characters cut at a word
  boundary), numbered "-2", "-3" … in order of first mention when names repeat; the narrator keeps "narrator".
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable

from worldstate.extract.coref.characters import NARRATOR_NAME
from worldstate.extract.coref.mentions import Coreference
from worldstate.resources.lexicon import lexicon
from worldstate.state import Entity, Speech
from worldstate.state.headings import heading_label

MAX_ID = 40
MAX_GROUP_NAMES = 3
MAX_GROUP_CHARS = 60
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)


def pronoun_name(pronouns: Iterable[str], quoted: bool) -> str:
    """The display name of a cluster of ``pronouns`` only (see the module docstring); ``quoted``: every
    one of them is inside a quotation."""
    lex = lexicon()
    words = [p.strip().lower() for p in pronouns]
    first = words[0] if words else ""
    if first in lex.first_singular:
        return "I (a speaker)" if quoted else NARRATOR_NAME
    if first in lex.first_plural:
        return "we (a speaker's group)" if quoted else "we (narrator's group)"
    if first in lex.second:
        return "you (the one addressed)"
    if first in lex.plural:
        return "they (unnamed group)"
    for word, name in (("male", "he"), ("female", "she")):
        if first in getattr(lex, word):
            return f"{name} (unnamed)"
    return f"{first or 'someone'} (unnamed)"


def group_name(members: list[str]) -> str:
    """Members' names joined as a reader writes them: "Hansel and Gretel", "A, B and C", "A, B and 2 others"
    (at most ``MAX_GROUP_NAMES`` names and about ``MAX_GROUP_CHARS`` characters)."""
    names = list(dict.fromkeys(" ".join(m.split()) for m in members if m.strip()))
    shown = names[:MAX_GROUP_NAMES]
    while len(shown) > 1 and len(", ".join(shown)) > MAX_GROUP_CHARS:
        shown.pop()
    rest = len(names) - len(shown)
    if rest:
        return f"{', '.join(shown)} and {rest} other{'s' if rest > 1 else ''}"
    if len(shown) == 1:
        return shown[0]
    return f"{', '.join(shown[:-1])} and {shown[-1]}"


def is_no_name(word: str, text_words: frozenset[str], titles: Iterable[str] = ()) -> bool:
    """Whether a one-word capitalised mention names no one: a heading label ("CHAPTER I. Down"), an interjection
    ("Lo", "Alas"), or a common word the
    text also writes in lower case ("Straw" … "straw"; "Witches" … "witch"), but not a title or a person noun
    ("Madam", "King"). ``text_words``: the text's lower-case words as written."""
    if heading_label(word):  # "CHAPTER I. Down", "CHAPTER II"
        return True
    word = word.strip(".,;:!?'\"‘’“”").strip()
    low = word.lower()
    lex = lexicon()
    if " " in word and word[:1].isupper():
        return _is_common_phrase(word)
    if not word or " " in word or not word[:1].isupper() or low in lex.person_nouns or low in set(titles):
        return False
    if low in lex.not_names:
        return True
    return bool(_word_forms(low) & text_words)


def _word_forms(low: str) -> set[str]:
    """``low`` with the plural or verb endings a text may give it in lower case ("creep": "creeps",
    "creeping", "creeped"; "bake": "baking"; "witches": "witch")."""
    forms = {low, low + "s", low + "es", low + "ing", low + "ed", low + "d"}
    forms |= {low[:-1] + "ing"} if low.endswith("e") else set()
    forms |= {low[:-1]} if low.endswith("s") else set()
    forms |= {low[:-2]} if low.endswith("es") else set()
    return forms


def _is_common_phrase(phrase: str) -> bool:
    """Whether a capitalised phrase of several words is a common noun phrase capitalised only because it
    opens a sentence or a quote ("Silly goose", "Poor thing"): every word after the first in lower case,
    the first no article, possessive or title, and the last no gendered person noun, kin or title ("The
    duck", "Dear mother" and "Old man" name someone; "Silly goose" calls someone names)."""
    words = [w.strip(".,;:!?'\"‘’“”") for w in phrase.split()]
    words = [w for w in words if w]
    if len(words) < 2 or not all(w[:1].islower() for w in words[1:] if w[:1].isalpha()):
        return False
    first, head = words[0].lower(), words[-1].lower()
    lex = lexicon()
    person = {w for w, gender in lex.person_nouns.items() if gender} | set(lex.kinship) | set(lex.titles)
    return first not in _NOT_OPENERS and first not in person and head not in person


_NOT_OPENERS = frozenset(("the", "a", "an", "this", "that", "these", "those", "my", "your", "his", "her", "our",
                          "their", "its", "mr", "mrs", "ms", "dr", "sir", "lady", "lord", "saint", "st"))  # fmt: skip


def lower_words(text: str) -> frozenset[str]:
    """The words ``text`` writes in lower case."""
    return frozenset(re.findall(r"\b[a-z][a-z'-]*\b", text))


def slug(name: str) -> str:
    """A short id for ``name``: lower case, words joined by "-", leading article dropped, at most ``MAX_ID``
    characters cut at a word boundary ("the miller's daughter" → "miller-s-daughter")."""
    base = re.sub(r"[^a-z0-9]+", "-", _ARTICLE.sub("", name.strip()).lower()).strip("-") or "x"
    if len(base) > MAX_ID:
        cut = base.rfind("-", 0, MAX_ID + 1)
        base = base[: cut if cut > 0 else MAX_ID]
    return base


def short_ids(names: list[tuple[str, str]], keep: frozenset[str] = frozenset({"narrator"})) -> dict[str, str]:
    """Old id → new id for ``(old id, name)`` pairs given in the order that numbers repeats (first mention
    first); ids in ``keep`` stay as they are and are never given to another."""
    out: dict[str, str] = {}
    taken = set(keep)
    for old, _name in names:
        if old in keep:
            out[old] = old
    for old, name in names:
        if old in keep:
            continue
        base, n = slug(name), 1
        new = base
        while new in taken:
            n += 1
            new = f"{base}-{n}"
        taken.add(new)
        out[old] = new
    return out


SPEAKER_GROUP = "we (a speaker's group)"


def speaker_group_name(speaker: str) -> str:
    """The name of a quoted "we" whose one speaker is known: "we (Meg's group)"; the unnamed narrator's is
    "we (narrator's group)"."""
    if speaker == NARRATOR_NAME:
        return "we (narrator's group)"
    owner = f"{speaker}'" if speaker.endswith("s") else f"{speaker}'s"
    return f"we ({owner} group)"


def name_speaker_groups(speeches: list[Speech], coref: Coreference, entities: dict[str, Entity]) -> dict[str, str]:
    """A "we (a speaker's group)" entity whose quoted mentions all lie in quotes of one known speaker is
    named after that speaker ("we (Meg's group)") and given the id of its new name ("we-meg-s-group");
    with no speaker, or two, it keeps its name. Returns old id → new id of the renamed ones."""
    starts = [s.span.start for s in speeches]
    speakers: dict[str, set[str | None]] = {}
    for m in coref.mentions:
        ent = entities.get(m.entity or "")
        if ent is None or ent.name != SPEAKER_GROUP:
            continue
        k = bisect.bisect_right(starts, m.span.start) - 1
        inside = k >= 0 and speeches[k].span.contains(m.span)
        speakers.setdefault(ent.id, set()).add(speeches[k].speaker if inside else None)
    renamed: dict[str, str] = {}
    for ent_id, found in speakers.items():
        speaker = entities.get(next(iter(found)) or "") if len(found) == 1 else None
        if speaker is not None and speaker.name != SPEAKER_GROUP:
            entities[ent_id].name = speaker_group_name(speaker.name)
            base, n = slug(entities[ent_id].name), 1
            new = base
            while new in entities or new in renamed.values():
                n += 1
                new = f"{base}-{n}"
            renamed[ent_id] = new
    rename_entities(renamed, speeches, coref, entities)
    return renamed


def rename_entities(
    renamed: dict[str, str], speeches: list[Speech], coref: Coreference, entities: dict[str, Entity]
) -> None:
    """Give entities new ids (old id → new id) everywhere the speech layer reads them: the entity table,
    the mentions, the groups and the speeches."""
    if not renamed:
        return
    for old, new in renamed.items():
        ent = entities.pop(old)
        ent.id = new
        entities[new] = ent
    for m in [*coref.mentions, *(i.mention for i in coref.infos)]:
        if m.entity in renamed:
            m.entity = renamed[m.entity]
    coref.groups = {
        renamed.get(g, g): frozenset(renamed.get(x, x) for x in members) for g, members in coref.groups.items()
    }
    for sp in speeches:
        sp.speaker = renamed.get(sp.speaker or "", sp.speaker)
        sp.addressees = [renamed.get(a, a) for a in sp.addressees]
