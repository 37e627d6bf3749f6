"""Mentions and coreference: names, nominals ("the old king", "her father") and pronouns → entities.

One left-to-right pass keeps a salience list of recent entities, so cost is linear in story length:

* names cluster by their words without titles ("King Henry" = "Henry"; "Hans" joins "Hans Schmidt");
* a definite nominal ("the king") joins the latest entity with that head noun, a possessed kinship
  noun ("her father") the entity keyed by its owner, an appositive or "named X" its anchor;
  nouns outside the lexicon are matched to recent characters by sentence embeddings;
* he/she/they go to the most salient compatible entity in the last few sentences (gender and number
  agreement, recency, subject role; an object pronoun does not take its own clause's subject);
* I/you inside quotes are left to the speech extractor (speaker / addressee).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from worldstate.extract.coref.characters import NARRATOR_NAME, is_pronoun, narrator_name, ordered_aliases, pick_name
from worldstate.extract.coref.features import (
    KINDS,
    NAME,
    NARRATOR,
    NOMINAL,
    QUOTE_I,
    YOU,
    MentionTable,
    build_table,
    title_genders,
)
from worldstate.extract.coref.first_person import join_self_named, narrator_cluster
from worldstate.extract.coref.gender import NameGenders, name_gender
from worldstate.extract.coref.mentions import Coreference, MentionInfo
from worldstate.extract.coref.naming import group_name, is_no_name, lower_words, pronoun_name, short_ids
from worldstate.extract.coref.ranker import RankerModel, cluster_mentions, load_ranker
from worldstate.extract.mentions import DetectedMention, detect_mentions
from worldstate.extract.mentions.attach import category_kind, merge_detected, widen
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.lexicon import Lexicon, lexicon
from worldstate.state import Entity, EntityKind, Mention, MentionKind, Span
from worldstate.state.headings import heading_label

NARRATOR_ALIAS = "the narrator"  # the alias of a first-person narrator the story names

PERSON_NER = {"PERSON"}
PLACE_NER = {"GPE", "LOC", "FAC"}
NON_NAME_NER = {"DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY", "PERCENT", "NORP", "LANGUAGE"}
ARG_DEPS = {"nsubj", "nsubjpass", "dobj", "pobj", "dative", "appos", "conj", "poss", "oprd", "attr", "npadvmod"}
NOT_OBJECTS = {
    "name",
    "day",
    "night",
    "morning",
    "evening",
    "time",
    "year",
    "week",
    "month",
    "hour",
    "minute",
    "moment",
    "way",
    "thing",
    "something",
    "nothing",
    "anything",
    "everything",
    "while",
    "lot",
    "kind",
}
INDEFINITE = {"a", "an", "another", "some", "one", "any", "every", "each", "no"}
# PRONOUN_WINDOW, EMBED_THRESHOLD and NAME_MARGIN: hand-set with the first extractor (commit 687838c); no
# `bench tune` fits them (`bench tune litbank-coref` fits the mention ranker that re-clusters this rule pass's
# mentions, coref/data/ranker.json). Measured 2026-11-27 (`python scripts/constant_sensitivity.py coref`:
# `bench run litbank-coref` on the 57 LitBank development texts, shipped ranker, one constant moved at a time):
# CoNLL F1 0.7037 as shipped; PRONOUN_WINDOW 3/6: 0.7032/0.7037; EMBED_THRESHOLD 0.50/0.60: 0.7037/0.7038;
# NAME_MARGIN -0.12/0.0: 0.7036/0.7042. Every value is within 0.0006 of the shipped one (the ranker decides
# the clusters), so none is worth a tuned value.
PRONOUN_WINDOW = 4  # sentences back a pronoun may reach
KIN_CLASS = {"parent_of": "parent", "child_of": "child", "sibling_of": "sibling", "married_to": "spouse"}
INVERSE = {"parent": "child", "child": "parent", "sibling": "sibling", "spouse": "spouse"}
EMBED_THRESHOLD = 0.55  # MiniLM cosine a definite noun needs to join a recent character ("the monarch")
PROTAGONIST_ID, PROTAGONIST_NAME = "you", "you (protagonist)"  # the "you" a story is told to, outside quotes
SECOND_PERSON_MIN = 3  # narrative "you" subjects that make a story second person (none of the 57 LitBank dev texts)
NAME_MARGIN = -0.06  # an unknown proper name stays a character unless clearly closer to things than to people
# "MR. McGREGOR" split by the tokenizer ("MR", ".", "McGREGOR"): the title still joins its name. Two places in
# the 57 LitBank dev texts ("MR. Temple", "MR. VILLARS"): in-sample CoNLL 0.7028 either way; by CV 0.6941 against
# 0.6986 off, the ranker re-fitted on two changed documents (2026-11-27). The Flopsy Bunnies: "MRS" no longer
# takes Mrs. McGregor's she/her (13 mentions in her cluster, 3 before).
SPLIT_TITLES = True


@dataclass
class _Ent:
    entity: Entity
    heads: set[str] = field(default_factory=set)
    last_sentence: int = 0
    last_outside: int = -1000  # last mention outside quotes (narrative pronouns look at this)
    last_subject: bool = False
    members: frozenset[str] = frozenset()


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


class _Resolver:
    def __init__(
        self,
        doc: ParsedDoc,
        text: str,
        embed: Callable[[list[str]], np.ndarray] | None,
        detected: list[DetectedMention] | None = None,
    ) -> None:
        self.doc = doc
        self.detected = detect_mentions(doc) if detected is None else detected
        self.detected_at: dict[int, DetectedMention] = {}  # head token → its detected mention
        self.left_out: list[DetectedMention] = []  # detected mentions not resolved (bare titles)
        self.text = text
        self.lex: Lexicon = lexicon()
        self.embed = embed
        self.ents: dict[str, _Ent] = {}
        self.order: list[str] = []
        self.names: dict[str, str] = {}  # name key → entity id
        self.name_words: dict[str, set[str]] = {}  # single name word → entity ids
        self.by_head: dict[str, str] = {}  # head lemma → latest entity id
        self.kin: dict[tuple[str, str], str] = {}
        self.kin_of: dict[str, str] = {}  # kinship entity → its owner
        self.groups: dict[frozenset[str], str] = {}
        self.recent: list[str] = []  # entity ids by recency, most recent last
        self.mentions: list[Mention] = []
        self.infos: list[MentionInfo] = []
        self.by_token: dict[int, MentionInfo] = {}
        self.unresolved: list[str] = []
        self.pending: list[MentionInfo] = []
        self.title_gender = title_genders()
        self.titles = {x.rstrip(".") for x in self.lex.titles} | set(self.title_gender)
        self._animate: dict[tuple[str, float], bool] = {}
        self.prefetched = 0  # phrases embedded for the animacy test
        self.gender_soft: dict[str, bool] = {}  # True when the gender is only a first-name guess
        self.kin_links: dict[tuple[str, str], list[str]] = {}  # (entity, relation) → related entities
        self.link_hints: dict[int, str] = {}  # head token → entity id forced by apposition / naming

    # -- entities -----------------------------------------------------------------------
    def new_entity(self, name: str, kind: EntityKind, sentence: int, gender: str = "", number: str = "singular") -> str:
        base = _slug(name.removeprefix("the ").removeprefix("The "))
        ent_id, n = base, 1
        while ent_id in self.ents:
            n += 1
            ent_id = f"{base}-{n}"
        name = " ".join(name.split())
        ent = Entity(ent_id, name, kind, gender=gender, number=number, first_sentence=sentence)
        self.ents[ent_id] = _Ent(ent)
        self.order.append(ent_id)
        return ent_id

    def touch(self, ent_id: str, info: MentionInfo) -> None:
        """Link ``info`` to ``ent_id`` and update the entity's gender, heads, aliases and salience."""
        rec = self.ents[ent_id]
        noun_gender = self.lex.person_nouns.get(info.lemma, "") if info.mention.kind == MentionKind.NOMINAL else ""
        if noun_gender and (not rec.entity.gender or self.gender_soft.get(ent_id)):
            rec.entity.gender = noun_gender
            self.gender_soft[ent_id] = False
        if info.mention.kind == MentionKind.NOMINAL and info.lemma in self.lex.kinship:
            self.register_kin(info, ent_id)
        rec.last_sentence = info.mention.sentence
        if not self.doc.tokens[info.head].in_quote:
            rec.last_outside = info.mention.sentence
        rec.last_subject = self.doc.tokens[info.head].dep in ("nsubj", "nsubjpass")
        if info.lemma and info.mention.kind != MentionKind.PRONOUN:
            rec.heads.add(info.lemma)
            self.by_head[info.lemma] = ent_id
        alias = self.alias_text(info)
        if alias and alias != rec.entity.name and alias not in rec.entity.aliases:
            rec.entity.aliases.append(alias)
        rec.entity.mentions.append(info.mention.id)
        info.mention.entity = ent_id
        if ent_id in self.recent:
            self.recent.remove(ent_id)
        self.recent.append(ent_id)
        if len(self.recent) > 40:
            self.recent.pop(0)

    def alias_text(self, info: MentionInfo) -> str:
        """The mention as an alias: names and nominals, without a leading pronoun possessive."""
        if info.mention.kind == MentionKind.PRONOUN:
            return ""
        toks = self.doc.tokens[info.first : info.last]
        if (
            toks
            and info.mention.kind == MentionKind.NOMINAL
            and (toks[0].low in self.lex.possessive or toks[0].low in INDEFINITE)
        ):
            text = "the " + self.text[toks[1].start : toks[-1].end] if len(toks) > 1 else ""
        else:
            text = info.mention.text
        return " ".join(text.split())

    # -- pass ---------------------------------------------------------------------------
    def run(self) -> None:
        candidates = self.collect()
        self.name_genders = NameGenders.of_document(
            self.doc,
            {c.head: c.mention.text.split() for c in candidates if c.mention.kind == MentionKind.NAME},
            self.title_gender,
        )
        self.prefetch_animacy(candidates)
        for info in candidates:
            kind = info.mention.kind
            if kind == MentionKind.NAME:
                ent_id = self.resolve_name(info)
            elif kind == MentionKind.NOMINAL:
                ent_id = self.resolve_nominal(info)
            else:
                ent_id = self.resolve_pronoun(info)
            if ent_id:
                self.touch(ent_id, info)
            elif kind == MentionKind.NOMINAL:
                continue  # not a tracked noun (time words, abstract nouns)
            self.mentions.append(info.mention)
            self.infos.append(info)
            self.by_token[info.head] = info
            self.hint_links(info)

    def collect(self) -> list[MentionInfo]:
        """Candidate mentions in text order."""
        doc, lex = self.doc, self.lex
        out: list[MentionInfo] = []
        taken: set[int] = set()
        toks = doc.tokens
        i = 0
        while i < len(toks):  # named entities and proper-noun runs ("Little Red-Cap")
            tok = toks[i]
            is_ner = tok.ent_iob == "B" and tok.ent_type in PERSON_NER | PLACE_NER
            is_propn = tok.pos == "PROPN" and tok.ent_type not in NON_NAME_NER and tok.low not in lex.titles
            if self._split_title(i) is not None:
                i += 1  # "MR" of "MR. McGREGOR": the title of the name two tokens on
                continue
            if (is_ner or is_propn) and tok.text[:1].isupper() and tok.low not in lex.not_names:
                j = i + 1
                while j < len(toks) and toks[j].sent == tok.sent:
                    nxt = toks[j]
                    if (is_ner and nxt.ent_iob == "I") or (nxt.pos == "PROPN" and nxt.text[:1].isupper()):
                        j += 1
                    elif (
                        nxt.text == "-"
                        and j + 1 < len(toks)
                        and nxt.start == toks[j - 1].end
                        and toks[j + 1].start == nxt.end
                        and toks[j + 1].text[:1].isupper()
                    ):
                        j += 2
                    else:
                        break
                while j > i + 1 and toks[j - 1].pos == "PART":  # "Hans 's"
                    j -= 1
                start = i
                before = toks[i - 1] if i > 0 else None
                if (  # the name's title belongs to it: "Mr. Hall" and "Mrs. Hall" are two people
                    before is not None
                    and before.sent == tok.sent
                    and before.i not in taken
                    and before.text[:1].isupper()
                    and before.low.rstrip(".") in self.titles
                ):
                    start = i - 1
                elif i >= 2 and self._split_title(i - 2) == i and (i - 2) not in taken:
                    start = i - 2  # "MR. McGREGOR", its title's dot split off by the tokenizer
                out.append(self._info(start, j, MentionKind.NAME))
                taken.update(range(start, j))
                i = j
                continue
            i += 1
        for tok in toks:
            if tok.i in taken:
                continue
            if tok.pos == "PRON" and (
                tok.low in lex.third_person
                or tok.low in lex.first_singular
                or tok.low in lex.first_plural
                or tok.low in lex.second
            ):
                out.append(self._info(tok.i, tok.i + 1, MentionKind.PRONOUN))
            elif (
                tok.pos in ("NOUN", "PROPN")
                and tok.text[:1].isalpha()
                and tok.dep in ARG_DEPS
                and (tok.dep != "attr" or self._existential(tok))
            ):
                first = min([tok.i] + [c.i for c in doc.kids(tok.i, "det", "amod", "compound", "poss", "nummod")])
                first = min(first, *[min(doc.subtree(c.i)) for c in doc.kids(tok.i, "poss")] or [first])
                out.append(self._info(first, tok.i + 1, MentionKind.NOMINAL, head=tok.i))
        out, self.detected_at, self.left_out = merge_detected(doc, out, self.detected, self._info)
        out.sort(key=lambda m: m.mention.span.start)
        for k, info in enumerate(out):
            info.mention.id = f"m{k + 1}"
        return out

    def _split_title(self, i: int) -> int | None:
        """The name token a title at ``i`` belongs to when the tokenizer split off the title's dot ("MR",
        ".", "McGREGOR": an all-capitals "MR." is no abbreviation it knows); else None."""
        toks = self.doc.tokens
        if (
            not SPLIT_TITLES
            or i + 2 >= len(toks)
            or toks[i].low.rstrip(".") not in self.titles
            or not toks[i].text[:1].isupper()
        ):
            return None
        dot, name = toks[i + 1], toks[i + 2]
        if dot.text != "." or dot.start != toks[i].end or dot.sent != toks[i].sent or name.sent != toks[i].sent:
            return None
        return i + 2 if name.pos == "PROPN" and name.text[:1].isupper() else None

    def _existential(self, tok: Token) -> bool:
        """'there was an old king': the attribute of an existential 'be' is a mention."""
        return bool(self.doc.kids(tok.head, "expl"))

    def _info(self, first: int, last: int, kind: MentionKind, head: int | None = None) -> MentionInfo:
        toks = self.doc.tokens
        if head is None:
            head = next((t for t in range(first, last) if not first <= toks[t].head < last), last - 1)
        span = Span(toks[first].start, toks[last - 1].end)
        mention = Mention("", span, self.text[span.start : span.end], toks[head].sent, kind)
        head_tok = toks[head]
        dets = {c.low for c in self.doc.kids(head, "det", "poss")}
        return MentionInfo(
            mention,
            head,
            first,
            last,
            head_tok.lemma if kind != MentionKind.NAME else "",
            possessive=head_tok.dep == "poss" or head_tok.tag == "PRP$",
            definite=not (dets & INDEFINITE or self.doc.kids(head, "nummod")),
            person_hint=head_tok.ent_type in PERSON_NER or head_tok.lemma in self.lex.person_nouns,
        )

    # -- names --------------------------------------------------------------------------
    def resolve_name(self, info: MentionInfo) -> str:
        toks = self.doc.tokens[info.first : info.last]
        all_words = info.mention.text.split()
        words = [w for w in all_words if w.lower().rstrip(".") not in self.titles] or all_words
        title = next((w.lower().rstrip(".") for w in all_words if w.lower().rstrip(".") in self.titles), "")
        title_gender = self.title_gender.get(title, "")
        plain = " ".join(words).lower()
        key = f"{plain}|{title_gender}" if title_gender else plain  # "Mr. Hall" ≠ "Mrs. Hall"
        head = self.doc.tokens[info.head]
        if info.head in self.link_hints:
            ent_id = self.link_hints[info.head]
        elif key in self.names:
            ent_id = self.names[key]
        elif title_gender and plain in self.names and self.ents[self.names[plain]].entity.gender in ("", title_gender):
            ent_id = self.names[plain]
        else:
            ent_id = self._name_by_word(words)
            if ent_id and title_gender and self.ents[ent_id].entity.gender not in ("", title_gender):
                ent_id = None
        if ent_id is None:
            if category_kind(info.mention.category) is not None:
                kind = category_kind(info.mention.category)  # type: ignore[assignment]
            elif head.ent_type in PLACE_NER:
                kind = EntityKind.PLACE
            elif head.ent_type in PERSON_NER or self._acts_like_person(info.head):
                kind = EntityKind.CHARACTER
            else:
                kind = EntityKind.OTHER
            title_words = [t.low for t in toks if t.low in self.lex.titles]
            gender = title_gender or (self.lex.person_nouns.get(title_words[0], "") if title_words else "")
            guessed = not gender and kind == EntityKind.CHARACTER
            firm = False  # a gender the story gives the name (evidence, its full names, a suffix guess) stays
            if guessed:
                gender = name_gender(words[0])
                if not gender:
                    gender = self.name_genders.gender(words[0], person=True)
                    firm = bool(gender)
                if not gender and head.ent_type not in PERSON_NER and not self.animate(info.mention.text, NAME_MARGIN):
                    kind, guessed = EntityKind.OTHER, False  # "Heat rushed to her cheeks", "Heaven"
            ent_id = self.new_entity(info.mention.text, kind, info.mention.sentence, gender)
            self.gender_soft[ent_id] = guessed and not firm
        elif self.ents[ent_id].entity.kind == EntityKind.OTHER and self._acts_like_person(info.head):
            self.ents[ent_id].entity.kind = EntityKind.CHARACTER
        self.names.setdefault(key, ent_id)
        self.names.setdefault(plain, ent_id)
        if len(words) > 1:
            for w in words:
                self.name_words.setdefault(w.lower(), set()).add(ent_id)
        return ent_id

    def _name_by_word(self, words: list[str]) -> str | None:
        if len(words) == 1:
            ids = self.name_words.get(words[0].lower(), set())
            if len(ids) == 1:
                return next(iter(ids))
            if len(ids) > 1:  # ambiguous first name: the most recent
                return next((e for e in reversed(self.recent) if e in ids), None)
            return None
        for w in words:  # "Hans Schmidt" after "Hans"
            ent_id = self.names.get(w.lower())
            if ent_id:
                return ent_id
        return None

    def _acts_like_person(self, head: int) -> bool:
        tok = self.doc.tokens[head]
        verb = self.doc.tokens[tok.head]
        if tok.dep in ("nsubj", "nsubjpass", "dative", "appos", "conj", "poss", "npadvmod"):
            return True
        return tok.dep in ("dobj", "pobj") and verb.lemma in self.lex.speech_verbs | {"to", "with", "for"}

    # -- nominals -----------------------------------------------------------------------
    def resolve_nominal(self, info: MentionInfo) -> str | None:
        lex, lemma = self.lex, info.lemma
        head = self.doc.tokens[info.head]
        if info.head in self.link_hints:
            return self.link_hints[info.head]
        kind = self._nominal_kind(info)
        if kind is None:
            return None
        plural = head.tag in ("NNS", "NNPS") or head.morph.get("Number") == "Plur"
        owner_tok = next(iter(self.doc.kids(info.head, "poss")), None)
        if owner_tok is not None and lemma in lex.kinship:
            owner = self.by_token.get(owner_tok.i)
            if owner and owner.mention.entity:
                key = (owner.mention.entity, lemma)
                related = [
                    e
                    for e in self.kin_links.get((owner.mention.entity, KIN_CLASS[lex.kinship[lemma]]), [])
                    if self.ents[e].entity.gender in ("", lex.person_nouns.get(lemma, ""))
                ]
                if key not in self.kin and related:
                    self.kin[key] = related[-1]  # "Anna, his daughter" … "her father" = him
                if key not in self.kin:
                    known = self.by_head.get(lemma)
                    if known and known not in self.kin_of and known != owner.mention.entity:
                        self.kin[key] = known  # "the mother" … "her mother"
                    else:
                        name = f"{lemma} of {self.ents[owner.mention.entity].entity.name}"
                        self.kin[key] = self.new_entity(
                            name,
                            EntityKind.CHARACTER,
                            info.mention.sentence,
                            lex.person_nouns.get(lemma, ""),
                            "plural" if plural else "singular",
                        )
                    self.kin_of[self.kin[key]] = owner.mention.entity
                return self.kin[key]
        if info.definite and lemma in self.by_head:
            candidate = self.by_head[lemma]
            if self.ents[candidate].entity.kind == kind or kind != EntityKind.OBJECT:
                return candidate
        if (
            info.definite
            and kind == EntityKind.CHARACTER
            and lemma not in lex.person_nouns
            and self._rule_kind(info) == EntityKind.CHARACTER  # as before categories: bounds the MiniLM calls
        ):
            match = self._embedding_match(info)
            if match:
                return match
        if kind == EntityKind.OBJECT and not info.definite and lemma in self.by_head and not plural:
            return self.new_entity(info.mention.text, kind, info.mention.sentence)
        gender = lex.person_nouns.get(lemma, "") if kind == EntityKind.CHARACTER else ""
        name = self.alias_text(info) or info.mention.text
        return self.new_entity(name, kind, info.mention.sentence, gender, "plural" if plural else "singular")

    def _nominal_kind(self, info: MentionInfo) -> EntityKind | None:
        """The kind the detected category implies, else the kind by the rules below."""
        by_category = category_kind(info.mention.category, self.doc.tokens[info.head].tag in ("NNS", "NNPS"))
        return by_category if by_category is not None else self._rule_kind(info)

    def _rule_kind(self, info: MentionInfo) -> EntityKind | None:
        lemma, lex = info.lemma, self.lex
        head = self.doc.tokens[info.head]
        if lemma in lex.person_nouns:
            return EntityKind.CHARACTER
        if lemma in lex.place_nouns:
            return EntityKind.PLACE
        verb = self.doc.tokens[head.head]
        if head.dep == "nsubj" and verb.lemma in lex.speech_verbs | lex.mental_verbs and self.animate("the " + lemma):
            return EntityKind.CHARACTER
        if head.dep in ("dobj", "nsubj", "nsubjpass", "pobj") and head.pos == "NOUN" and lemma not in NOT_OBJECTS:
            return EntityKind.OBJECT
        return None

    def _embedding_match(self, info: MentionInfo) -> str | None:
        if self.embed is None:
            return None
        cands = [
            e
            for e in reversed(self.recent)
            if self.ents[e].entity.kind == EntityKind.CHARACTER
            and info.mention.sentence - self.ents[e].last_sentence <= 20
            and self.ents[e].heads
        ][:8]
        if not cands:
            return None
        labels = ["the " + " ".join(sorted(self.ents[e].heads)[:3]) for e in cands]
        vecs = self.embed([info.mention.text.lower(), *labels])
        sims = vecs[1:] @ vecs[0]
        best = int(np.argmax(sims))
        return cands[best] if float(sims[best]) >= EMBED_THRESHOLD else None

    def register_kin(self, info: MentionInfo, ent_id: str) -> None:
        """Remember "X is the daughter of Y" both ways, for later "her father"."""
        owner_tok = next(iter(self.doc.kids(info.head, "poss")), None)
        owner = self.by_token.get(owner_tok.i) if owner_tok is not None else None
        if not owner or not owner.mention.entity or owner.mention.entity == ent_id:
            return
        relation = KIN_CLASS[self.lex.kinship[info.lemma]]
        for key, value in (
            ((owner.mention.entity, relation), ent_id),
            ((ent_id, INVERSE[relation]), owner.mention.entity),
        ):
            bucket = self.kin_links.setdefault(key, [])
            if value not in bucket:
                bucket.append(value)

    def prefetch_animacy(self, candidates: list[MentionInfo]) -> None:
        """Embed every phrase ``animate`` may ask about in one batch (names without a known gender,
        subjects of speech and mental verbs outside the lexicon)."""
        if self.embed is None:
            return
        lex, texts = self.lex, set()
        for info in candidates:
            head = self.doc.tokens[info.head]
            if info.mention.kind == MentionKind.NAME and head.ent_type not in PERSON_NER | PLACE_NER:
                if not name_gender(info.mention.text.split()[0]):
                    texts.add(info.mention.text.lower())
            elif (
                info.mention.kind == MentionKind.NOMINAL
                and head.dep == "nsubj"
                and info.lemma not in lex.person_nouns
                and self.doc.tokens[head.head].lemma in lex.speech_verbs | lex.mental_verbs
            ):
                texts.add("the " + info.lemma)
        self.prefetched = len(texts)
        if texts:
            self.embed([*lex.animate_prototypes, *lex.inanimate_prototypes, *sorted(texts)])

    def animate(self, text: str, margin: float = 0.0) -> bool:
        """Is ``text`` a person or creature rather than a thing, place or feeling? Sentence embeddings
        against the prototype phrases of the lexicon (``animacy``); True when no embedder is available."""
        key = (text.lower(), margin)
        if key not in self._animate:
            if self.embed is None:
                self._animate[key] = True
            else:
                person, other = self.lex.animate_prototypes, self.lex.inanimate_prototypes
                vecs = self.embed([text.lower(), *person, *other])
                sims = vecs[1:] @ vecs[0]
                self._animate[key] = float(sims[: len(person)].max()) + margin >= float(sims[len(person) :].max())
        return self._animate[key]

    # -- pronouns -----------------------------------------------------------------------
    @cached_property
    def told_in_second_person(self) -> bool:
        """A story told to "you" ("You wake up in a dark room. You take the key"): outside quotes, "you" is the
        subject at least ``SECOND_PERSON_MIN`` times and at least as often as I, he and she together."""
        lex = self.lex
        you = other = 0
        for tok in self.doc.tokens:
            if tok.in_quote or tok.dep not in ("nsubj", "nsubjpass"):
                continue
            if tok.low in lex.second:
                you += 1
            elif tok.low in lex.first_singular or tok.low in ("he", "she"):
                other += 1
        return you >= SECOND_PERSON_MIN and you >= other

    def resolve_pronoun(self, info: MentionInfo) -> str | None:
        lex = self.lex
        tok = self.doc.tokens[info.head]
        low = tok.low
        if low in lex.first_singular | lex.first_plural | lex.second:
            if tok.in_quote:
                self.pending.append(info)
                return None
            if low in lex.first_singular:
                if "narrator" not in self.ents:
                    self.ents["narrator"] = _Ent(Entity("narrator", "I (narrator)", EntityKind.CHARACTER))
                    self.order.append("narrator")
                return "narrator"
            if low in lex.second and self.told_in_second_person:
                if PROTAGONIST_ID not in self.ents:
                    self.ents[PROTAGONIST_ID] = _Ent(Entity(PROTAGONIST_ID, PROTAGONIST_NAME, EntityKind.CHARACTER))
                    self.order.append(PROTAGONIST_ID)
                return PROTAGONIST_ID
            return None
        if low in lex.plural:
            return self._resolve_plural(info)
        gender = "male" if low in lex.male else "female"
        clause_subject = self._clause_subject(tok)
        blocked = self._containing_entities(tok)
        best, best_score = None, -1e9
        for ent_id in reversed(self.recent):
            rec = self.ents[ent_id]
            ent = rec.entity
            last = rec.last_sentence if tok.in_quote else rec.last_outside
            dist = info.mention.sentence - last
            if dist > PRONOUN_WINDOW or ent_id in blocked:
                continue
            if ent.kind != EntityKind.CHARACTER or ent.number == "plural":
                continue
            soft = self.gender_soft.get(ent_id, False)
            if ent.gender not in ("", gender) and not soft:
                continue
            if (
                clause_subject is not None
                and ent_id == clause_subject
                and not low.endswith("self")
                and tok.dep != "poss"
            ):
                continue
            score = -1.5 * dist + (0.8 if rec.last_subject else 0.0) + 0.05 * self.recent.index(ent_id)
            score += (1.0 if ent.gender == gender else 0.0) - (1.6 if ent.gender not in ("", gender) else 0.0)
            if score > best_score:
                best, best_score = ent_id, score
        if best is None:
            self.unresolved.append(f"pronoun {info.mention.text!r} in sentence {info.mention.sentence + 1}")
            return None
        if self.ents[best].entity.gender != gender:
            self.ents[best].entity.gender = gender
        self.gender_soft[best] = False
        return best

    def _containing_entities(self, tok: Token) -> set[str]:
        """Entities a pronoun cannot refer to: the phrase it sits in ("Anna, his daughter")."""
        out: set[str] = set()
        cur = tok
        for _ in range(3):
            if cur.dep not in ("poss", "appos", "compound", "pobj", "prep") or cur.head == cur.i:
                break
            cur = self.doc.tokens[cur.head]
            info = self.by_token.get(cur.i)
            if info and info.mention.entity:
                out.add(info.mention.entity)
            hinted = self.link_hints.get(cur.i)
            if hinted:
                out.add(hinted)
            if cur.dep == "appos":
                anchor = self.by_token.get(cur.head)
                if anchor and anchor.mention.entity:
                    out.add(anchor.mention.entity)
        return out

    def _clause_subject(self, tok: Token) -> str | None:
        verb = self.doc.tokens[tok.head]
        if tok.dep == "pobj":
            verb = self.doc.tokens[verb.head]
        for kid in self.doc.kids(verb.i, "nsubj"):
            info = self.by_token.get(kid.i)
            if info and info.mention.entity:
                return info.mention.entity
        return None

    def _resolve_plural(self, info: MentionInfo) -> str | None:
        sent = info.mention.sentence
        for ent_id in reversed(self.recent):
            rec = self.ents[ent_id]
            if sent - rec.last_sentence > 2:
                break
            if rec.entity.number == "plural" and rec.entity.kind in (EntityKind.CHARACTER, EntityKind.GROUP):
                return ent_id
        people = [
            e
            for e in reversed(self.recent)
            if self.ents[e].entity.kind == EntityKind.CHARACTER
            and sent - self.ents[e].last_sentence <= 1
            and self.ents[e].entity.number == "singular"
        ][:4]
        if len(people) < 2:
            self.unresolved.append(f"plural pronoun {info.mention.text!r} in sentence {sent + 1}")
            return None
        key = frozenset(people)
        if key not in self.groups:
            names = " and ".join(self.ents[e].entity.name for e in sorted(people, key=self.order.index))
            self.groups[key] = self.new_entity(names, EntityKind.GROUP, sent, number="plural")
            self.ents[self.groups[key]].members = key
        return self.groups[key]

    # -- links from syntax ----------------------------------------------------------------
    def hint_links(self, info: MentionInfo) -> None:
        """Appositions ("the king, Henry"), naming ("a girl named Gretel", "his name was Hans")."""
        if not info.mention.entity:
            return
        doc = self.doc
        head = doc.tokens[info.head]
        is_character = self.ents[info.mention.entity].entity.kind == EntityKind.CHARACTER
        for kid in doc.kids(info.head, "appos"):  # a character's apposition must name a person ("Anna, his daughter")
            if kid.in_quote != head.in_quote:  # said the little man, 'the first little child …': not him
                continue
            if not is_character or kid.pos == "PROPN" or kid.lemma in self.lex.person_nouns:
                self.link_hints[kid.i] = info.mention.entity
        for acl in doc.kids(info.head, "acl"):
            if acl.lemma in ("name", "call"):
                for obj in doc.kids(acl.i, "oprd", "xcomp", "attr", "dobj"):
                    self.link_hints[obj.i] = info.mention.entity
        if head.dep == "poss":
            noun = doc.tokens[head.head]
            verb = doc.tokens[noun.head]
            if noun.lemma == "name" and noun.dep == "nsubj":
                for attr in doc.kids(verb.i, "attr", "acomp", "oprd"):
                    self.link_hints[attr.i] = info.mention.entity


