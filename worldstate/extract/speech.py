"""Direct speech: each quote's speaker and addressees.

Speaker, in this order:
1. the subject of an attribution verb ("said Mr. Darcy", "she cried", "replied the old man") beside the
   quote, unless it is called inside the quote (‘No, wife,’ said the man: then the mention right after
   the verb), and for a thing that speaks ("a soft voice cried") the character named before it in the
   sentence: after it up to the next quote in its paragraph (on a story with a sentence a line, also a next
   line that starts in lower case: "— Back to barracks !" / "he said sternly ."), else before it from the
   previous quote on; the same sentence first. A verb across a paragraph break or beyond a neighbouring
   quote is never used, so a quote never takes its speaker from the neighbouring turn's attribution;
2. the previous quote's speaker when both quotes share a paragraph (a sentence, on a sentence-a-line story);
3. a vocative of the previous turn ("Good morning, Elizabeth" → Elizabeth answers);
4. turn-taking: in alternating dialogue the speaker of the turn before the previous one, or the previous
   turn's single addressee;
5. the only character named outside quotes in the quote's paragraph (or the line before it).
With a speaker model (``bench tune litbank-quotes``; :mod:`worldstate.extract.speakers`), these rules' choices
become features of a learned ranker over the characters near each quote, which has the last word.
Each ``Speech`` records the rule that gave its speaker (``rule``: verb, same-turn, vocative, alternation,
addressee, narration-subject, named, ranker) and the ranker's probability for it (``confidence``), so
that later passes can tell a sure speaker from a guess.
Addressees: the speech verb's listener ("told him", "said to the king"), a vocative, else the previous
speaker. First- and second-person pronouns inside the quote are then linked to speaker and addressee.
"""

from __future__ import annotations

import bisect
import re
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.coref import Coreference, MentionInfo
from worldstate.extract.events import entity_of, subject_of
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.extract.speakers import SpeakerModel, rerank
from worldstate.extract.speech_turns import Turn
from worldstate.resources.lexicon import lexicon
from worldstate.state import Entity, EntityKind, Span, Speech, Story
from worldstate.state.quotes import Quote

ATTRIBUTION_REACH = 250  # characters around a quote searched for its speech verb
OTHER_SENTENCE_COST = 200  # a verb outside the quote's own sentence counts as this much farther
BEFORE_COST = 1.5  # a verb before the quote counts as this much farther than one after it
TURN_GAP_SENTENCES = 2
VOICE_OWNER = True  # a voice that speaks ("a soft voice cried") speaks for the character named before it
VOICE_WORDS = {"voice", "voices", "cry", "whisper", "murmur", "shout", "scream", "tone"}
CALLED_NOT_SPEAKER = False  # a speech verb's subject called inside the quote does not speak it (``called``; 5-fold CV speakers with the voice rule: on .7546, off .7598)
INVERTED_REACH = 5  # tokens after a speech verb searched for its inverted subject  # at most this many sentences between two quotes that are turns of one exchange


# endearments that may follow a name called out ("Dinah my dear !", "Emma , dear , …" keeps its comma)
_TRAILING_CALL = re.compile(r"^(?:my\s+(?:dear|darling|love|child|boy|girl)|dear|darling)\b\s*(?=[,!?.;:]|$)", re.I)
TAG_ANY_VERB = True  # any verb right after a quote cut off mid-sentence, with only its subject between, attributes it
# the subject between a quote and its verb: one to four words, no punctuation ("he", "the saloon-keeper")
_TAG_SUBJECT = re.compile(r"\s*[\w'-]+(?:\s+[\w'.-]+){0,3}\s*")
# a noun called out in a quote stands bare: "Yes, mother." (not "the mother", "my mother")
_DETERMINERS = frozenset(("the", "a", "an", "this", "that", "these", "those", "his", "her", "their", "its", "our",
                         "your", "my", "some", "any", "one"))  # fmt: skip
