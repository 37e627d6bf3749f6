"""Pair features for the mention-ranking coreference scorer.

:class:`MentionTable` turns the resolver's mentions into arrays (type, gender, number, sentence, quote,
role, category, string keys); :func:`pair_features` gives one row per (mention, candidate antecedent),
computed with numpy over all of a mention's candidates at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from worldstate.data import load_yaml
from worldstate.extract.coref.binding import clause_binders, reflexive_binders
from worldstate.extract.coref.context import WIDTH, mention_vectors, token_vectors
from worldstate.extract.coref.gender import NameGenders
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.extract.coref.person_senses import person_sense
from worldstate.extract.coref.speech_subjects import speech_subjects
from worldstate.extract.parsed import ParsedDoc
from worldstate.resources.lexicon import Lexicon, lexicon
from worldstate.state import MentionKind

# mention types
NAME, NOMINAL, PRON3, PLURAL, NARRATOR, QUOTE_I, YOU, WE = range(8)
N_TYPES = 8
KINDS = ("character", "place", "object", "group", "other")  # category of the resolver's entity; 5 = none
N_KINDS = len(KINDS) + 1
ROLES = {"nsubj": 0, "nsubjpass": 0, "dobj": 1, "pobj": 1, "dative": 1, "poss": 2}  # 3 = other
GENERIC_PEOPLE = {"man", "woman", "person", "fellow", "gentleman", "lady", "boy", "girl", "child", "people", "men"}
DETERMINERS = {"the", "a", "an", "this", "that", "these", "those"}
FEATURE_NAMES: list[str] = (
    [f"type_i_{t}" for t in range(N_TYPES)]
    + [f"type_j_{t}" for t in range(N_TYPES)]
    + [f"kind_i_{k}" for k in range(N_KINDS)]
    + [f"kind_j_{k}" for k in range(N_KINDS)]
    + [f"role_i_{r}" for r in range(4)]
    + [f"role_j_{r}" for r in range(4)]
    + [f"ner_i_{r}" for r in range(3)]
    + [f"ner_j_{r}" for r in range(3)]
    + [
        "gender_i_known",
        "gender_j_known",
        "gender_agree",
        "gender_clash",
        "plural_i",
        "plural_j",
        "number_clash",
        "exact",
        "head_match",
        "name_key_match",
        "name_word_overlap",
        "title_clash",
        "title_gender_clash",
        "sent_dist_log",
        "sent_dist_0",
        "ment_dist_log",
        "quote_i",
        "quote_j",
        "same_quote",
        "rule_same",
        "clause_blocked",
        "nested",
        "definite_i",
        "far_representative",
        "same_rule_kind",
        "j_is_latest_compatible",
    ]
)
# Contextual pairs (``context.py``, spaCy's tok2vec vectors, free from the parse): the cosine of the two head
# vectors and of the two span-mean vectors (CONTEXT_NAMES), and the elementwise product of the head vectors
# (PRODUCT_NAMES: the net's first layer weighs it, a learned low-rank bilinear form). Off (USE_CONTEXT): by
# document-level 5-fold CV (2026-11-25) the cosines gave CoNLL 0.6939 vs 0.6940, merged documents 0.596 vs
# 0.667, clusters per character 4.15 vs 4.14, speaker accuracy 0.757 vs 0.761, but their fitted weights (like
# any re-fit of today's features: 60/72) answered fewer state questions (58/72 vs 64/72 with the shipped
# weights); the products lowered CoNLL (0.684; 0.691 for he/she pairs only), governor-verb cosines 0.693.
CONTEXT_NAMES: list[str] = ["ctx_head_cos", "ctx_span_cos"]
PRODUCT_NAMES: list[str] = [f"ctx_prod_{k}" for k in range(WIDTH)]
USE_CONTEXT = False
if USE_CONTEXT:
    FEATURE_NAMES += CONTEXT_NAMES
PRODUCT_SCALE = float(WIDTH)  # products of unit vectors are about 1/WIDTH each: scaled to about 1 for the net
# A description's gender, where the lexicon has none, from WordNet ("the hag", "the fellow": ``person_senses.py``).
# LitBank dev, 2026-11-28 (``bench tune litbank-coref --seed 0``, document-level 5-fold CV, threshold 0.3, with
# ``ranker.PERSONS_APART``): CoNLL F1 (MUC / B3 / CEAF-e) / clusters per character / merged documents 0.7023 (0.820 /
# 0.668 / 0.619) / 3.805 / 0.632 against 0.6995 (0.818 / 0.665 / 0.616) / 3.869 / 0.649 off. State questions (tune
# splits, shipped weights): the same answers on both sets (95/120, 40/50). Off: speaker accuracy by CV (``bench tune
# litbank-quotes``) fell to 0.7663 from 0.7781 (quotes whose speaker no cluster reaches 41 against 35).
WORDNET_SEX = False


@lru_cache(maxsize=1)
def title_genders() -> dict[str, str]:
    """Title (lower-case, no dot) → gender it gives a name ("" either)."""
    return {str(k): str(v or "") for k, v in load_yaml("extract", "coref/data/titles.yaml").items()}


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'’-]*", text)


@dataclass
class MentionTable:
    """Per-mention arrays, mentions sorted by start offset."""

    infos: list[MentionInfo]
    mtype: np.ndarray
    gender: np.ndarray  # 0 unknown, 1 male, 2 female
    plural: np.ndarray
    sentence: np.ndarray
    quote: np.ndarray  # quote segment id, -1 outside quotes
    role: np.ndarray
    kind: np.ndarray
    ner: np.ndarray  # 0 none, 1 PERSON, 2 place
    definite: np.ndarray
    rule_entity: np.ndarray  # index of the resolver's entity, -1 none
    first: np.ndarray
    last: np.ndarray
    governor: np.ndarray  # head token of the mention's head (its verb or preposition's verb)
    exact_key: np.ndarray  # ids of string keys (-1: none)
    head_key: np.ndarray
    name_key: np.ndarray
    title_key: np.ndarray
    title_gender: np.ndarray
    given_key: np.ndarray  # first word of a name of two or more words without titles ("elizabeth bennet"), -1 none
    family_key: np.ndarray  # last word of such a name ("bennet"), -1 none
    role_key: np.ndarray  # head of a nominal naming a specific role ("king", "miller"), -1 none
    name_words: list[frozenset[str]]
    reporter: np.ndarray  # for he/she subject of a reported clause ("the miller said he …"): the saying verb, -1 none
    head_vec: np.ndarray  # unit contextual vector of the head token (zeros: none)
    span_vec: np.ndarray  # unit mean contextual vector of the mention's tokens
    _one_sided: tuple[np.ndarray, np.ndarray] | None = field(default=None, repr=False, compare=False)
    speaker: np.ndarray | None = field(default=None, repr=False, compare=False)  # says a quote (speech_subjects.py)
    binders: list[tuple[int, ...]] | None = field(default=None, repr=False, compare=False)  # binding.py: not these
    reflexive_of: list[tuple[int, ...]] | None = field(default=None, repr=False, compare=False)  # binding.py: these
    doc: ParsedDoc | None = field(default=None, repr=False, compare=False)  # the parse (entity-level links read it)

    def one_sided(self) -> tuple[np.ndarray, np.ndarray]:
        """Per mention, its feature row as the mention ``i`` and as the candidate ``j`` of a pair: the
        columns that read one side only (one-hot blocks, gender and number known, in a quotation), zero
        elsewhere; built once per table."""
        if self._one_sided is None:
            self._one_sided = _one_sided_rows(self)
        return self._one_sided


def _quote_segments(doc: ParsedDoc) -> list[int]:
    seg, out, prev = -1, [], False
    for tok in doc.tokens:
        if tok.in_quote and not prev:
            seg += 1
        out.append(seg if tok.in_quote else -1)
        prev = tok.in_quote
    return out


def build_table(
    infos: list[MentionInfo], doc: ParsedDoc, entity_kind: dict[str, str], lex: Lexicon | None = None
) -> MentionTable:
    """Arrays for ``infos`` (sorted by start); ``entity_kind``: the resolver's entity id → kind value."""
    lex = lex or lexicon()
    titles = title_genders()
    segments = _quote_segments(doc)
    name_words_at = {info.head: _words(info.mention.text) for info in infos if info.mention.kind == MentionKind.NAME}
    name_genders = NameGenders.of_document(doc, name_words_at, titles)
    keys: dict[str, int] = {}
    ent_index: dict[str, int] = {}

    def key(text: str) -> int:
        return keys.setdefault(text, len(keys)) if text else -1

    cols: dict[str, list] = {
        c: []
        for c in MentionTable.__dataclass_fields__
        if c not in ("infos", "_one_sided", "speaker", "binders", "reflexive_of", "head_vec", "span_vec", "doc")
    }
    for info in infos:
        tok = doc.tokens[info.head]
        low = tok.low
        kind = info.mention.kind
        words = _words(info.mention.text)
        lows = [w.lower() for w in words]
        title = next((w for w in lows[:2] if w.rstrip(".") in titles), "")
        title = title.rstrip(".")
        gender = ""
        plural = False
        if kind == MentionKind.PRONOUN:
            if low in lex.first_singular:
                mtype = QUOTE_I if tok.in_quote else NARRATOR
            elif low in lex.second:
                mtype = YOU
            elif low in lex.first_plural:
                mtype, plural = WE, True
            elif low in lex.plural:
                mtype, plural = PLURAL, True
            else:
                mtype = PRON3
                gender = "male" if low in lex.male else "female" if low in lex.female else ""
        elif kind == MentionKind.NAME:
            mtype = NAME
            gender = titles.get(title, "")
            if not gender and tok.ent_type not in ("GPE", "LOC", "FAC") and words:
                rest = [w for w in words if w.lower().rstrip(".") not in titles]
                person = tok.ent_type == "PERSON" or entity_kind.get(info.mention.entity or "") == "character"
                noun = lex.person_nouns.get(rest[0].lower(), "") if rest else ""  # "Papa", "Mother"
                gender = noun or (name_genders.gender(rest[0], person) if rest else "")
        else:
            mtype = NOMINAL
            gender = lex.person_nouns.get(info.lemma, "")
            if not gender and WORDNET_SEX and info.lemma:  # "the hag", "the lass": WordNet's sex of the noun
                sense = person_sense(info.lemma)
                gender = sense.sex if sense is not None else ""
            plural = tok.tag in ("NNS", "NNPS")
        content = [w for w in lows if w not in DETERMINERS and w not in lex.possessive]
        name_words = frozenset(w for w in lows if w.rstrip(".") not in titles) if mtype == NAME else frozenset()
        ent = info.mention.entity or ""
        cols["mtype"].append(mtype)
        cols["gender"].append({"male": 1, "female": 2}.get(gender, 0))
        cols["plural"].append(plural)
        cols["sentence"].append(info.mention.sentence)
        cols["quote"].append(segments[info.head])
        cols["role"].append(ROLES.get(tok.dep, 3))
        kind_name = entity_kind.get(ent, "")
        cols["kind"].append(KINDS.index(kind_name) if kind_name in KINDS else len(KINDS))
        cols["ner"].append(1 if tok.ent_type == "PERSON" else 2 if tok.ent_type in ("GPE", "LOC", "FAC") else 0)
        cols["definite"].append(info.definite)
        cols["rule_entity"].append(ent_index.setdefault(ent, len(ent_index)) if ent else -1)
        cols["first"].append(info.first)
        cols["last"].append(info.last)
        gov = tok.head if tok.dep != "pobj" else doc.tokens[tok.head].head
        cols["governor"].append(gov)
        is_text = mtype in (NAME, NOMINAL)
        cols["exact_key"].append(key("x:" + " ".join(content)) if is_text and content else -1)
        cols["head_key"].append(key("h:" + low) if is_text else -1)
        cols["name_key"].append(key("n:" + " ".join(sorted(name_words))) if name_words else -1)
        cols["title_key"].append(key("t:" + title) if title else -1)
        cols["title_gender"].append({"male": 1, "female": 2}.get(titles.get(title, ""), 0) if title else 0)
        bare = [w for w in lows if w.rstrip(".") not in titles] if mtype == NAME else []
        cols["given_key"].append(key("g:" + bare[0]) if len(bare) >= 2 else -1)
        cols["family_key"].append(key("f:" + bare[-1]) if len(bare) >= 2 else -1)
        specific = mtype == NOMINAL and info.lemma in lex.person_nouns and info.lemma not in lex.kinship
        cols["role_key"].append(key("r:" + info.lemma) if specific and info.lemma not in GENERIC_PEOPLE else -1)
        cols["name_words"].append(name_words)
        verb = doc.tokens[tok.head]
        reported = mtype == PRON3 and tok.dep in ("nsubj", "nsubjpass") and verb.dep == "ccomp"
        cols["reporter"].append(verb.head if reported else -1)
    arrays = {c: (np.asarray(v) if c != "name_words" else v) for c, v in cols.items()}
    for c in (
        "mtype",
        "gender",
        "sentence",
        "quote",
        "role",
        "kind",
        "ner",
        "rule_entity",
        "first",
        "last",
        "given_key",
        "family_key",
        "role_key",
        "reporter",
    ):
        arrays[c] = np.asarray(arrays[c], dtype=np.int64).reshape(-1)
    head_vec, span_vec = mention_vectors(token_vectors(doc), infos)
    third = _one_of(arrays["mtype"], PRON3, PLURAL)
    return MentionTable(
        infos=infos,
        head_vec=head_vec,
        span_vec=span_vec,
        **arrays,
        speaker=speech_subjects(doc, infos),
        binders=clause_binders(doc, infos, third),
        reflexive_of=reflexive_binders(doc, infos, third),
        doc=doc,
    )


