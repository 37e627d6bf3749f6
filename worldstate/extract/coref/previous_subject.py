"""A he/she that opens its sentence as its subject carries on the subject of the sentence before, when that
subject is a person named or described there ("A corporal began to swear before the assemblage. He had just
put a costly board floor in his house"; "The guide stood serenely on the bank. He told us …").

The greedy mention ranker tends to chain such a "he" to the last "he" of an earlier character, past the new
person just brought in, and every later "he" of the new person follows the wrong one. Here the ranker links
the pronoun to that subject (``ranker.py``, where the link must also pass the ranker's hard constraints;
the pronouns after it then find it as their nearest antecedent) when:

* the pronoun is the first mention of its own sentence and the subject of its clause;
* the sentence before has exactly one name or description as the subject of its main verb, a singular
  person, one person ("no one" is none), on the same side of a quotation mark;
* that subject is of the pronoun's gender and the sentence before holds no object he/she of that gender ("a
  boy knocked, bidding him attend the burial. He …": he is the one "him" is), or of no gender known and
  the sentence before holds no he/she of the pronoun's gender at all ("The surgeon put it in her arms. She …");
* it is not owned by a he/she of that gender ("His father … He": the owner may be the one the story goes on
  with).
"""

from __future__ import annotations

from worldstate.extract.coref.binding import quantified
from worldstate.extract.coref.features import NAME, NOMINAL, PRON3, MentionTable
from worldstate.extract.coref.sole_antecedent import is_person
from worldstate.resources.lexicon import lexicon

SUBJECT, OBJECT = 0, 1  # ``features.ROLES``: nsubj / nsubjpass; dobj / pobj / dative


def previous_subjects(table: MentionTable) -> dict[int, int]:
    """Sentence-opening he/she subject → the previous sentence's main subject it carries on."""
    out: dict[int, int] = {}
    if table.doc is None:
        return out
    by_sentence: dict[int, list[int]] = {}
    for i in range(len(table.infos)):
        by_sentence.setdefault(int(table.sentence[i]), []).append(i)
    for s, idxs in by_sentence.items():
        i = idxs[0]
        g = int(table.gender[i])
        if int(table.mtype[i]) != PRON3 or not g or int(table.role[i]) != SUBJECT:
            continue
        before = by_sentence.get(s - 1, [])
        j = main_subject(table, before)
        if j is not None and _fits(table, i, j, g, before):
            out[i] = j
    return out


def main_subject(table: MentionTable, idxs: list[int]) -> int | None:
    """The one name or description among ``idxs`` (one sentence's mentions) that is the subject of the
    sentence's main verb; None when there is none or more than one."""
    doc = table.doc
    if doc is None:
        return None
    found = [
        j
        for j in idxs
        if int(table.mtype[j]) in (NAME, NOMINAL)
        and int(table.role[j]) == SUBJECT
        and doc.tokens[doc.tokens[table.infos[j].head].head].dep == "ROOT"
    ]
    return found[0] if len(found) == 1 else None


def _fits(table: MentionTable, i: int, j: int, g: int, before: list[int]) -> bool:
    """May ``j``, the main subject of the sentence ``before`` ``i``'s, be what he/she ``i`` (gender ``g``) carries
    on (the module docstring's conditions)?"""
    if bool(table.plural[j]) or not is_person(table, j) or quantified(table.infos[j].mention.text):
        return False
    if (int(table.quote[j]) >= 0) != (int(table.quote[i]) >= 0):
        return False
    lex, doc = lexicon(), table.doc
    owners = lex.male if g == 1 else lex.female
    if doc is not None and any(t.low in owners for t in doc.kids(table.infos[j].head, "poss")):
        return False
    rivals = [k for k in before if int(table.mtype[k]) == PRON3 and int(table.gender[k]) == g]
    gender = int(table.gender[j])
    if gender == 0:
        return not rivals
    return gender == g and not any(int(table.role[k]) == OBJECT for k in rivals)
