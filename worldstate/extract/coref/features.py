"""Pair features for the mention-ranking coreference scorer.

:class:`MentionTable` turns the resolver's mentions into arrays (type, gender, number, sentence, quote,
role, category, string keys); :func:`pair_features` gives one row per (mention, candidate antecedent),
computed with numpy over all of a mention's candidates at once.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from worldstate.data import load_yaml
from worldstate.extract.coref.gender import name_gender
from worldstate.extract.coref.mentions import MentionInfo
from worldstate.extract.lexicon import Lexicon, lexicon
from worldstate.extract.parsed import ParsedDoc
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
    keys: dict[str, int] = {}
    ent_index: dict[str, int] = {}

    def key(text: str) -> int:
        return keys.setdefault(text, len(keys)) if text else -1

    cols: dict[str, list] = {c: [] for c in MentionTable.__dataclass_fields__ if c not in ("infos",)}
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
            if not gender and tok.ent_type == "PERSON" and words:
                rest = [w for w in words if w.lower().rstrip(".") not in titles]
                gender = name_gender(rest[0]) if rest else ""
        else:
            mtype = NOMINAL
            gender = lex.person_nouns.get(info.lemma, "")
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
    return MentionTable(infos=infos, **arrays)


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
            & np.isin(t.mtype[cands], (NOMINAL, PRON3))
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
        ok &= (t.rule_entity[cands] == t.rule_entity[i]) & np.isin(t.mtype[cands], (NAME, NOMINAL))
    elif t.mtype[i] == PRON3:
        thing = (t.kind[cands] == KINDS.index("place")) | (t.kind[cands] == KINDS.index("object"))
        ok &= ~(thing & np.isin(t.mtype[cands], (NAME, NOMINAL)))
        g = t.gender[i]
        ok &= ~((g > 0) & (t.gender[cands] > 0) & (t.gender[cands] != g))
    return ok


def pair_features(t: MentionTable, i: int, cands: np.ndarray, far: np.ndarray) -> np.ndarray:
    """Feature rows for mention ``i`` against candidate antecedents ``cands`` (indices < i);
    ``far``: True where the candidate is a cluster representative outside the recent window.
    One matrix (``FEATURE_NAMES`` columns) filled in place: one-hot blocks, then the pair columns."""
    n = len(cands)
    rows = np.zeros((n, len(FEATURE_NAMES)))
    col = 0
    for values, width in (
        (t.mtype, N_TYPES),
        (t.kind, N_KINDS),
        (t.role, 4),
        (t.ner, 3),
    ):  # mention i's value (the same in every row), then each candidate's
        rows[:, col : col + width][:, values[i]] = 1.0
        rows[:, col + width : col + 2 * width][np.arange(n), values[cands]] = 1.0
        col += 2 * width
    gi, gj = t.gender[i], t.gender[cands]
    pi, pj = bool(t.plural[i]), t.plural[cands].astype(bool)
    title_i, title_j = t.title_key[i], t.title_key[cands]
    tg_i, tg_j = t.title_gender[i], t.title_gender[cands]
    words_i = t.name_words[i]
    sdist = t.sentence[i] - t.sentence[cands]
    qi, qj = t.quote[i], t.quote[cands]
    compatible = ((gj == gi) | (gj == 0) | (gi == 0)) & (pj == pi)
    re_i, re_j = t.rule_entity[i], t.rule_entity[cands]
    pair = rows[:, col:]
    pair[:, 0] = gi > 0
    pair[:, 1] = gj > 0
    pair[:, 2] = (gi > 0) & (gj == gi)
    pair[:, 3] = (gi > 0) & (gj > 0) & (gj != gi)
    pair[:, 4] = pi
    pair[:, 5] = pj
    pair[:, 6] = pj != pi
    pair[:, 7] = (t.exact_key[i] >= 0) & (t.exact_key[cands] == t.exact_key[i])
    pair[:, 8] = (t.head_key[i] >= 0) & (t.head_key[cands] == t.head_key[i])
    pair[:, 9] = (t.name_key[i] >= 0) & (t.name_key[cands] == t.name_key[i])
    if words_i:
        pair[:, 10] = [bool(words_i & t.name_words[j]) for j in cands]
    pair[:, 11] = (title_i >= 0) & (title_j >= 0) & (title_i != title_j)
    pair[:, 12] = (tg_i > 0) & (tg_j > 0) & (tg_i != tg_j)
    pair[:, 13] = np.log1p(sdist)
    pair[:, 14] = sdist == 0
    pair[:, 15] = np.log1p(i - cands)
    pair[:, 16] = qi >= 0
    pair[:, 17] = qj >= 0
    pair[:, 18] = (qi >= 0) & (qj == qi)
    pair[:, 19] = (re_i >= 0) & (re_j == re_i)
    pair[:, 20] = (  # clause-blocked: the subject and the object of one verb in one sentence
        (t.governor[cands] == t.governor[i])
        & (t.role[cands] == 0)
        & (t.role[i] == 1)
        & (t.sentence[cands] == t.sentence[i])
    )
    pair[:, 21] = (t.first[cands] <= t.first[i]) & (t.last[cands] >= t.last[i])  # nested
    pair[:, 22] = bool(t.definite[i])
    pair[:, 23] = far
    pair[:, 24] = t.kind[cands] == t.kind[i]
    if compatible.any():  # the latest compatible candidate
        pair[np.flatnonzero(compatible)[np.argmax(cands[compatible])], 25] = 1.0
    return rows