def resolve(
    doc: ParsedDoc,
    text: str,
    embed: Callable[[list[str]], np.ndarray] | None = None,
    detected: list[DetectedMention] | None = None,
    ranker: RankerModel | bool | None = True,
) -> Coreference:
    """Find mentions in ``doc`` and cluster them into entities: the rule pass, then (unless ``ranker`` is
    False or no weights are found) the learned mention ranker re-clusters its mentions. ``detected``: the
    mentions of :func:`~worldstate.extract.mentions.detect_mentions` (detected here when None); they give
    every mention its category and full phrase, and add the names and nominals the rules miss."""
    res = rule_pass(doc, text, embed, detected)
    model = load_ranker() if ranker is True else ranker or None
    if model is not None and res.infos:
        regroup(res, model)
    return finish(res)


def rule_pass(
    doc: ParsedDoc,
    text: str,
    embed: Callable[[list[str]], np.ndarray] | None = None,
    detected: list[DetectedMention] | None = None,
) -> _Resolver:
    """The rule-based pass alone (mentions and their rule entities), also for training the ranker."""
    res = _Resolver(doc, text, embed, detected)
    res.run()
    return res


def mention_table(res: _Resolver) -> MentionTable:
    """The ranker's arrays for the rule pass's mentions (in text order)."""
    res.infos.sort(key=lambda info: info.mention.span.start)
    kinds = {e: str(r.entity.kind) for e, r in res.ents.items()}
    return build_table(res.infos, res.doc, kinds, res.lex)