# words that may stand between a vocative's opening comma and the name ("No, my dear Watson, …", "Oh, poor Tom!")
_CALLING_WORDS = re.compile(
    r"(?:(?<=\s)|^)(?:(?:my|dear|oh|o|ah|poor|good|old|little)\s+)*(?:my|dear|oh|o|ah|poor|good|old|little)$", re.I
)


@lru_cache(maxsize=1)
def attribution_verbs() -> frozenset[str]:
    """Lemmas whose subject speaks an adjacent quote: the lexicon's speech verbs and ``speech.yaml``'s."""
    extra = load_yaml("extract", "data/speech.yaml")["attribution_verbs"]
    return lexicon().speech_verbs | frozenset(extra)


def mark_quoted_tokens(doc: ParsedDoc, quotes: list[Quote]) -> None:
    starts = [q.start for q in quotes]
    for tok in doc.tokens:
        k = bisect.bisect_right(starts, tok.start) - 1
        tok.in_quote = k >= 0 and quotes[k].start <= tok.start < quotes[k].end


class SpeechExtractor:
    def __init__(
        self,
        story: Story,
        doc: ParsedDoc,
        coref: Coreference,
        entities: dict[str, Entity],
        model: SpeakerModel | None = None,
    ) -> None:
        self.story, self.doc, self.coref, self.entities = story, doc, coref, entities
        self.model = model  # the learned speaker ranker (None: the rules alone)
        self.lex = lexicon()
        self.verbs = attribution_verbs()
        self.lines = getattr(story, "layout", "") == "lines"
        self.tok_starts = [t.start for t in doc.tokens]
        self.para_starts = [p.span.start for p in story.paragraphs]
        self.infos = sorted(coref.infos, key=lambda i: i.mention.span.start)
        self.info_starts = [i.mention.span.start for i in self.infos]

    # -- places ----------------------------------------------------------------------------------------
    def block_of(self, offset: int) -> int:
        return max(0, bisect.bisect_right(self.para_starts, offset) - 1)

    def block_span(self, index: int) -> Span:
        return self.story.paragraphs[index].span

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

    def regions(self, turns: list[Turn], k: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """(after, before) character ranges searched for the attribution of quote ``k``."""
        q = turns[k].quote
        block = self.block_of(max(q.start, q.end - 1))
        after_hi = self.block_span(block).end
        nxt = block + 1
        if self.lines and nxt < len(self.story.paragraphs) and after_hi - q.end < 3:
            text = self.story.text[self.block_span(nxt).start : self.block_span(nxt).end]
            if text[:1].islower():
                after_hi = self.block_span(nxt).end  # "he said sternly ." on the next line
        if k + 1 < len(turns):
            after_hi = min(after_hi, turns[k + 1].quote.start)
        before_lo = self.block_span(turns[k].block).start
        if self.lines and q.start - before_lo < 3 and turns[k].block > 0:
            prev = self.block_span(turns[k].block - 1)
            if self.story.text[prev.start : prev.end].rstrip()[-1:] in (":", ","):
                before_lo = prev.start  # "… he said :" / "‘ Oh ! ’" on the next line
        if k > 0:
            before_lo = max(before_lo, turns[k - 1].quote.end)
        after = (q.end, min(after_hi, q.end + ATTRIBUTION_REACH))
        before = (max(before_lo, q.start - ATTRIBUTION_REACH), q.start)
        return after, before

    # -- evidence --------------------------------------------------------------------------------------
    def speech_verb(self, turns: list[Turn], k: int) -> Token | None:
        """The attribution verb of quote ``k`` (see the module docstring), or None."""
        q = turns[k].quote
        (a_lo, a_hi), (b_lo, b_hi) = self.regions(turns, k)
        end_sent = self.doc.tokens[self._token_at(q.end - 1)].sent if self.doc.tokens else 0
        start_sent = self.doc.tokens[self._token_at(q.start)].sent if self.doc.tokens else 0
        best, best_cost = None, float("inf")
        for lo, hi, after in ((a_lo, a_hi, True), (b_lo, b_hi, False)):
            for tok in self.doc.tokens[
                bisect.bisect_left(self.tok_starts, lo) : bisect.bisect_left(self.tok_starts, hi)
            ]:
                if tok.in_quote or tok.pos not in ("VERB", "AUX"):
                    continue
                if tok.lemma not in self.verbs and not (after and self.tags_quote(q, tok)):
                    continue
                if after:
                    cost = tok.start - q.end + (0 if tok.sent == end_sent else OTHER_SENTENCE_COST)
                else:
                    cost = (q.start - tok.end) * BEFORE_COST + (0 if tok.sent == start_sent else OTHER_SENTENCE_COST)
                if cost < best_cost and self.speaker_of(tok):
                    best, best_cost = tok, cost
        return best

    def is_voice(self, entity: str) -> bool:
        """Whether ``entity`` is a thing named by a word for a voice ("a soft voice", "a cry")."""
        ent = self.entities[entity]
        words = ent.name.lower().split()
        return ent.kind == EntityKind.OBJECT and bool(words) and words[-1] in VOICE_WORDS

    def voice_owner(self, verb: Token, called: set[str]) -> str | None:
        """Whose voice speaks when the speech verb's subject is a thing (“when she came to the youngest, a
        soft voice cried”): the last character or group named outside quotes before the verb in its
        sentence, other than one called inside the quote; None when there is none."""
        for tok in reversed(self.doc.tokens[: verb.i]):
            if tok.sent != verb.sent:
                break
            info = self.coref.by_token.get(tok.i)
            ent = info.mention.entity if info is not None and not tok.in_quote else None
            if ent and ent not in called and self.entities[ent].kind in (EntityKind.CHARACTER, EntityKind.GROUP):
                return ent
        return None

    def tags_quote(self, quote: Quote, verb: Token) -> bool:
        """Whether ``verb``, not a speech verb, still attributes the quote it follows: the quote breaks off
        mid-sentence ("… fifty ,” / "… us ! ’" then a lower-case word) and only its subject, a character,
        stands between ("“ That makes a hundred and fifty , ” the saloon-keeper calculated" / "he mused")."""
        if not TAG_ANY_VERB or verb.pos != "VERB":
            return False
        between = self.story.text[quote.end : verb.start]
        content = self.story.text[quote.content_start : quote.content_end].rstrip()
        if not _TAG_SUBJECT.fullmatch(between) or not content or content[-1] not in ",!?—-":
            return False
        if content[-1] in "!?" and not between.strip()[:1].islower():
            return False
        ent = self.speaker_of(verb)
        return bool(ent) and self.entities[ent].kind in (EntityKind.CHARACTER, EntityKind.GROUP)

    def _token_at(self, offset: int) -> int:
        return max(0, min(len(self.doc.tokens) - 1, bisect.bisect_right(self.tok_starts, offset) - 1))

    def speaker_of(self, verb: Token, called: frozenset[str] | set[str] = frozenset()) -> str | None:
        """The character (or group) that is the verb's subject; when the parser found none, or only one of
        the ``called`` (‘No, wife,’ said the man: "wife" parsed as the subject), the mention right after
        the verb ("observed Amy", "said the old man": inverted attribution)."""
        ent = entity_of(self.doc, self.coref, subject_of(self.doc, verb))
        if ent is None or ent in called:
            ent = None
            for tok in self.doc.tokens[verb.i + 1 : verb.i + 1 + INVERTED_REACH]:
                if tok.pos == "PUNCT" or tok.in_quote:
                    break
                info = self.coref.by_token.get(tok.i)
                if info is not None and info.mention.entity:
                    ent = info.mention.entity
                    break
        return ent if ent and self.entities[ent].kind != EntityKind.PLACE else None

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

    def vocatives(self, quote: Quote) -> list[str]:
        """Characters called inside the quote: a name, or a bare noun, set off by commas or the quote's
        edges, with calling words allowed before it ("Good morning, Elizabeth." / "Jane, come here" /
        "No, my dear Watson, …" / "Yes, mother.")."""
        out: list[str] = []
        lo = bisect.bisect_left(self.info_starts, quote.content_start)
        hi = bisect.bisect_left(self.info_starts, quote.content_end)
        text = self.story.text
        for info in self.infos[lo:hi]:
            m = info.mention
            if not m.entity or self.entities[m.entity].kind != EntityKind.CHARACTER:
                continue
            bare = str(m.kind) == "nominal" and m.text.split()[0].lower() not in _DETERMINERS
            if self.doc.tokens[info.head].pos != "PROPN" and str(m.kind) != "name" and not bare:
                continue  # a name, or a bare noun called out ("Yes, mother." / "True, farmer.")
            before = _CALLING_WORDS.sub("", text[quote.content_start : m.span.start].rstrip()).rstrip()
            after = _TRAILING_CALL.sub("", text[m.span.end : quote.content_end].lstrip())
            opens = not before or before[-1] in ",;!?.:"
            closes = not after or after[0] in ",!?.;:—" or after.startswith("--")
            if opens and closes and m.entity not in out:
                out.append(m.entity)
        return out

    # -- the pass --------------------------------------------------------------------------------------
    def adjacent(self, a: Turn, b: Turn) -> bool:
        """Whether quote ``b`` answers quote ``a`` (consecutive turns of one exchange)."""
        if self.lines:
            return b.sentence - self.story.sentence_at(a.quote.end - 1) <= TURN_GAP_SENTENCES
        return b.block - a.block == 1

    def called(self, turns: list[Turn], k: int) -> set[str]:
        """The characters called inside quote ``k`` or inside a quote of the same sentence and paragraph
        around it (‘Now, then, Gretel,’ she cried, ‘stir yourself …’): whoever is called is
        not the one speaking."""
        out = set(turns[k].vocatives)
        for j in (k - 1, k + 1):
            if 0 <= j < len(turns) and turns[j].sentence == turns[k].sentence and turns[j].block == turns[k].block:
                out.update(turns[j].vocatives)
        return out

    def same_turn(self, a: Turn, b: Turn) -> bool:
        return a.sentence == b.sentence if self.lines else a.block == b.block

    def rule_turns(self, quotes: list[Quote]) -> list[Turn]:
        """The quotes' turns with the rules' speakers and addressees (see the module docstring)."""
        turns = [
            Turn(q, self.story.sentence_at(q.start), self.block_of(q.start), vocatives=self.vocatives(q))
            for q in quotes
        ]
        for k, turn in enumerate(turns):
            verb = self.speech_verb(turns, k)
            called = self.called(turns, k) if CALLED_NOT_SPEAKER else set()
            speaker = self.speaker_of(verb, called) if verb is not None else None
            if VOICE_OWNER and verb is not None and speaker and self.is_voice(speaker):
                speaker = self.voice_owner(verb, called) or speaker
            if verb is not None and speaker not in called:
                turn.speaker = speaker
                turn.rule = "verb"
                turn.addressees = self.listener(verb)
        for k, turn in enumerate(turns):
            if turn.speaker is None:
                turn.speaker, turn.rule = self.fallback_speaker(turns, k)
            if not turn.addressees:
                turn.addressees = self.fallback_addressees(turns, k)
            turn.addressees = [a for a in dict.fromkeys(turn.addressees) if a != turn.speaker]
        return turns

    def run(self, quotes: list[Quote]) -> tuple[list[Speech], list[str]]:
        turns = self.rule_turns(quotes)
        if self.model is not None:
            rerank(self, turns, self.model)
            for k, turn in enumerate(turns):
                turn.addressees = [a for a in turn.addressees if a != turn.speaker]
                if not turn.addressees and turn.rule == "ranker":
                    turn.addressees = [a for a in self.fallback_addressees(turns, k) if a != turn.speaker]
        speeches, unresolved = [], []
        for turn in turns:
            if turn.speaker is None:
                unresolved.append(f"speaker of the quote in sentence {turn.sentence + 1}")
            q = turn.quote
            speeches.append(
                Speech(
                    id=f"sp{len(speeches) + 1}",
                    speaker=turn.speaker,
                    addressees=turn.addressees,
                    span=Span(q.start, q.end),
                    content_span=Span(q.content_start, q.content_end),
                    sentence=turn.sentence,
                    time=turn.sentence,
                    rule=turn.rule,
                    confidence=turn.confidence,
                )
            )
        return speeches, unresolved

    def fallback_speaker(self, turns: list[Turn], k: int) -> tuple[str | None, str]:
        """The speaker of a quote without an attribution verb, and the rule that gave it."""
        turn = turns[k]
        prev = turns[k - 1] if k > 0 else None
        called = set(turn.vocatives)
        if prev and prev.speaker and self.same_turn(prev, turn):
            return prev.speaker, "same-turn"
        if prev and prev.speaker and self.lines and self.continues(prev, turn):
            return prev.speaker, "continues"  # “Good!” said Holmes. / “Excellent!”
        if prev and self.adjacent(prev, turn):
            for name in prev.vocatives:
                if name != prev.speaker and name not in called:
                    return name, "vocative"
            other = self.other_participant(turns, k - 1)
            if other and other not in called:
                return other, "alternation"
            if prev.speaker and len(prev.addressees) == 1 and prev.addressees[0] not in called:
                return prev.addressees[0], "addressee"
        block = self.block_span(turn.block)
        lo = block.start
        if self.lines and turn.block > 0:
            lo = self.block_span(turn.block - 1).start
        if prev:
            lo = max(lo, prev.quote.end)
        subject = self.narration_subject(lo, turn.quote.start)
        if subject and subject not in called:
            return subject, "narration-subject"
        named = [c for c in self.characters_in(lo, block.end) if c not in called]
        return (named[0], "named") if len(named) == 1 else (None, "")

    def narration_subject(self, lo: int, hi: int) -> str | None:
        """The character that is the subject of the last narration sentence before a quote ("The doctor
        handed him back to his nurse." / "You'd better put him back in his own bed.")."""
        first, last = bisect.bisect_left(self.tok_starts, lo), bisect.bisect_left(self.tok_starts, hi)
        for tok in reversed(self.doc.tokens[first:last]):
            if tok.in_quote or tok.dep not in ("nsubj", "nsubjpass"):
                continue
            info = self.coref.by_token.get(tok.i)
            ent = info.mention.entity if info else None
            if ent and self.entities[ent].kind == EntityKind.CHARACTER:
                return ent
        return None

    def continues(self, prev: Turn, turn: Turn) -> bool:
        """On a sentence-a-line story: ``prev`` is followed on its line by narration (its attribution) and
        ``turn`` opens the next line, which LitBank's quotes show is more often the same speaker going on."""
        prev_line = self.block_of(prev.quote.end - 1)
        if self.block_of(turn.quote.start) != prev_line + 1:
            return False
        after = self.story.text[prev.quote.end : self.block_span(prev_line).end].strip()
        before = self.story.text[self.block_span(turn.block).start : turn.quote.start].strip()
        return bool(after) and not before and prev.rule == "verb"

    def other_participant(self, turns: list[Turn], last: int) -> str | None:
        """The latest speaker before turn ``last`` in the same exchange who is not its speaker."""
        j = last
        while j > 0 and self.adjacent(turns[j - 1], turns[j]):
            j -= 1
            if turns[j].speaker and turns[j].speaker != turns[last].speaker:
                return turns[j].speaker
        return None

    def fallback_addressees(self, turns: list[Turn], k: int) -> list[str]:
        turn = turns[k]
        if turn.vocatives:
            return list(turn.vocatives)
        prev = turns[k - 1] if k > 0 else None
        if prev and prev.speaker and prev.speaker != turn.speaker and turn.sentence - prev.sentence <= 6:
            return [prev.speaker]
        lo = self.story.sentences[max(0, turn.sentence - 3)].span.start
        return [c for c in self.characters_in(lo, turn.quote.start) if c != turn.speaker][-2:]


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
