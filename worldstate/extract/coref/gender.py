"""Gender of a first name: from a name list (gender-guesser), else from the name's spelling.

:func:`name_gender` asks the list only. :func:`guessed_name_gender` guesses a name the list does not
know from its final letters ("Marilla", "Ichabod"), with a suffix model learned on first use from the
list itself (nothing shipped). :class:`NameGenders` decides, once per document, which gender each
name word of the story's name mentions has: the list first, then the story's own evidence (a gendered
title with the name, "her"/"himself" in the name's clause), then the gender of the full names a bare
surname ends ("Oak" after "Gabriel Oak"), then a suffix guess, kept off surnames ("Holmes").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from worldstate.data import load_yaml
from worldstate.extract.coref.name_list import listed_genders
from worldstate.extract.parsed import ParsedDoc, Token

SUFFIX_LENGTH = 6  # longest ending read ("^" marks the start of the name, so short names count whole)
SUFFIX_MIN_NAMES = 3  # an ending seen on fewer names of the list does not move the estimate
SUFFIX_PRIOR = 2.0  # weight of the shorter ending's estimate against a longer ending's counts
SUFFIX_CONFIDENCE = 0.9  # a guess is given only this sure (held-out: about 0.96 right on 0.59 of names)
MIN_GUESS_LETTERS = 4  # shorter unknown words ("God") get no suffix guess
# A possessive or reflexive in a name's own clause ("Marilla shook her head"): "her" counts only as a possessive.
CLAUSE_PRONOUNS = {"his": "male", "himself": "male", "her": "female", "herself": "female"}
# Dependencies that stay inside a clause, climbing from the pronoun to its verb ("her" → "head" → "shook").
CLAUSE_INTERNAL = frozenset(["poss", "dobj", "pobj", "prep", "dative", "npadvmod", "attr", "pcomp", "iobj"])
TITLE_VOTE = 2  # a gendered title with the name ("Miss Marilla") weighs as two pronouns
EVIDENCE_RATIO = 3  # the evidence gives a gender when it outweighs the other gender this many times
THING_NAMES = True  # a name the story gives an animal or a thing ("the horse Falada") gets no guessed gender
THING_CLASSES = frozenset(["animal", "artifact"])  # WordNet lexicographer files of such nouns


def name_gender(first_name: str) -> str:
    """'male'/'female' from a first-name list (gender-guesser), '' when unknown or ambiguous."""
    return listed_genders().get(first_name.strip(".,'’").lower(), "")


def list_names() -> dict[str, str]:
    """The list's alphabetic names (lower case) with a male or female majority → that gender."""
    return {name: gender for name, gender in listed_genders().items() if name.isalpha() and name.isascii()}


@lru_cache(maxsize=1)
def address_words() -> dict[str, str]:
    """Words of family address used as names ("Papa", "Mamma") → their gender."""
    return {str(k): str(v) for k, v in load_yaml("extract", "coref/data/address_words.yaml").items()}


@dataclass(frozen=True)
class SuffixModel:
    """Counts of male and female names per ending; the estimate backs off from short to long endings."""

    counts: dict[str, tuple[int, int]]

    @classmethod
    def fit(cls, names: Iterable[tuple[str, str]]) -> SuffixModel:
        counts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for name, gender in names:
            marked = "^" + name.lower()
            for length in range(1, min(SUFFIX_LENGTH, len(marked)) + 1):
                counts[marked[-length:]][gender == "female"] += 1
        return cls({k: (v[0], v[1]) for k, v in counts.items()})

    def female_probability(self, name: str) -> float:
        """Chance that ``name`` is a woman's: each longer ending seen often enough refines the estimate."""
        marked, p = "^" + name.lower(), 0.5
        for length in range(1, min(SUFFIX_LENGTH, len(marked)) + 1):
            male, female = self.counts.get(marked[-length:], (0, 0))
            if male + female < SUFFIX_MIN_NAMES:
                break
            p = (female + SUFFIX_PRIOR * p) / (male + female + SUFFIX_PRIOR)
        return p

    def guess(self, name: str) -> str:
        """'male'/'female' when the model is at least SUFFIX_CONFIDENCE sure, else ''."""
        p = self.female_probability(name)
        return "female" if p >= SUFFIX_CONFIDENCE else "male" if p <= 1 - SUFFIX_CONFIDENCE else ""


@lru_cache(maxsize=1)
def suffix_model() -> SuffixModel:
    """The suffix model over the whole name list (built on first use, about a second)."""
    return SuffixModel.fit(list_names().items())


def guessed_name_gender(first_name: str) -> str:
    """The list's gender for ``first_name``, else a confident guess from its spelling, else ''."""
    word = first_name.strip(".,'’")
    if not word.isalpha():
        return ""
    return name_gender(word) or (suffix_model().guess(word) if guessable(word) else "")