def regroup(res: _Resolver, model: RankerModel, cluster_of: list[int] | None = None) -> None:
    """Replace the rule pass's clusters by the ranker's, keeping entity ids where a cluster holds most
    of an old entity's mentions (so kinship and group links still point at the right entity)."""
    table = mention_table(res)
    if cluster_of is None:
        cluster_of = cluster_mentions(table, model)
    cluster_of = keep_rule_links(table, cluster_of, res.text)
    cluster_of = join_self_named(table, cluster_of, res.text)  # "Call me Ishmael": the narrator's name
    mine = narrator_cluster(table, cluster_of)
    members: dict[int, list[int]] = {}
    for idx, c in enumerate(cluster_of):
        members.setdefault(c, []).append(idx)
    quote_only = {QUOTE_I, YOU}  # a "we" chain stays a group entity (the speech layer links only I and you)
    weight = {NAME: 3, NOMINAL: 2}
    # each old entity goes to the cluster holding most of its (weighted) mentions
    votes: dict[str, dict[int, int]] = {}
    for idx, info in enumerate(table.infos):
        if info.mention.entity:
            bucket = votes.setdefault(info.mention.entity, {})
            bucket[cluster_of[idx]] = bucket.get(cluster_of[idx], 0) + weight.get(int(table.mtype[idx]), 1)
    owned: dict[int, list[str]] = {}  # cluster → the old entities it holds most of
    for old, b in votes.items():
        owned.setdefault(max(b, key=lambda c: (b[c], -c)), []).append(old)
    cluster_id: dict[int, str | None] = {}
    taken: set[str] = set()
    order: dict[str, int] = {}  # each entity's place in res.order (its first)
    for k, ent_id in enumerate(res.order):
        order.setdefault(ent_id, k)
    for c in members:
        olds = owned.get(c, [])
        cluster_id[c] = None  # I/you inside quotes only go to the speech extractor; others get a new entity
        if olds:
            # the narrator keeps its id when its cluster took a name (join_self_named: "Call me Ishmael")
            best = max(olds, key=lambda o: (o == "narrator" and c == mine, votes[o][c], -order[o]))
            cluster_id[c] = best
            taken.add(best)
    for ent_id in list(res.ents):
        res.ents[ent_id].entity.mentions = []
    res.pending = []
    res.unresolved = []  # the rule pass's notes no longer hold; new ones follow
    remap: dict[str, str] = {}
    for c, idxs in sorted(members.items()):
        ent_id = cluster_id[c]
        infos = [table.infos[i] for i in idxs]
        if ent_id is None and all(int(table.mtype[i]) in quote_only for i in idxs):
            for info in infos:
                info.mention.entity = None
                res.pending.append(info)
            continue
        if ent_id is None:
            ent_id = _entity_for_new_cluster(res, table, idxs)
        rec = res.ents[ent_id]
        rec.entity.aliases = []
        for info in infos:
            old = info.mention.entity
            if old and old != ent_id and old not in taken:
                remap.setdefault(old, ent_id)
            info.mention.entity = ent_id
            rec.entity.mentions.append(info.mention.id)
            alias = res.alias_text(info)
            if alias and alias not in rec.entity.aliases:
                rec.entity.aliases.append(alias)
        genders = [int(table.gender[i]) for i in idxs if int(table.gender[i])]
        if genders and not rec.entity.gender:
            rec.entity.gender = "male" if genders.count(1) >= genders.count(2) else "female"
    res.groups = {frozenset(remap.get(m, m) for m in key): g for key, g in res.groups.items()}
    res.kin_of = {remap.get(k, k): remap.get(v, v) for k, v in res.kin_of.items() if remap.get(k, k) != remap.get(v, v)}
    res.unresolved += [
        f"pronoun {info.mention.text!r} in sentence {info.mention.sentence + 1}"
        for info in table.infos
        if info.mention.entity is None and info.mention.kind == MentionKind.PRONOUN and info not in res.pending
    ]


