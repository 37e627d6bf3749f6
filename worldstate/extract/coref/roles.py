"""Entity-level pass for descriptions that refer back to a role the story gave a character: "she was in
reality a wicked witch … the witch", "he had been a sailor … the old sailor", "she became queen … the queen".

A role is carried by a cluster when the text predicates it of one of the cluster's mentions (``he was a
sailor``, ``she became queen``, ``seemed to be a person``, ``turned into a prince``, ``Bartleby, who was a
scrivener``, ``our guide, a superior fellow``) or, with ``SAME_HEAD``, when the cluster holds a description
with that head noun ("the boy" of "The boy was called Hansel"). A later definite description ("the witch",
"this man") in another cluster joins the one cluster that carried its head noun before it; when two
clusters carried it, or none, it is left alone. Never from a negated or hypothetical predicate ("he was not
a fool", "if I were a king", "he might be a thief"), never a plural to a singular, never two clusters of
different known gender, of names that share no word, or of two different specific roles ("the king" / "the
miller"). LitBank links the later description, not the predicate nominal itself, so the predicate's own
mention stays out of the merged cluster. Each link records its evidence (:class:`RoleLink`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from worldstate.data import load_yaml, typed
from worldstate.extract.coref.descriptions import OWNERS, description_modifiers
from worldstate.extract.coref.features import KINDS, NAME, NARRATOR, NOMINAL, PRON3, QUOTE_I, MentionTable
from worldstate.extract.coref.merge import clusters_agree, summarize_mentions
from worldstate.extract.parsed import ParsedDoc, Token
from worldstate.resources.lexicon import lexicon

CHARACTER = KINDS.index("character")
DEFINITE = frozenset({"the", "this", "that"})
SUBJECT_TYPES = (NAME, NOMINAL, PRON3, NARRATOR)  # a quoted I/you/we is resolved later, by the speech step
PREDICATES = True  # roles from predicates ("she was a witch")
SAME_HEAD = True  # roles from a cluster's own descriptions ("The boy was called Hansel" … "the boy")
NAMING = True  # a description joins the name a passive naming verb gives it ("The boy was called Hansel")
PERSONS_ONLY = True  # roles of persons only (the description a lexicon person noun, a PER mention or a character's)
# A cluster that says a quote, or holds a quoted "I", is not moved (the speech layer reads speakers from it).
# Off: on, the speaker CV is 0.7768 (595/766) against 0.7742 (593/766) off, but in-sample CoNLL 0.7007 / 3.685
# clusters per character against 0.7012 / 3.666, and the tales' witch, woodcutter and miller stay split.
KEEP_SPEAKERS = False
# LitBank dev, 2026-11-25, against main ce79513 (CV: ``bench tune litbank-coref`` / ``litbank-quotes``, document-
# level 5-fold): CoNLL F1 / clusters per character / merged documents 0.7010 / 3.832 / 0.632 by CV with this pass
# (main 0.7001 / 3.880 / 0.632); speaker accuracy 0.7742 (593/766) by CV, 0.7794 (597/766) with the pass unhooked
# on the same code; state questions 66/72 (main 63/72: Red-Cap's cap, Snowdrop's traits). In-sample, shipped ranker:
# 0.7012 / 3.666 / 0.667 (main 0.7006 / 3.703 / 0.667); predicates alone 0.7007 / 3.687, descriptions alone
# 0.7009 / 3.677; things too (``PERSONS_ONLY`` off) 0.7015 / 3.666.


@dataclass(frozen=True)
class RoleWords:
    """The word lists of ``data/roles.yaml``."""

    copulas: frozenset[str]  # verb lemmas whose complement is a role of their subject
    passive_only: frozenset[str]  # of those, the ones that give a role only in the passive ("was made king")
    becoming: frozenset[str]  # verb lemmas whose "into" object is a role of their subject ("turned into")
    hypothetical: frozenset[str]  # subordinators and modals that make a predicate unreal ("if", "might")
    articles: frozenset[str]  # the determiners a predicated role may have ("a", "an"; none: "became queen")
    quantifiers: frozenset[str]  # first words of a mention that is no one person ("any man", "every family")
    contrast: frozenset[str]  # modifiers that set a description apart from the role's carrier ("the other")
    naming: frozenset[str]  # verb lemmas that name their passive subject ("was called Hansel")
    general: frozenset[str]  # nouns too general to be a role ("man", "fellow"): never predicated, else word for word


@lru_cache(maxsize=1)
def role_words() -> RoleWords:
    return typed(RoleWords, {k: [str(w) for w in v] for k, v in load_yaml("extract", "coref/data/roles.yaml").items()})


@dataclass(frozen=True)
class RolePredication:
    """A role the text gives a mention: ``subject`` (mention index) is a ``role`` (lemma of ``noun``)."""

    subject: int
    role: str
    noun: int  # token of the predicate noun
    evidence: tuple[int, int]  # token range [first, last) from the subject's clause verb to the noun


@dataclass(frozen=True)
class RoleLink:
    """One merge of this pass: the description ``mention`` joined the cluster of ``carrier`` (a mention that
    carries ``role``: the predicate's subject, or a description with its head), on ``evidence`` (tokens)."""

    mention: int
    carrier: int
    role: str
    evidence: tuple[int, int]
    predicated: bool  # the evidence is a predicate ("was a wicked witch"), else an earlier description


def _unreal(doc: ParsedDoc, verb: int) -> bool:
    """A negated, conditional or modal clause ("was not", "if I were", "might be"), up to the clause's root."""
    words = role_words()
    k, seen = verb, 0
    while seen < 4:
        tok = doc.tokens[k]
        for kid in doc.kids(k):
            if kid.dep == "neg" or (kid.dep in ("mark", "aux", "advmod") and kid.low in words.hypothetical):
                return True
        if tok.dep not in ("xcomp", "conj") or tok.head == k:
            return False
        k, seen = tok.head, seen + 1
    return False


def _subject_token(doc: ParsedDoc, verb: int) -> int | None:
    """The subject of ``verb``'s clause: its own subject, its governor's ("seemed to be"), or the noun a
    relative clause hangs on ("Bartleby, who was a scrivener")."""
    k = verb
    for _ in range(3):
        subjects = doc.kids(k, "nsubj", "nsubjpass")
        if subjects:
            s = subjects[0]
            if s.low in ("who", "that", "which") and doc.tokens[k].dep == "relcl":
                return doc.tokens[k].head
            return s.i
        tok = doc.tokens[k]
        if tok.dep not in ("xcomp", "conj") or tok.head == k:
            return None
        k = tok.head
    return None


def _role_noun(doc: ParsedDoc, tok: Token) -> bool:
    """A common noun (not a name, not a plural) with no determiner other than "a"/"an"; a person noun the
    tagger took for an adjective counts ("she became queen": queen/JJ)."""
    noun = tok.pos == "NOUN" or (tok.pos == "ADJ" and tok.low in lexicon().person_nouns)
    if not noun or tok.tag in ("NNS", "NNPS"):
        return False
    dets = doc.kids(tok.i, "det", "poss")
    return all(d.low in role_words().articles for d in dets)


def role_predications(table: MentionTable) -> list[RolePredication]:
    """Every role the parse predicates of a mention, in text order."""
    doc = table.doc
    if doc is None:
        return []
    words = role_words()
    by_head = {int(info.head): i for i, info in enumerate(table.infos)}
    out: list[RolePredication] = []
    for tok in doc.tokens:
        if not _role_noun(doc, tok):
            continue
        verb, subject = -1, None
        head = doc.tokens[tok.head]
        if tok.dep in ("attr", "acomp", "oprd") and head.lemma.lower() in words.copulas:
            passive = bool(doc.kids(head.i, "nsubjpass"))
            verb = head.i if passive or head.lemma.lower() not in words.passive_only else -1
        elif tok.dep == "pobj" and head.low == "into" and doc.tokens[head.head].lemma.lower() in words.becoming:
            verb = head.head
        elif tok.dep == "appos" and any(d.low in words.articles for d in doc.kids(tok.i, "det")):
            subject = tok.head  # "our last guide, a rather superior fellow"
        if verb >= 0:
            if _unreal(doc, verb):
                continue
            subject = _subject_token(doc, verb)
        if subject is None or subject not in by_head:
            continue
        i = by_head[subject]
        if int(table.mtype[i]) not in SUBJECT_TYPES or bool(table.plural[i]) or _quantified(table, i):
            continue
        if verb >= 0 and doc.tokens[verb].low == "were":
            continue  # a singular subject's "were" is a subjunctive ("I wish he were a king")
        first = min(verb if verb >= 0 else tok.i, tok.i)
        out.append(RolePredication(i, tok.lemma.lower(), tok.i, (first, tok.i + 1)))
    return out


def _speaks(table: MentionTable, i: int) -> bool:
    return int(table.mtype[i]) == QUOTE_I or (table.speaker is not None and bool(table.speaker[i]))


def _is_person(table: MentionTable, i: int) -> bool:
    info = table.infos[i]
    return info.person_hint or info.mention.category == "PER" or int(table.kind[i]) == CHARACTER


def _description_head(table: MentionTable, i: int) -> str:
    """The head lemma of a singular description (a name, pronoun or plural: ""; with ``PERSONS_ONLY``, a
    thing's too)."""
    if int(table.mtype[i]) != NOMINAL or bool(table.plural[i]):
        return ""
    if PERSONS_ONLY and not _is_person(table, i):
        return ""
    return table.infos[i].lemma.lower()


def _specific_roles(table: MentionTable, mentions: list[int]) -> set[int]:
    return {int(table.role_key[m]) for m in mentions if int(table.role_key[m]) >= 0}


@dataclass(frozen=True)
class Carrier:
    """A mention that carries a role from token ``start`` on: a predicate's subject or a description."""

    start: int
    mention: int
    role: str
    evidence: tuple[int, int]
    modifiers: frozenset[str]  # the role's modifiers ("wicked" of "a wicked witch")
    predicated: bool


def _carriers_of_predicates(table: MentionTable) -> tuple[list[Carrier], set[int]]:
    """The carriers the predicates give, and the mentions that are predicate nominals themselves."""
    if not PREDICATES:
        return [], set()
    doc = table.doc
    assert doc is not None
    predications = [p for p in role_predications(table) if not PERSONS_ONLY or _person_subject(table, p.subject)]
    nouns = {p.noun for p in predications}
    predicate_mention = {i for i, inf in enumerate(table.infos) if inf.head in nouns}
    carriers = []
    for p in predications:
        mods = frozenset(k.low for k in doc.kids(p.noun, "amod", "compound"))
        carriers.append(Carrier(p.evidence[1], p.subject, p.role, p.evidence, mods, True))
    return carriers, predicate_mention


def _complements(table: MentionTable) -> set[int]:
    """The mentions that complement a copula, or are joined to one that does, unreal ones included ("you shall
    be my wife and my queen"): they state a
    role rather than refer back to one."""
    doc = table.doc
    assert doc is not None
    copulas = role_words().copulas
    out = set()
    for i, inf in enumerate(table.infos):
        tok = doc.tokens[inf.head]
        while tok.dep == "conj" and tok.head != tok.i:  # "my wife and my queen"
            tok = doc.tokens[tok.head]
        if tok.dep in ("attr", "acomp", "oprd") and doc.tokens[tok.head].lemma.lower() in copulas:
            out.add(i)
    return out


def _person_subject(table: MentionTable, i: int) -> bool:
    """A he/she, the narrator, or a person's name or description."""
    return int(table.mtype[i]) in (PRON3, NARRATOR) or _is_person(table, i)


def _quantified(table: MentionTable, i: int) -> bool:
    """ "any man", "every family", "such a wife": no one person."""
    words = table.infos[i].mention.text.lower().split()
    return bool(words) and words[0] in role_words().quantifiers


def _naming_links(table: MentionTable, out: list[int]) -> list[RoleLink]:
    """Merge (in ``out``) each description and the name a passive naming verb gives it ("The boy was called
    Hansel"); the links made."""
    doc = table.doc
    assert doc is not None
    words = role_words()
    by_head = {int(info.head): i for i, info in enumerate(table.infos)}
    members = _members(out)
    links: list[RoleLink] = []
    for tok in doc.tokens:
        verb = doc.tokens[tok.head]
        if tok.pos != "PROPN" or tok.dep not in ("oprd", "attr") or verb.lemma.lower() not in words.naming:
            continue
        subjects = doc.kids(verb.i, "nsubjpass")
        if not subjects or _unreal(doc, verb.i) or tok.i not in by_head or subjects[0].i not in by_head:
            continue
        name, subject = by_head[tok.i], by_head[subjects[0].i]
        if int(table.mtype[name]) != NAME or int(table.mtype[subject]) not in (NOMINAL, PRON3, NARRATOR):
            continue
        a, c = out[name], out[subject]
        if a == c or bool(table.plural[subject]):
            continue
        if not clusters_agree(table, summarize_mentions(table, members[a]), summarize_mentions(table, members[c])):
            continue
        for m in members[c]:
            out[m] = a
        members[a] = sorted(members[a] + members.pop(c))
        links.append(RoleLink(subject, name, "", (verb.i, tok.i + 1), True))
    return links


def role_links(table: MentionTable, cluster_of: list[int]) -> tuple[list[int], list[RoleLink]]:
    """``cluster_of`` with each later description of a role merged into the one cluster that carried the
    role before it, and the links made."""
    out = list(cluster_of)
    if table.doc is None:
        return out, []
    links = _naming_links(table, out) if NAMING else []
    members = _members(out)  # each cluster's mentions in text order, kept as ``out`` changes
    carriers, predicate_mention = _carriers_of_predicates(table)
    by_role: dict[str, list[Carrier]] = {}  # the carriers of each role, in the order they were found
    for k in carriers:
        by_role.setdefault(k.role, []).append(k)
    complements = _complements(table)
    n = len(out)
    for i in range(n):
        head = _description_head(table, i)
        if not head or i in predicate_mention:
            continue
        words = table.infos[i].mention.text.lower().split()
        mods = description_modifiers(table.infos[i].mention.text, head)
        if words[0] in DEFINITE:
            carrier = _carrier(table, out, by_role.get(head, []), i, head, mods)
            if carrier is not None:
                a, c = out[carrier.mention], out[i]
                moved = [m for m in members[c] if m not in predicate_mention]
                first = min((int(table.infos[m].first) for m in moved if m not in complements), default=-1)
                speaks = KEEP_SPEAKERS and any(_speaks(table, m) for m in moved)
                if a != c and not speaks and first > carrier.evidence[0] and _joinable(table, members, a, c, i):
                    for m in moved:
                        out[m] = a
                    members[a] = sorted(members[a] + moved)
                    members[c] = [m for m in members[c] if m in predicate_mention]
                    links.append(RoleLink(i, carrier.mention, head, carrier.evidence, carrier.predicated))
        if SAME_HEAD and (words[0] in DEFINITE or words[0] in OWNERS) and not _quantified(table, i):
            span = (int(table.infos[i].first), int(table.infos[i].last))
            by_role.setdefault(head, []).append(Carrier(span[0], i, head, span, mods, False))
    return out, links


def _members(cluster_of: list[int]) -> dict[int, list[int]]:
    """Each cluster's mentions, in text order."""
    out: dict[int, list[int]] = {}
    for m, c in enumerate(cluster_of):
        out.setdefault(c, []).append(m)
    return out


def _carrier(
    table: MentionTable, out: list[int], carriers: list[Carrier], i: int, head: str, mods: frozenset[str]
) -> Carrier | None:
    """The latest carrier of ``head`` (``carriers``: those of that role) before mention ``i`` when all its
    carriers are of one cluster other than ``i``'s own; None when there are none or two clusters carry it. A
    description's carrier must hold every modifier of ``i`` ("the old woman" never refers back to "the
    woman"); no contrast ("the other seaman") refers back to a predicate."""
    start = int(table.infos[i].first)
    found = [k for k in carriers if k.role == head and k.start <= start]
    clusters = {out[k.mention] for k in found} - {out[i]}
    if len(clusters) != 1:
        return None
    target = clusters.pop()
    best = max((k for k in found if out[k.mention] == target), key=lambda k: k.evidence[0])
    words = role_words()
    if best.predicated and (mods & words.contrast or head in words.general):
        return None
    if not best.predicated and not (mods == best.modifiers if head in words.general else mods <= best.modifiers):
        return None
    return best


def _joinable(table: MentionTable, members: dict[int, list[int]], a: int, c: int, i: int) -> bool:
    """The description ``i``'s cluster ``c`` may join ``a`` (``members``: each cluster's mentions): one
    gender and number (the description's own gender included), names that agree, at most one specific role
    between them."""
    info_a = summarize_mentions(table, members[a])
    if not clusters_agree(table, info_a, summarize_mentions(table, members[c])):
        return False
    g = int(table.gender[i])
    if g and info_a.gender() and info_a.gender() != g:
        return False
    return (
        len((_specific_roles(table, members[a]) | _specific_roles(table, members[c])) - {int(table.role_key[i])}) <= 1
    )


def merge_role_references(table: MentionTable, cluster_of: list[int]) -> list[int]:
    """``cluster_of`` after :func:`role_links` (the links themselves are for diagnostics)."""
    return role_links(table, cluster_of)[0]