def _one_of(values: np.ndarray, a: int, b: int) -> np.ndarray:
    """``np.isin(values, (a, b))`` for two values, without its sorting."""
    return (values == a) | (values == b)


def allowed(t: MentionTable, i: int, cands: np.ndarray) -> np.ndarray:
    """Links the scorer may not make, whatever its score: a name joins only a name that shares a word
    with it (or what the rule pass named it after, in its own or the previous sentence), never a full name with another given or family name ("Jane Bennet" / "Elizabeth Bennet") or a title of the
    other gender ("Mr. Hall" / "Mrs. Hall"); a description other than a kinship noun ("the miller") joins only
    what the rule pass linked it to; he/she never takes a place or a thing, nor the other gender."""
    ok = np.ones(len(cands), dtype=bool)
    if t.mtype[i] == NAME:
        words_i = t.name_words[i]
        share = np.array([bool(words_i & t.name_words[j]) for j in cands], dtype=bool)
        named_here = (  # "his name was Hans", "the king, Henry": the rule pass's local naming links
            (t.rule_entity[i] >= 0)
            & (t.rule_entity[cands] == t.rule_entity[i])
            & (t.sentence[i] - t.sentence[cands] <= 1)
            & _one_of(t.mtype[cands], NOMINAL, PRON3)
        )
        ok &= ((t.mtype[cands] == NAME) & share) | named_here
        for keys in (t.given_key, t.family_key):  # two full names must agree in both parts
            ki = keys[i]
            ok &= ~((ki >= 0) & (keys[cands] >= 0) & (keys[cands] != ki))
        tg = t.title_gender[i]
        ok &= ~((tg > 0) & (t.title_gender[cands] > 0) & (t.title_gender[cands] != tg))
    elif t.mtype[i] == NOMINAL and t.rule_entity[i] >= 0 and t.infos[i].lemma not in lexicon().kinship:
        # a description the rules gave an entity of its own ("the miller", "the old man") joins only the names
        # and descriptions the rules linked it to (not its pronouns, which the ranker re-assigns), never a character by compatibility
        # alone ("Tom"), nor another entity's description with its head word ("the woman" / "the old woman");
        # kinship nouns ("her father") stay free: the rules link them through the kinship of their owner
        ok &= (t.rule_entity[cands] == t.rule_entity[i]) & _one_of(t.mtype[cands], NAME, NOMINAL)
    elif t.mtype[i] == PRON3:
        thing = (t.kind[cands] == KINDS.index("place")) | (t.kind[cands] == KINDS.index("object"))
        ok &= ~(thing & _one_of(t.mtype[cands], NAME, NOMINAL))
        g = t.gender[i]
        ok &= ~((g > 0) & (t.gender[cands] > 0) & (t.gender[cands] != g))
    return ok


