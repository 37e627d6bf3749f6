"""Gender of a first name: from a name list (gender-guesser), else from the name's spelling.

:func:`name_gender` asks the list only. :func:`guessed_name_gender` guesses a name the list does not
know from its final letters ("Marilla", "Ichabod"), with a suffix model learned on first use from the
list itself (nothing shipped). :func:`document_name_genders` decides, once per document, which gender
each name word of the story's name mentions has, and keeps suffix guesses off surnames ("Holmes").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

LIST_GENDERS = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}
SUFFIX_LENGTH = 6  # longest ending read ("^" marks the start of the name, so short names count whole)
SUFFIX_MIN_NAMES = 3  # an ending seen on fewer names of the list does not move the estimate
SUFFIX_PRIOR = 2.0  # weight of the shorter ending's estimate against a longer ending's counts
SUFFIX_CONFIDENCE = 0.9  # a guess is given only this sure (held-out: about 0.96 right on 0.59 of names)
# Titles that stand before a surname ("Mr. Holmes"); "Miss", "Aunt", "Sir", "Lady" often stand before a first name.
SURNAME_TITLES = frozenset(
    [
        "mr",
        "mister",
        "monsieur",
        "m",
        "mrs",
        "mistress",
        "ms",
        "madam",
        "madame",
        "mme",
        "dr",
        "doctor",
        "captain",
        "colonel",
        "general",
        "professor",
    ]
)


@lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gd

    return gd.Detector(case_sensitive=False)


def name_gender(first_name: str) -> str:
    """'male'/'female' from a first-name list (gender-guesser), '' when unknown or ambiguous."""
    guess = _gender_detector().get_gender(first_name.strip(".,'’"))
    return LIST_GENDERS.get(guess, "")


def list_names() -> dict[str, str]:
    """The list's alphabetic names (lower case) with a male or female majority → that gender."""
    detector = _gender_detector()
    out = {}
    for name in detector.names:
        gender = LIST_GENDERS.get(detector.get_gender(name), "")
        if gender and name.isalpha() and name.isascii():
            out[name] = gender
    return out


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
    return name_gender(word) or suffix_model().guess(word)


def document_name_genders(names: Sequence[Sequence[str]], titles: dict[str, str]) -> dict[str, str]:
    """For the name mentions of one document, each as its words ("Mr.", "Sherlock", "Holmes"): the gender
    of every name word (lower case) that leads a name once its titles are dropped. The list decides first;
    a word the list does not know gets a suffix guess unless the story also uses it as a surname (the last
    of two or more name words, "Sherlock Holmes", or the one word after a surname title, "Mr. Holmes")."""
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
        elif len(lows) >= 2 and lows[0] in SURNAME_TITLES:
            surnames.add(bare[0])
    out = {}
    for word in leads:
        gender = name_gender(word)
        if not gender and word not in surnames and word.isalpha():
            gender = suffix_model().guess(word)
        if gender:
            out[word] = gender
    return out
