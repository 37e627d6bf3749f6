"""Direct speech: each quote's speaker and addressees.

The speaker is the subject of the nearest speech verb outside quotes in the same paragraph
("… ,” Jake asked."); failing that, dialogue alternation (the previous quote's addressee answers)
or the only character named in the paragraph. Addressees: the speech verb's listener ("told him",
"said to the king"), else the previous speaker, else the characters named in the last sentences.
First- and second-person pronouns inside the quote are then linked to speaker and addressee.
"""

from __future__ import annotations

import bisect

from worldstate.extract.coref import Coreference, MentionInfo
from worldstate.extract.events import entity_of, subject_of
from worldstate.extract.lexicon import lexicon
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.extract.quotes import Quote
from worldstate.state import Entity, EntityKind, Span, Speech, Story

ATTRIBUTION_REACH = 250  # characters around a quote searched for its speech verb


def mark_quoted_tokens(doc: ParsedDoc, quotes: list[Quote]) -> None:
    starts = [q.start for q in quotes]
    for tok in doc.tokens:
        k = bisect.bisect_right(starts, tok.start) - 1
        tok.in_quote = k >= 0 and quotes[k].start <= tok.start < quotes[k].end


class SpeechExtractor:
    def __init__(self, story: Story, doc: ParsedDoc, coref: Coreference, entities: dict[str, Entity]) -> None:
        self.story, self.doc, self.coref, self.entities = story, doc, coref, entities
        self.lex = lexicon()
        self.tok_starts = [t.start for t in doc.tokens]
        self.infos = sorted(coref.infos, key=lambda i: i.mention.span.start)
        self.info_starts = [i.mention.span.start for i in self.infos]

    def characters_in(self, start: int, end: int, outside_quotes: bool = True) -> list[str]:
        out: list[str] = []
        lo, hi = bisect.bisect_left(self.info_starts, start), bisect.bisect_left(self.info_starts, end)
        for info in self.infos[lo:hi]:
            m = info.mention
            if not m.entity or (outside_quotes and self.doc.tokens[info.head].in_quote):
                continue
            if self.entities[m.entity].kind == EntityKind.CHARACTER and m.entity not in out:
                out.append(m.entity)
        return out

    def speech_verb(self, quote: Quote) -> Token | None:
        """The closest speech verb outside quotes in the quote's paragraph."""
        para = self.story.paragraphs[self.story.sentences[self.story.sentence_at(quote.start)].paragraph]
        lo = max(para.span.start, quote.start - ATTRIBUTION_REACH)
        hi = min(para.span.end, quote.end + ATTRIBUTION_REACH)
        first = bisect.bisect_left(self.tok_starts, lo)
        last = bisect.bisect_left(self.tok_starts, hi)
        best, best_dist = None, 10**9
        for tok in self.doc.tokens[first:last]:
            if tok.in_quote or tok.lemma not in self.lex.speech_verbs or tok.pos not in ("VERB", "AUX"):
                continue
            dist = tok.start - quote.end if tok.start >= quote.end else (quote.start - tok.end) * 1.5
            if dist < best_dist:
                best, best_dist = tok, dist
        return best

    def listener(self, verb: Token) -> list[str]:
        doc, out = self.doc, []
        for kid in doc.kids(verb.i, "dative"):
            out.append(entity_of(doc, self.coref, next(iter(doc.kids(kid.i, "pobj")), kid)))
        if verb.lemma in self.lex.addressee_object_verbs:
            out.extend(entity_of(doc, self.coref, k) for k in doc.kids(verb.i, "dobj"))
        for prep in doc.kids(verb.i, "prep"):
            if prep.low == "to":
                out.extend(entity_of(doc, self.coref, k) for k in doc.kids(prep.i, "pobj"))
        return [e for e in out if e and self.entities[e].kind in (EntityKind.CHARACTER, EntityKind.GROUP)]

    def run(self, quotes: list[Quote]) -> tuple[list[Speech], list[str]]:
        speeches: list[Speech] = []
        unresolved: list[str] = []
        prev_speaker: str | None = None
        prev_addressees: list[str] = []
        prev_para = -2
        for quote in quotes:
            sent = self.story.sentence_at(quote.start)
            para = self.story.sentences[sent].paragraph
            verb = self.speech_verb(quote)
            speaker = entity_of(self.doc, self.coref, subject_of(self.doc, verb)) if verb is not None else None
            addressees = self.listener(verb) if verb is not None else []
            if speaker is None and para == prev_para and prev_speaker:
                speaker = prev_speaker  # same paragraph, one speaker continues
            elif speaker is None and para == prev_para + 1 and len(prev_addressees) == 1:
                speaker = prev_addressees[0]  # dialogue alternation
            if speaker is None:
                named = self.characters_in(self.story.paragraphs[para].span.start, self.story.paragraphs[para].span.end)
                if len(named) == 1:
                    speaker = named[0]
            if not addressees:
                if prev_speaker and prev_speaker != speaker and para - prev_para <= 2:
                    addressees = [prev_speaker]
                else:
                    lo = self.story.sentences[max(0, sent - 3)].span.start
                    addressees = [c for c in self.characters_in(lo, quote.start) if c != speaker][-2:]
            addressees = [a for a in dict.fromkeys(addressees) if a != speaker]
            if speaker is None:
                unresolved.append(f"speaker of the quote in sentence {sent + 1}")
            speeches.append(
                Speech(
                    id=f"sp{len(speeches) + 1}",
                    speaker=speaker,
                    addressees=addressees,
                    span=Span(quote.start, quote.end),
                    content_span=Span(quote.content_start, quote.content_end),
                    sentence=sent,
                    time=sent,
                )
            )
            if speaker:
                prev_speaker, prev_addressees, prev_para = speaker, addressees, para
        return speeches, unresolved