def keep_rule_links(table: MentionTable, cluster_of: list[int], text: str) -> list[int]:
    """The rule pass's links the ranker never learned, kept: things (mentions with no LitBank category,
    which LitBank leaves unannotated, so the ranker saw them only as singletons: "hot tea" ... "the cold
    tea") stay in their rule entity, and a description that holds its own name ("a daughter named Greta")
    joins that name's cluster."""
    out = list(cluster_of)
    fresh = max(out, default=-1) + 1
    thing_cluster: dict[str, int] = {}
    for idx, info in enumerate(table.infos):
        mention = info.mention
        is_thing = int(table.kind[idx]) in THING_KINDS
        if mention.entity and is_thing and not mention.category and mention.kind != MentionKind.PRONOUN:
            if mention.entity not in thing_cluster:
                thing_cluster[mention.entity] = fresh
                fresh += 1
            out[idx] = thing_cluster[mention.entity]
    names: dict[str | None, list[tuple[int, Mention]]] = {}  # each rule entity's names, in text order
    for j, info in enumerate(table.infos):
        if info.mention.kind == MentionKind.NAME:
            names.setdefault(info.mention.entity, []).append((j, info.mention))
    for idx, info in enumerate(table.infos):
        described = info.mention
        if described.kind != MentionKind.NOMINAL or not described.entity:
            continue
        for j, name in names.get(described.entity, []):
            if _names_in_place(text, described, name):
                out[idx] = out[j]
                break
    return out


