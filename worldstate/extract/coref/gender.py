"""Gender of a first name, from a name list (gender-guesser)."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _gender_detector():
    import gender_guesser.detector as gd

    return gd.Detector(case_sensitive=False)


def name_gender(first_name: str) -> str:
    """'male'/'female' from a first-name list (gender-guesser), '' when unknown or ambiguous."""
    guess = _gender_detector().get_gender(first_name.strip(".,'’"))
    return {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}.get(guess, "")