PAIR_COLUMN = {name: k for k, name in enumerate(FEATURE_NAMES)}
ONE_SIDED_PREFIXES = ("type_", "kind_", "role_", "ner_")  # the one-hot blocks of :func:`_one_sided_rows`
ONE_SIDED_NAMES = frozenset(
    [n for n in FEATURE_NAMES if n.startswith(ONE_SIDED_PREFIXES)]
    + ["gender_i_known", "gender_j_known", "plural_i", "plural_j", "quote_i", "quote_j", "definite_i"]
)  # the columns :meth:`MentionTable.one_sided` fills: they read one side of a pair only


def _one_sided_rows(t: MentionTable) -> tuple[np.ndarray, np.ndarray]:
    n = len(t.infos)
    as_i, as_j = np.zeros((n, len(FEATURE_NAMES))), np.zeros((n, len(FEATURE_NAMES)))
    everyone = np.arange(n)
    for prefix, values in (("type", t.mtype), ("kind", t.kind), ("role", t.role), ("ner", t.ner)):
        for rows, side in ((as_i, "i"), (as_j, "j")):
            first = PAIR_COLUMN[f"{prefix}_{side}_0"]
            width = sum(1 for name in FEATURE_NAMES if name.startswith(f"{prefix}_{side}_"))
            rows[:, first : first + width][everyone, values] = 1.0
    for name, values in (
        ("gender_{}_known", t.gender > 0),
        ("plural_{}", t.plural.astype(bool)),
        ("quote_{}", t.quote >= 0),
    ):
        as_i[:, PAIR_COLUMN[name.format("i")]] = values
        as_j[:, PAIR_COLUMN[name.format("j")]] = values
    as_i[:, PAIR_COLUMN["definite_i"]] = t.definite.astype(bool)
    return as_i, as_j


