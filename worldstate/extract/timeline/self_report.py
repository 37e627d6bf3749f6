"""A speaker's own word for where the speaker is: "'Dear mother, I am in the clock-case,' cried the kid".

Inside a quote every state is the speaker's claim (``Modality.SPEECH``). One kind of claim is taken for
a fact of the story world: a first-person present-tense statement of place ("I am in X", "I am sitting
under the table"), spoken by a speaker the speech layer is sure of (:func:`sure_speaker`), as the
speaker's own clause puts it plainly (not negated, not a question, not under a modal verb or a
condition, not a habit: "I always sit in the office"), and with no word in the narration of the
sentence marking it as a lie ("she lied", "pretended"). Its evidence is the quote.

Over the 440 clean texts of ``bench timeline-alarms`` (315,009 words) it fires twice before the habit
check: "I live at Columbia City" (*Sister Carrie*, right) and "the whole day long I sit in the office"
(a habit, now left out).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.coref.quoted import sure_speaker
from worldstate.extract.timeline.clause import SentenceView, Token
from worldstate.state import Span
from worldstate.state.timeline import Modality

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change

_FIRST_PERSON = {"i"}
_PRESENT = {"VBP", "VBZ"}


def as_fact(view: SentenceView, verb: Token, change: Change) -> Change:
    """``change`` (a LOCATION change told by ``verb``) as an asserted fact when it is the speaker's sure
    present-tense report of the speaker's own place; else ``change`` unchanged."""
    if change.modality != Modality.SPEECH or change.holder != change.subject:
        return change
    quote = self_report(view, verb, change.subject)
    if quote is None:
        return change
    return replace(change, modality=Modality.ASSERTED, holder=None, evidence=quote, present_tense=False)


def self_report(view: SentenceView, verb: Token, subject: str) -> Span | None:
    """The quote's content span when ``verb`` is ``subject``'s own plain present-tense statement of
    where ``subject`` is, in a quote ``subject`` surely speaks; else None."""
    w = view.w
    if verb.lemma_.lower() not in w.self_report_verbs or not _present(verb):
        return None
    who = view.subject(verb)
    if who is None or who.lower_ not in _FIRST_PERSON or who.head.i != verb.i:
        return None
    quote = view.story.quote_at(view.offset + verb.idx)
    if quote is None or quote.speaker != subject or not sure_speaker(quote):
        return None
    plain = view.narrated_modality(verb, within=quote.content_span)[0] == Modality.ASSERTED
    if not plain or _asked(view, verb) or _habitual(view, verb) or _marked_untrue(view):
        return None
    return quote.content_span


def _present(verb: Token) -> bool:
    """'am', 'is', 'sit' (present) or 'am sitting' (present progressive)."""
    if verb.tag_ in _PRESENT:
        return True
    return verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.tag_ in _PRESENT for c in verb.children)


def _asked(view: SentenceView, verb: Token) -> bool:
    """The sentence part that holds ``verb`` ends in a question mark ("Am I in the wood?")."""
    for tok in view.doc[verb.i :]:
        if tok.text in ("?", "!?", "?!"):
            return True
        if tok.text in (".", "!", ";"):
            return False
    return False


def _habitual(view: SentenceView, verb: Token) -> bool:
    """A time word of habit modifies the verb ("the whole day long I sit in the office", "I always sit")."""
    habitual = view.w.habitual_words
    return any(
        t.lower_ in habitual for c in verb.children if c.dep_ in ("advmod", "npadvmod", "neg") for t in c.subtree
    )


def _marked_untrue(view: SentenceView) -> bool:
    """The narration of the sentence (outside quotes) calls the words a lie or a pretence."""
    deceit = view.w.deceit_words
    return any(tok.lower_ in deceit and not view.story.speaker_at(view.offset + tok.idx)[0] for tok in view.doc)
