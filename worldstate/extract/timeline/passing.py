"""What passes from one character to another without a quote: news retold, and letters read.

Two layers of the World (declared in :mod:`worldstate.layers`), each read by :func:`.query.knows`:

- ``timeline.retold``: (sentence, teller, hearer) for a telling with no content clause: "the wife told her
  sister", "he told her everything / the news / the whole story / what had happened". The hearer learns
  what the teller knew by then.
- ``timeline.letters``: (content sentence, reading sentence, reader) for a written message: "the prince
  wrote a letter saying he would return", "a note which said that …"; later "the princess read the
  letter", "received the letter", "opened the note". The reader learns the sentence that tells its content.

Only narration counts (a quote's "I told him" is the speaker's claim), and only an asserted clause.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldstate.state.timeline import Modality

if TYPE_CHECKING:
    from worldstate.analysis import World

TELLING = ("tell", "inform", "warn", "relate", "explain", "confide")
RETOLD_OBJECTS = frozenset({"everything", "all", "news", "story", "truth", "tale", "secret", "matter", "what"})
WRITING = ("write", "send", "leave")  # "wrote a letter saying …", "left a note that …"
SAYING = ("say", "tell", "state", "announce", "read")  # "a letter saying …", "the letter said that …"
READING = ("read", "receive", "open", "get", "find")


def find_retold(world: World) -> list[tuple[int, str | None, str]]:
    """(sentence, teller, hearer) for a telling without a content clause (see the module docstring)."""
    from worldstate.extract.timeline.clause import view_tokens

    out = []
    for view, tok in view_tokens(world):
        if tok.lemma_ not in TELLING or view.story.speaker_at(view.offset + tok.idx)[0]:
            continue
        if any(c.dep_ in ("ccomp", "xcomp") for c in tok.children):
            continue  # "told her that …", "told her to go": the reported-speech layer, or an order
        objects = [c for c in tok.children if c.dep_ in ("dative", "dobj")]
        hearer = next((view.ent(c) for c in objects if view.kind(view.ent(c)) in ("character", "group")), None)
        said = [c for c in objects if c.lemma_.lower() not in ("him", "her", "them") and view.ent(c) != hearer]
        if not hearer or not all(_what_one_knows(c) for c in said):
            continue  # "told him a story about a bear": a tale, not what the teller knows
        if view.modality(tok)[0] == Modality.ASSERTED:
            out.append((view.index, view.agent(tok), hearer))
    return out


def _what_one_knows(noun: Any) -> bool:
    """'everything', 'all', 'what had happened', 'the news', 'the whole story', 'her secret' — not 'a story'
    (a tale told)."""
    if noun.lemma_.lower() not in RETOLD_OBJECTS:
        return False
    return noun.pos_ != "NOUN" or not any(c.dep_ == "det" and c.lower_ in ("a", "an") for c in noun.children)


def find_letters(world: World) -> list[tuple[int, int, str]]:
    """(content sentence, reading sentence, reader) for written messages (see the module docstring)."""
    from worldstate.extract.timeline.clause import view_tokens
    from worldstate.resources.words import words

    documents = words().documents
    content: dict[str, int] = {}  # document noun → the latest sentence that tells what it says
    out = []
    for view, tok in view_tokens(world):
        if view.story.speaker_at(view.offset + tok.idx)[0]:
            continue
        lemma = tok.lemma_.lower()
        if tok.pos_ == "NOUN" and lemma in documents and _says_something(tok):
            content[lemma] = view.index
        elif tok.pos_ == "VERB" and lemma in READING and view.modality(tok)[0] == Modality.ASSERTED:
            doc_noun = next((c for c in tok.children if c.dep_ == "dobj" and c.lemma_.lower() in documents), None)
            reader = view.agent(tok)
            told = content.get(doc_noun.lemma_.lower()) if doc_noun is not None else None
            if reader and told is not None and told <= view.index:
                out.append((told, view.index, reader))
    return out


def _says_something(noun: Any) -> bool:
    """'a letter saying he would return', 'a note which said that …', 'the letter said that …'."""
    for clause in noun.children:
        if clause.dep_ in ("acl", "relcl") and clause.lemma_ in SAYING and _has_content(clause):
            return True
    head = noun.head
    return noun.dep_ == "nsubj" and head.lemma_ in SAYING and _has_content(head)


def _has_content(verb: Any) -> bool:
    return any(c.dep_ in ("ccomp", "xcomp") for c in verb.children)


def letters_read(world: World) -> list[tuple[int, int, str]]:
    """The ``timeline.letters`` layer."""
    return world.layer("timeline.letters")  # type: ignore[no-any-return]


def retold(world: World) -> list[tuple[int, str | None, str]]:
    """The ``timeline.retold`` layer."""
    return world.layer("timeline.retold")  # type: ignore[no-any-return]