def guessable(word: str) -> bool:
    """Whether a word the list does not know looks enough like a given name for a suffix guess: four
    letters or more (in "God" the ending is the whole word) and no common noun of a thing or an animal
    ("Turkey", "Snake"; WordNet's first sense)."""
    from worldstate.extract.mentions.features import noun_classes

    classes = noun_classes().get(word.lower())
    return len(word) >= MIN_GUESS_LETTERS and (classes is None or classes[0] == "person")


def suffix_guesses(names: Iterable[Sequence[str]], titles: dict[str, str]) -> dict[str, str]:
    """For the name mentions of one document, each as its words ("Mr.", "Sherlock", "Holmes"): a suffix
    guess for every word that leads a name once its titles are dropped and that the list does not know,
    unless the story also uses it as a surname (the last of two or more name words, "Sherlock Holmes") or
    with a title ("Mr. Holmes", "Count Dracula": the title's gender is the evidence then)."""
    surnames: set[str] = set()
    leads: set[str] = set()
    for words in names:
        lows = [w.lower().rstrip(".") for w in words]
        bare = [w for w in lows if w not in titles]
        if not bare:
            continue
        leads.add(bare[0])
        if len(bare) >= 2:
            surnames.add(bare[-1])
        if len(bare) < len(lows):
            surnames.add(bare[0])
    out = {}
    for word in leads - surnames:
        if name_gender(word) or not word.isalpha():
            continue
        gender = address_words().get(word) or (suffix_model().guess(word) if guessable(word) else "")
        if gender:
            out[word] = gender
    return out


@dataclass(frozen=True)
class NameGenders:
    """The genders one document's name words have: from the list, the story's evidence, the full names a
    surname ends, a suffix guess (never for the name of an animal or a thing, :func:`thing_names`)."""

    evidence: dict[str, str]
    guesses: dict[str, str]
    surnames: dict[str, str] = field(default_factory=dict)
    things: frozenset[str] = frozenset()  # name words the story gives an animal or a thing ("the horse Falada")

    @classmethod
    def of_document(cls, doc: ParsedDoc, names: dict[int, Sequence[str]], titles: dict[str, str]) -> NameGenders:
        """``names``: head token → words of each name mention of ``doc``."""
        things = thing_names(doc, names, titles) if THING_NAMES else frozenset()
        first = cls(name_evidence(doc, names, titles), suffix_guesses(names.values(), titles), things=things)
        return cls(first.evidence, first.guesses, surname_genders(names.values(), titles, first), things)

    def gender(self, word: str, person: bool) -> str:
        """Gender of the name word ``word`` leading a mention; ``person``: the parser or the rule pass takes
        it for a person. The list decides first, then the story's evidence; for a person then the gender of
        the full names the word ends ("Oak" after "Gabriel Oak"), then a suffix guess; a name the story
        gives an animal or a thing gets neither of the last two."""
        low = word.strip(".,'’").lower()
        if person and (listed := name_gender(low)):
            return listed
        if low in self.evidence or not person or low in self.things:
            return self.evidence.get(low, "")
        return self.surnames.get(low, "") or self.guesses.get(low, "")


def _not_a_person(tok: Token) -> bool:
    """'it', or a common noun of an animal or a made thing ("horse", "donkey", "ship": WordNet's first
    sense, or its second after a sense of no kind), not a title ("queen" is first a bee in WordNet)."""
    from worldstate.extract.mentions.features import noun_classes
    from worldstate.resources.lexicon import lexicon

    if tok.low == "it":
        return True
    lemma = tok.lemma.lower()
    lex = lexicon()
    if tok.pos != "NOUN" or lemma in lex.titles or lemma in lex.kinship:
        return False
    classes = noun_classes().get(lemma) or noun_classes().get(tok.low) or []
    first = classes[0] if classes else ""
    second = classes[2] if len(classes) > 2 and first in ("other", "") else ""
    return first in THING_CLASSES or second in THING_CLASSES


def thing_names(doc: ParsedDoc, names: dict[int, Sequence[str]], titles: dict[str, str]) -> frozenset[str]:
    """Lead words of the names the story gives an animal or a thing: in apposition with such a noun ("the
    horse Falada", "Falada, the horse"), called so ("a horse called Falada", "it was called Falada"), or
    said to be one ("Falada was a horse"). ``names``: head token → words of each name mention."""
    out = set()
    for head, words in names.items():
        bare = [w.lower().rstrip(".") for w in words if w.lower().rstrip(".") not in titles]
        if bare and any(_not_a_person(t) for t in _named_as(doc, head)):
            out.add(bare[0])
    return frozenset(out)