def link_quote_pronouns(
    speeches: list[Speech], pending: list[MentionInfo], entities: dict[str, Entity], doc: ParsedDoc
) -> list[str]:
    """I/me/my → the speaker; you/your → the single addressee. Returns what stayed unresolved."""
    lex = lexicon()
    starts = [s.span.start for s in speeches]
    unresolved = []
    for info in pending:
        k = bisect.bisect_right(starts, info.mention.span.start) - 1
        if k < 0 or not speeches[k].span.contains(info.mention.span):
            continue
        speech, low = speeches[k], doc.tokens[info.head].low
        target = None
        if low in lex.first_singular:
            target = speech.speaker
        elif low in lex.second and len(speech.addressees) == 1:
            target = speech.addressees[0]
        if target:
            info.mention.entity = target
            entities[target].mentions.append(info.mention.id)
        elif low not in lex.first_plural:
            unresolved.append(f"{info.mention.text!r} in the quote of sentence {speech.sentence + 1}")
    return unresolved


def fix_quote_pronouns(
    speeches: list[Speech], coref: Coreference, entities: dict[str, Entity], doc: ParsedDoc, window: int = 8
) -> None:
    """he/she inside a quote rarely means its speaker or addressee: relink to the latest other
    compatible character named before it."""
    lex = lexicon()
    infos = sorted(coref.infos, key=lambda i: i.mention.span.start)
    starts = [s.span.start for s in speeches]
    for pos, info in enumerate(infos):
        tok = doc.tokens[info.head]
        if not tok.in_quote or tok.low not in lex.male | lex.female:
            continue
        k = bisect.bisect_right(starts, info.mention.span.start) - 1
        if k < 0 or not speeches[k].span.contains(info.mention.span):
            continue
        speech = speeches[k]
        excluded = {speech.speaker, *speech.addressees}
        if info.mention.entity not in excluded:
            continue
        gender = "male" if tok.low in lex.male else "female"
        for prev in reversed(infos[max(0, pos - 60) : pos]):
            ent_id = prev.mention.entity
            if not ent_id or info.mention.sentence - prev.mention.sentence > window:
                continue
            ent = entities.get(ent_id)
            if ent is None or ent_id in excluded or ent.kind != EntityKind.CHARACTER or ent.number == "plural":
                continue
            if ent.gender in ("", gender):
                old = entities.get(info.mention.entity or "")
                if old and info.mention.id in old.mentions:
                    old.mentions.remove(info.mention.id)
                ent.mentions.append(info.mention.id)
                info.mention.entity = ent_id
                break
