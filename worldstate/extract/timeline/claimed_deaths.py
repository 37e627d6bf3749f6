"""A death a character reports in a quote, taken as a fact: "'It is all done, and the witch is already hanging
on the gallows,' said he", "'The king has died,' cried the page".

Inside a quote every state is the speaker's claim (``Modality.SPEECH``). A claim of a death becomes a fact
of the story world when:

- the speaker's own clause puts it plainly (asserted or told in the past perfect, as :meth:`.SentenceView.
  narrated_modality` reads it inside the quote: not a threat "I will kill you", a plan "we must kill him",
  a condition "if you go you will die", a wish or a fear "I am afraid he is dead"), and not as a question;
- it is told of a third person, not the speaker or the hearer ("I am a dead man", "you are dead to me" are
  figures of speech far more often than reports);
- the narration of the sentence does not call the words a lie or a pretence ("she lied", "pretended");
- the speaker's turn (the run of their quotes and unattributed ones, no other speaker's between) tells no dream ("'I will tell
  you a dream' ... 'with that she died.' ... 'My darling, this is only a dream.'");
- the narration does not contradict it: the one said to be dead does not act again in the narration
  afterwards (the subject of a verb outside any quote, in an asserted clause) before the story tells its
  life or death anew.

Its evidence is the claim's own words; the state keeps its sentence.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from worldstate.extract.timeline.self_report import _asked, _marked_untrue
from worldstate.state.timeline import Modality, Predicate

if TYPE_CHECKING:
    from worldstate.extract.timeline.change import Change
    from worldstate.extract.timeline.clause import SentenceView, Token

_PERSONAL = {"i", "me", "we", "us", "you", "thou", "thee", "ye", "myself", "yourself", "ourselves"}
_PLAIN = (Modality.ASSERTED, Modality.FLASHBACK)
_STILL = {"be", "lie", "remain", "hang", "rest", "sleep"}  # a dead body may still "lie", "hang", "rest"


def claimed_deaths(views: list[SentenceView], changes: list[Change]) -> list[Change]:
    """``changes`` with each plainly claimed death of a quote (see the module docstring) made a fact."""
    by_index = {v.index: v for v in views}
    told = sorted((c.sentence, c.subject) for c in changes if c.predicate == Predicate.ALIVE and c.modality.factual)
    actors: dict[str, list[int]] | None = None
    dreams: set[int] | None = None
    out = []
    for change in changes:
        view = by_index.get(change.sentence)
        if not _is_claim(change) or view is None or not _plain_claim(view, change):
            out.append(change)
            continue
        if dreams is None:
            dreams = dream_quotes(views)
        if view.story.quote_index(change.evidence.start) in dreams:
            out.append(change)
            continue
        if actors is None:
            actors = narrated_actors(views)
        again = min((s for s, who in told if who == change.subject and s > change.sentence), default=None)
        acts = [s for s in actors.get(change.subject, []) if s > change.sentence and (again is None or s < again)]
        out.append(change if acts else replace(change, modality=Modality.ASSERTED, holder=None, present_tense=False))
    return out


def _is_claim(change: Change) -> bool:
    return change.predicate == Predicate.ALIVE and change.value == "false" and change.modality == Modality.SPEECH


def _plain_claim(view: SentenceView, change: Change) -> bool:
    """The change's words are a plain third-person claim inside a quote, not called a lie."""
    anchor = _anchor(view, change)
    if anchor is None:
        return False
    quote = view.story.quote_at(view.offset + anchor.idx)
    if quote is None or view.narrated_modality(anchor, within=quote.content_span)[0] not in _PLAIN:
        return False
    subject = view.subject(anchor) if anchor.pos_ in ("VERB", "AUX") else None
    if subject is None and anchor.head.pos_ in ("VERB", "AUX"):
        subject = view.subject(anchor.head)  # "is dead": the adjective's verb
    if subject is not None and subject.lower_ in _PERSONAL:
        return False
    return not _asked(view, anchor) and not _marked_untrue(view)


def _anchor(view: SentenceView, change: Change) -> Token | None:
    """The head token of the change's evidence in its sentence: the one whose head lies outside it."""
    inside = [t for t in view.doc if change.evidence.start <= view.offset + t.idx < change.evidence.end]
    ids = {t.i for t in inside}
    heads = [t for t in inside if t.head.i not in ids or t.head.i == t.i]
    return heads[0] if heads else None


def dream_quotes(views: list[SentenceView]) -> set[int]:
    """The indexes (in the story's quotes) of the quotes in a speaker's turn that tells a dream: a run of one
    speaker's quotes (and quotes of no known speaker) with no other speaker's between, one of which has a
    dream word."""
    if not views:
        return set()
    story = views[0].story
    dreamt = {
        k
        for view in views
        for tok in view.doc
        if tok.lemma_.lower() in view.w.dream_words or tok.lower_ in view.w.dream_words
        if (k := story.quote_index(view.offset + tok.idx)) is not None
    }
    out: set[int] = set()
    turn: list[int] = []
    who: str | None = None  # the turn's speaker: its first quote's that has one
    for k, (_, _, speaker) in enumerate([*story.speech, (0, 0, "")]):
        if speaker is not None and who is not None and speaker != who:
            if dreamt & set(turn):
                out |= set(turn)
            turn, who = [], None
        turn.append(k)
        who = who or speaker
    return out


def narrated_actors(views: list[SentenceView]) -> dict[str, list[int]]:
    """Entity → the sentences where it is the subject of a verb of the narration (outside quotes, in an
    asserted clause, not a verb of lying still), in order."""
    out: dict[str, list[int]] = {}
    for view in views:
        for tok in view.doc:
            if tok.dep_ != "nsubj" or tok.head.pos_ != "VERB" or tok.head.lemma_.lower() in _STILL:
                continue
            if view.story.speaker_at(view.offset + tok.idx)[0]:
                continue
            if view.narrated_modality(tok.head)[0] != Modality.ASSERTED:
                continue
            who = view.ent(tok)
            if who and (not out.get(who) or out[who][-1] != view.index):
                out.setdefault(who, []).append(view.index)
    return out