def pair_features(
    t: MentionTable, i: int, cands: np.ndarray, far: np.ndarray, rows_of: np.ndarray | None = None
) -> np.ndarray:
    """Feature rows for mention ``i`` against candidate antecedents ``cands`` (indices < i);
    ``far``: True where the candidate is a cluster representative outside the recent window.
    ``rows_of``: the positions in ``cands`` to make rows for (all when None); the latest compatible
    candidate is still the latest of all ``cands``.
    The one-sided columns come from :meth:`MentionTable.one_sided`; the pair columns from :func:`pair_columns`."""
    cands, far, is_latest = pair_inputs(t, i, cands, far, rows_of)
    as_i, as_j = t.one_sided()
    rows = as_j[cands]
    rows += as_i[i]  # the two sides fill disjoint columns
    for name, values in pair_columns(t, i, cands, far, is_latest).items():
        rows[:, PAIR_COLUMN[name]] = values
    _context_columns(t, i, cands, rows)
    return rows


def pair_inputs(
    t: MentionTable, i: int, cands: np.ndarray, far: np.ndarray, rows_of: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The candidates, far flags and latest-compatible flags of the rows :func:`pair_features` makes."""
    gi, pi = t.gender[i], bool(t.plural[i])
    gj, pj = t.gender[cands], t.plural[cands].astype(bool)
    compatible = ((gj == gi) | (gj == 0) | (gi == 0)) & (pj == pi)
    latest = int(np.flatnonzero(compatible)[np.argmax(cands[compatible])]) if compatible.any() else -1
    if rows_of is not None:
        cands, far = cands[rows_of], far[rows_of]
        latest = int(np.searchsorted(rows_of, latest)) if latest in rows_of else -1
    is_latest = np.zeros(len(cands), dtype=bool)
    if latest >= 0:
        is_latest[latest] = True
    return cands, far, is_latest


def pair_columns(
    t: MentionTable, i: int, cands: np.ndarray, far: np.ndarray, is_latest: np.ndarray
) -> dict[str, np.ndarray]:
    """The columns of FEATURE_NAMES that read both sides of a pair (all but ONE_SIDED_NAMES and the
    contextual ones), by name: one value per candidate in ``cands``."""
    gi, pi = t.gender[i], bool(t.plural[i])
    gj, pj = t.gender[cands], t.plural[cands].astype(bool)
    title_i, title_j = t.title_key[i], t.title_key[cands]
    tg_i, tg_j = t.title_gender[i], t.title_gender[cands]
    words_i = t.name_words[i]
    sdist = t.sentence[i] - t.sentence[cands]
    qi = t.quote[i]
    re_i, re_j = t.rule_entity[i], t.rule_entity[cands]
    return {
        "gender_agree": (gi > 0) & (gj == gi),
        "gender_clash": (gi > 0) & (gj > 0) & (gj != gi),
        "number_clash": pj != pi,
        "exact": (t.exact_key[i] >= 0) & (t.exact_key[cands] == t.exact_key[i]),
        "head_match": (t.head_key[i] >= 0) & (t.head_key[cands] == t.head_key[i]),
        "name_key_match": (t.name_key[i] >= 0) & (t.name_key[cands] == t.name_key[i]),
        "name_word_overlap": (
            np.array([bool(words_i & t.name_words[j]) for j in cands], dtype=bool)
            if words_i
            else np.zeros(len(cands), dtype=bool)
        ),
        "title_clash": (title_i >= 0) & (title_j >= 0) & (title_i != title_j),
        "title_gender_clash": (tg_i > 0) & (tg_j > 0) & (tg_i != tg_j),
        "sent_dist_log": np.log1p(sdist),
        "sent_dist_0": sdist == 0,
        "ment_dist_log": np.log1p(i - cands),
        "same_quote": (qi >= 0) & (t.quote[cands] == qi),
        "rule_same": (re_i >= 0) & (re_j == re_i),
        "clause_blocked": (  # the subject and the object of one verb in one sentence
            (t.governor[cands] == t.governor[i]) & (t.role[cands] == 0) & (t.role[i] == 1) & (sdist == 0)
        ),
        "nested": (t.first[cands] <= t.first[i]) & (t.last[cands] >= t.last[i]),
        "far_representative": np.asarray(far, dtype=bool),
        "same_rule_kind": t.kind[cands] == t.kind[i],
        "j_is_latest_compatible": is_latest,
    }


def _context_columns(t: MentionTable, i: int, cands: np.ndarray, rows: np.ndarray) -> None:
    """The contextual columns present in FEATURE_NAMES (cosines, head-vector products)."""
    column = PAIR_COLUMN
    if not any(name in column for name in ("ctx_head_cos", "ctx_span_cos", "ctx_prod_0")):
        return  # none listed (USE_CONTEXT off): no vectors to gather
    head_j = t.head_vec[cands]
    if "ctx_head_cos" in column:
        rows[:, column["ctx_head_cos"]] = head_j @ t.head_vec[i]
    if "ctx_span_cos" in column:
        rows[:, column["ctx_span_cos"]] = t.span_vec[cands] @ t.span_vec[i]
    first = column.get("ctx_prod_0")
    if first is not None:
        rows[:, first : first + WIDTH] = head_j * (t.head_vec[i] * PRODUCT_SCALE)
