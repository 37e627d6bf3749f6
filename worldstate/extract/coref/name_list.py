"""gender-guesser's first-name list as one table (name → "male"/"female"), kept in the cache folder.

``gender_guesser.detector.Detector`` parses its 4 MB ``nam_dict.txt`` (61,000 names, a column per country) each
time it is made: most of a second of every start-up. Coreference asks it only for a name's overall answer
(``get_gender(name)``, no country), and uses only the male and female ones ("mostly_male" counts as male).
:func:`listed_genders` works those answers out once, writes them to
``<cache>/gender_guesser/names-<size>-<mtime>.json`` (named after the list file, so a new list makes a new
table) and reads that file afterwards. Without a writable cache folder the table is built in memory each time.
"""

from __future__ import annotations

import json
import os
import tempfile
from functools import lru_cache
from pathlib import Path

from worldstate.config import Settings

LIST_GENDERS = {"male": "male", "mostly_male": "male", "female": "female", "mostly_female": "female"}


@lru_cache(maxsize=1)
def listed_genders() -> dict[str, str]:
    """Every lower-case name of the list whose answer is (mostly) male or female → that gender, in list order."""
    source = _list_file()
    stat = source.stat()
    cached = Settings().cache_path / "gender_guesser" / f"names-{stat.st_size}-{stat.st_mtime_ns}.json"
    try:
        table = json.loads(cached.read_text(encoding="utf-8"))
        if isinstance(table, dict):
            return table
    except (OSError, ValueError):
        pass
    table = _from_detector()
    _write(cached, table)
    return table


def _list_file() -> Path:
    import gender_guesser

    return Path(gender_guesser.__file__).parent / "data" / "nam_dict.txt"


def _from_detector() -> dict[str, str]:
    """The table from gender-guesser itself (parses the whole list)."""
    import gender_guesser.detector as gd

    detector = gd.Detector(case_sensitive=False)
    answers = ((name, LIST_GENDERS.get(detector.get_gender(name), "")) for name in detector.names)
    return {name: gender for name, gender in answers if gender}


def _write(path: Path, table: dict[str, str]) -> None:
    """Write ``table`` to ``path`` whole or not at all (another process may read it meanwhile); a cache folder
    that cannot be written is left alone."""
    part = ""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False, suffix=".tmp") as out:
            part = out.name
            json.dump(table, out, ensure_ascii=False, separators=(",", ":"))
        os.replace(part, path)
    except OSError:
        if part:
            Path(part).unlink(missing_ok=True)