THING_KINDS = {KINDS.index("object"), KINDS.index("place"), KINDS.index("other")}
_NAMING_GAP = re.compile(r"[\s,]*(?:named|called|by name|whose name was)?[\s,]*")


def _names_in_place(text: str, described: Mention, name: Mention) -> bool:
    """A name given in place: "a daughter named Greta", "Anna, his daughter", "the king, Henry"."""
    first, second = (described, name) if described.span.end <= name.span.start else (name, described)
    gap = text[first.span.end : second.span.start]
    return first.sentence == second.sentence and len(gap) <= 20 and bool(_NAMING_GAP.fullmatch(gap))


def _entity_for_new_cluster(res: _Resolver, table: MentionTable, idxs: list[int]) -> str:
    """A new entity for a cluster that took no rule entity (pronouns the rule pass left unresolved)."""
    types = [int(table.mtype[i]) for i in idxs]
    if NARRATOR in types and "narrator" not in res.ents:
        res.ents["narrator"] = _Ent(Entity("narrator", "I (narrator)", EntityKind.CHARACTER))
        res.order.append("narrator")
        return "narrator"
    first = table.infos[idxs[0]]
    named = [table.infos[i] for i in idxs if int(table.mtype[i]) in (NAME, NOMINAL)]
    olds = [info.mention.entity for info in named if info.mention.entity] or [
        table.infos[i].mention.entity for i in idxs if table.infos[i].mention.entity
    ]
    if olds:  # part of a rule entity split off: keep its category (and a group's members)
        old_id = max(dict.fromkeys(olds), key=olds.count)  # a tie goes to the first in text order
        old = res.ents[old_id].entity
        label = (res.alias_text(named[0]) or named[0].mention.text) if named else old.name
        new_id = res.new_entity(label, old.kind, first.mention.sentence, old.gender, old.number)
        res.ents[new_id].members = res.ents[old_id].members
        return new_id
    plural = all(bool(table.plural[i]) for i in idxs)
    res.unresolved.append(  # pronouns that only refer to each other: who they are stays open
        f"pronouns {first.mention.text!r}… from sentence {first.mention.sentence + 1} ({len(idxs)} mentions) "
        "have no name or description"
    )
    return res.new_entity(
        first.mention.text, EntityKind.CHARACTER, first.mention.sentence, number="plural" if plural else "singular"
    )


