"""Reported telling in the narration: who tells whom ("it told her that the wolf had come", "the girl told her
father all that had happened", "he told the king the whole story").

A verb of telling (``TELL_VERBS``) tells its hearer what the sentence says when it has a hearer and some
content: a clause ("that the wolf had come", "what she had seen", "how he was king") or a content object, an
object that names no character or group ("all that had happened", "everything", "the whole story"). The hearer
is the dative ("told him everything"), else the first object that names a character or group ("told her
father all"). "told her father" alone (no content) and a telling to come ("she will tell him everything")
are no telling of this sentence; a quote's words are the speech layer's, not this reading's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldstate.state.timeline import Modality

if TYPE_CHECKING:
    from worldstate.extract.timeline.clause import SentenceView, Token

TELL_VERBS = ("tell", "inform", "warn", "relate", "explain")
_LIVING = ("character", "group")


def reported_telling(view: SentenceView, verb: Token) -> tuple[str | None, str] | None:
    """(teller, hearer) when ``verb`` is a narrated telling with a hearer and content (see the module
    docstring), else None."""
    if verb.lemma_ not in TELL_VERBS or view.story.speaker_at(view.offset + verb.idx)[0]:
        return None
    objects = [c for c in verb.children if c.dep_ in ("dative", "dobj")]
    clause = any(c.dep_ == "ccomp" for c in verb.children)
    if clause:  # "told her that …": the first object is the hearer, as it has always been read
        hearer = view.ent(objects[0]) if objects else None
        return (view.agent(verb), hearer) if hearer else None
    dative = next((c for c in objects if c.dep_ == "dative"), None)
    hearer_tok = dative or next((c for c in objects if view.kind(view.ent(c)) in _LIVING), None)
    content = [c for c in objects if c is not hearer_tok and view.kind(view.ent(c)) not in _LIVING]
    hearer = view.ent(hearer_tok)
    if not hearer or not content or view.narrated_modality(verb)[0] != Modality.ASSERTED:
        return None
    return view.agent(verb), hearer