def _named_as(doc: ParsedDoc, head: int) -> list[Token]:
    """The nouns (or 'it') a name mention with head ``head`` is put in apposition with, called, or said to be."""
    tok = doc.tokens[head]
    first = head
    while first > 0 and doc.tokens[first - 1].pos == "PROPN" and doc.tokens[first - 1].sent == tok.sent:
        first -= 1
    out = [t for t in doc.kids(head, "appos", "compound") if t.pos == "NOUN"]
    if tok.dep in ("appos", "compound") and tok.head != head:
        out.append(doc.tokens[tok.head])
    before = doc.tokens[first - 1] if first > 0 else None
    if before is not None and before.sent == tok.sent and before.head in (head, tok.head) and before.dep != "poss":
        out.append(before)  # "the horse Falada" (the parser may make both subjects)
    verb = doc.tokens[tok.head]
    if tok.dep in ("oprd", "attr", "xcomp") and verb.lemma in ("call", "name"):
        out += doc.kids(verb.i, "nsubjpass", "nsubj")  # "it was called Falada"
        if verb.dep == "acl":
            out.append(doc.tokens[verb.head])  # "a horse called Falada"
    if tok.dep == "nsubj" and verb.lemma == "be":
        out += doc.kids(verb.i, "attr")  # "Falada was a horse"
    return out


def surname_genders(names: Iterable[Sequence[str]], titles: dict[str, str], genders: NameGenders) -> dict[str, str]:
    """The last word of every name of two or more words ("Gabriel Oak", "Mrs. Rachel Lynde") → the gender of
    its full names (their title's, else their first word's), when all of them that have one agree (not
    "Cuthbert" of both "Matthew Cuthbert" and "Marilla Cuthbert")."""
    seen: dict[str, set[str]] = defaultdict(set)
    for words in names:
        lows = [w.lower().rstrip(".") for w in words]
        bare = [w for w in lows if w not in titles]
        if len(bare) < 2:
            continue
        title = next((titles[w] for w in lows if titles.get(w)), "")
        gender = title or genders.gender(bare[0], person=True)
        if gender:
            seen[bare[-1]].add(gender)
    return {word: next(iter(found)) for word, found in seen.items() if len(found) == 1}


def _clause_verb(doc: ParsedDoc, i: int) -> int:
    """The verb whose clause token ``i`` sits in, climbing only clause-internal links; -1 none."""
    for _ in range(5):
        tok = doc.tokens[i]
        if tok.dep not in CLAUSE_INTERNAL or tok.head == i:
            return -1
        i = tok.head
        if doc.tokens[i].pos in ("VERB", "AUX"):
            return i
    return -1


def _subject(doc: ParsedDoc, verb: int) -> int:
    """The subject of ``verb``, or of the verb it is conjoined to ("rose and shook her head"); -1 none."""
    for _ in range(2):
        subjects = doc.kids(verb, "nsubj", "nsubjpass")
        if subjects:
            return subjects[0].i
        tok = doc.tokens[verb]
        if tok.dep != "conj" or doc.tokens[tok.head].pos not in ("VERB", "AUX"):
            return -1
        verb = tok.head
    return -1


def name_evidence(doc: ParsedDoc, names: dict[int, Sequence[str]], titles: dict[str, str]) -> dict[str, str]:
    """Genders the story itself gives name words, in one pass: a gendered title with the name anywhere
    ("Miss Marilla", "Mrs. Rachel"), and a possessive or reflexive in the clause whose subject the name is
    ("Marilla shook her head", "Oak ... himself"). ``names``: head token → words of each name mention.
    A word gets a gender only when its evidence outweighs the other gender's EVIDENCE_RATIO times."""
    votes: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    lead: dict[int, str] = {}
    for head, words in names.items():
        lows = [w.lower().rstrip(".") for w in words]
        bare = [w for w in lows if w not in titles]
        if not bare:
            continue
        lead[head] = bare[0]
        title_gender = next((titles[w] for w in lows if titles.get(w)), "")
        if title_gender:
            votes[bare[0]][title_gender == "female"] += TITLE_VOTE
    for tok in doc.tokens:
        gender = CLAUSE_PRONOUNS.get(tok.low, "")
        if not gender or (tok.low == "her" and tok.dep != "poss"):
            continue
        verb = _clause_verb(doc, tok.i) if tok.dep != "dobj" else tok.head
        subject = _subject(doc, verb) if verb >= 0 else -1
        if subject in lead and doc.tokens[subject].in_quote == tok.in_quote:
            votes[lead[subject]][gender == "female"] += 1
    out = {}
    for word, (male, female) in votes.items():
        if male >= EVIDENCE_RATIO * female and male:
            out[word] = "male"
        elif female >= EVIDENCE_RATIO * male and female:
            out[word] = "female"
    return out