def finish(res: _Resolver) -> Coreference:
    """Names, kinship names and the Coreference record of a resolver's clusters."""
    doc, text = res.doc, res.text
    next_id = 1 + max((int(m.id[1:]) for m in res.mentions if m.id[1:].isdigit()), default=0)
    for m in res.left_out:  # bare titles: recorded with their category, never resolved
        span = Span(doc.tokens[m.first].start, doc.tokens[m.last - 1].end)
        kind = MentionKind.NAME if m.kind == "name" else MentionKind.NOMINAL
        mention = Mention(f"m{next_id}", span, text[span.start : span.end], doc.tokens[m.head].sent, kind)
        mention.category = m.category
        res.mentions.append(mention)
        next_id += 1
    mentions_by_id = {m.id: m for m in res.mentions}
    infos_by_id = {info.mention.id: info for info in res.infos}
    self_named = narrator_name(  # "My name is Jane Eyre": the narrator's name, whichever cluster its "I"s are in
        text,
        [
            (i.mention.span.start, i.mention.text)
            for i in res.infos
            if i.mention.kind == MentionKind.NAME and not doc.tokens[i.head].in_quote
        ],
    )
    for ent_id in res.order:  # the most frequent name as written, else the most frequent description
        rec = res.ents[ent_id]
        if ent_id == "narrator" and not rec.entity.mentions:
            continue
        names, nominals = [], []
        for m in rec.entity.mentions:
            mention = mentions_by_id.get(m)
            if mention is None or mention.kind == MentionKind.PRONOUN:
                continue
            if mention.kind == MentionKind.NAME:
                names.append(" ".join(mention.text.split()))
            elif m in infos_by_id:
                nominals.append(res.alias_text(infos_by_id[m]))
        nominals = [n for n in nominals if n]
        keep = ent_id == "narrator" and not names  # "I (narrator)" unless the narrator is named
        fallback = rec.entity.name
        if not names and not nominals and is_pronoun(fallback):  # a cluster of pronouns only
            pronouns = [infos_by_id[m] for m in rec.entity.mentions if m in infos_by_id]
            quoted = bool(pronouns) and all(doc.tokens[i.head].in_quote for i in pronouns)
            fallback = pronoun_name([i.mention.text for i in pronouns] or [fallback], quoted)
        name = rec.entity.name if keep else pick_name(names, nominals, fallback)
        name = self_named if name == NARRATOR_NAME and self_named else name
        rec.entity.name = name
        rec.entity.aliases = ordered_aliases(names + nominals, name)
        if ent_id == "narrator" and name != NARRATOR_NAME:  # a named narrator is still "the narrator"
            rec.entity.aliases.append(NARRATOR_ALIAS)
    name_groups(res, mentions_by_id)
    for kin_id, owner in res.kin_of.items():  # "mother of Red-Cap" with the owner's final name
        ent = res.ents[kin_id].entity
        if " of " in ent.name and not ent.name.startswith("the "):
            ent.name = f"{ent.name.split(' of ', 1)[0]} of {res.ents[owner].entity.name}"
    mark_no_names(res, mentions_by_id)
    widen(doc, text, res.infos, res.detected_at)  # after naming: names stay the short forms
    entities = [res.ents[e].entity for e in res.order if res.ents[e].entity.mentions or e == "narrator"]
    groups = {res.groups[k]: k for k in res.groups}
    every_mention = list({id(m): m for m in [*res.mentions, *(i.mention for i in res.infos)]}.values())
    entities, groups = renumber(entities, every_mention, groups)
    return Coreference(entities, res.mentions, res.infos, res.by_token, res.unresolved, res.pending, groups)


def name_groups(res: _Resolver, mentions_by_id: dict[str, Mention]) -> None:
    """A group the plural rule made from its members, without a proper name of its own, is named by its
    members' final names ("Hansel and Gretel"); the description it had stays an alias."""
    keys = {group_id: key for key, group_id in res.groups.items()}
    for group_id in res.order:
        key = keys.get(group_id) or res.ents[group_id].members
        ent = res.ents[group_id].entity
        if not key or not ent.mentions:
            continue
        if any(mentions_by_id[m].kind == MentionKind.NAME for m in ent.mentions if m in mentions_by_id):
            continue
        members = [res.ents[m].entity for m in key if m in res.ents and res.ents[m].entity.mentions]
        members.sort(key=lambda e: (e.first_sentence, res.order.index(e.id)))
        if len(members) < 2:
            continue
        name = group_name([m.name for m in members])
        if name != ent.name:
            ent.aliases = [a for a in [ent.name, *ent.aliases] if a != name and not is_pronoun(a)]
            ent.name = name


def mark_no_names(res: _Resolver, mentions_by_id: dict[str, Mention]) -> None:
    """A character whose only non-pronoun mentions are one capitalised word that names no one ("Lo", "Straw",
    a bare "Fool"; never a description with its article), or whose every mention is inside a chapter heading
    ("CHAPTER I DESCRIPTION OF FARMER OAK -- AN INCIDENT"), is no character: its kind becomes ``other``."""
    words = lower_words(res.text)
    headings = {s.index for s in res.doc.sentences if heading_label(res.text[s.start : s.end])}
    for ent_id in res.order:
        ent = res.ents[ent_id].entity
        if ent.kind != EntityKind.CHARACTER or ent_id == "narrator":
            continue
        mentions = [mentions_by_id[m] for m in ent.mentions if m in mentions_by_id]
        said = [m for m in mentions if m.kind != MentionKind.PRONOUN]
        in_heading = bool(mentions) and all(m.sentence in headings for m in mentions)
        if in_heading or (said and all(is_no_name(m.text, words, res.titles) for m in said)):
            ent.kind = EntityKind.OTHER


def renumber(
    entities: list[Entity], mentions: list[Mention], groups: dict[str, frozenset[str]]
) -> tuple[list[Entity], dict[str, frozenset[str]]]:
    """Short ids from the final names (``naming.short_ids``), numbered in order of first mention; every
    mention and group follows its entity."""
    first: dict[str, int] = {}
    for m in mentions:
        if m.entity:
            first[m.entity] = min(first.get(m.entity, m.span.start), m.span.start)
    ordered = sorted(entities, key=lambda e: (first.get(e.id, 1 << 60), e.first_sentence))
    new_id = short_ids([(e.id, e.name) for e in ordered])
    for ent in entities:
        ent.id = new_id[ent.id]
    for m in mentions:
        if m.entity:
            m.entity = new_id.get(m.entity, m.entity)
    groups = {new_id.get(g, g): frozenset(new_id.get(x, x) for x in members) for g, members in groups.items()}
    return entities, groups
