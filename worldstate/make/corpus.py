"""Corpus readers: plain-text stories, FairyTaleQA section CSVs, Gutenberg collections split into tales."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from worldstate.errors import InputError
from worldstate.files import read_story_file

_GUTENBERG_START = re.compile(r"^\*\*\*\s*START OF (THIS|THE) PROJECT GUTENBERG.*$", re.M | re.I)
_GUTENBERG_END = re.compile(
    r"^(\*\*\*\s*END OF (THIS|THE) PROJECT GUTENBERG|End of (the )?Project Gutenberg).*$", re.M | re.I
)
_TITLE_LINE = re.compile(r"^[A-Z0-9][A-Za-z0-9 ,'’\-:;&\[\]().]{1,70}$")
_FRONT_MATTER = re.compile(r"^(contents|preface|preparer'?s note|produced by|translated by|by |illustrat|end of)", re.I)


@dataclass(frozen=True)
class SourceStory:
    """One story read from a corpus: an id unique within the run, its title, text and origin file."""

    id: str
    title: str
    text: str
    origin: str

    @property
    def words(self) -> int:
        return len(self.text.split())


def unwrap(text: str) -> str:
    """Join hard-wrapped lines inside paragraphs; paragraphs are separated by one blank line."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = [re.sub(r"\s*\n\s*", " ", p).strip() for p in re.split(r"\n[ \t]*\n", text)]
    return "\n\n".join(p for p in paragraphs if p)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "story"


def _title_case(text: str) -> str:
    return " ".join(w[:1].upper() + w[1:].lower() for w in text.split())


def read_fairytaleqa_csv(path: Path) -> SourceStory:
    """A FairyTaleQA ``section,text`` story file as one story (sections become paragraphs)."""
    raw = read_story_file(path)
    rows = list(csv.DictReader(io.StringIO(raw)))
    if not rows or "text" not in rows[0]:
        raise InputError(str(path), "CSV has no 'text' column (expected the FairyTaleQA section,text layout)")
    text = "\n\n".join(unwrap(r["text"] or "") for r in rows if (r.get("text") or "").strip())
    if not text.strip():
        raise InputError(str(path), "CSV has no story text")
    name = path.stem.removesuffix("-story")
    return SourceStory(id=_slug(name), title=_title_case(name.replace("-", " ")), text=text, origin=str(path))


def gutenberg_body(raw: str) -> str | None:
    """The text between the Gutenberg START and END markers, or None when there is no START marker."""
    start = _GUTENBERG_START.search(raw)
    if not start:
        return None
    end = _GUTENBERG_END.search(raw, start.end())
    return raw[start.end() : end.start() if end else len(raw)]


def _contents_titles(lines: list[str]) -> set[str]:
    """Titles listed in a CONTENTS block (upper-cased), empty when the book has none."""
    for i, line in enumerate(lines):
        if line.strip().upper().rstrip(":") == "CONTENTS":
            titles: set[str] = set()
            for entry in lines[i + 1 : i + 400]:
                if not entry.strip():
                    continue
                if not entry.startswith((" ", "\t")) and titles:
                    break
                titles.add(entry.strip().upper())
            return titles
    return set()


def _is_title(lines: list[str], i: int, contents: set[str]) -> bool:
    line = lines[i].strip()
    if not line or not _TITLE_LINE.match(line) or line.endswith((",", ";")) or _FRONT_MATTER.match(line):
        return False
    blank_before = i >= 2 and not lines[i - 1].strip() and not lines[i - 2].strip()
    blank_after = i + 1 < len(lines) and not lines[i + 1].strip()
    if not (blank_before and blank_after) or lines[i].startswith((" ", "\t")):
        return False
    if contents:
        return line.upper() in contents
    return not line.endswith(".") and len(line.split()) <= 10


def split_gutenberg(raw: str, origin: str) -> list[SourceStory]:
    """Split a Gutenberg collection into tales at title lines (CONTENTS entries when listed)."""
    body = gutenberg_body(raw)
    if body is None:
        raise InputError(origin, "no Project Gutenberg START marker")
    lines = body.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    contents = _contents_titles(lines)
    starts = [i for i in range(len(lines)) if _is_title(lines, i, contents)]
    tales: list[SourceStory] = []
    book = Path(origin).stem
    for n, first in enumerate(starts):
        last = starts[n + 1] if n + 1 < len(starts) else len(lines)
        text = unwrap("\n".join(lines[first + 1 : last]))
        if not text:
            continue
        title = lines[first].strip()
        tales.append(
            SourceStory(id=f"{book}-{n:03d}-{_slug(title)}", title=_title_case(title), text=text, origin=origin)
        )
    return tales


def read_text_file(path: Path) -> list[SourceStory]:
    """A plain story, or a Gutenberg collection (split into tales) when it has Gutenberg markers."""
    raw = read_story_file(path)
    if gutenberg_body(raw) is not None:
        return split_gutenberg(raw, str(path))
    return [SourceStory(id=_slug(path.stem), title=path.stem, text=unwrap(raw), origin=str(path))]


_STORY_COLUMNS = ("generated_story", "story", "text")


def read_parquet_stories(path: Path) -> list[SourceStory]:
    """Stories from a parquet table (ConStory ``stories.parquet``: ``id`` and ``generated_story``)."""
    import pandas as pd

    try:
        table = pd.read_parquet(path)
    except (OSError, ValueError) as exc:
        raise InputError(str(path), f"cannot read parquet: {exc}") from None
    column = next((c for c in _STORY_COLUMNS if c in table.columns), None)
    if column is None:
        raise InputError(str(path), f"parquet has none of the story columns {list(_STORY_COLUMNS)}")
    out = []
    for n, row in enumerate(table.to_dict("records")):
        text = row.get(column)
        if isinstance(text, str) and text.strip():
            ident = _slug(str(row.get("id", n)))
            out.append(SourceStory(id=f"{path.stem}-{ident}", title=ident, text=unwrap(text), origin=str(path)))
    return out


def read_corpus(path: str | Path, *, min_words: int = 0, max_words: int = 0) -> list[SourceStory]:
    """All stories under ``path`` (a .txt/.csv file or a folder of them), sorted by id, length-filtered."""
    p = Path(path)
    if not p.exists():
        raise InputError(str(p), "no such file or folder")
    files = story_files(p) if p.is_dir() else [p]
    if p.is_dir() and not files:
        raise InputError(str(p), "folder holds no .txt, .csv or .parquet story files")
    stories = [s for f in files for s in read_source(f)]
    return [s for s in unique_ids(stories) if s.words >= min_words and (not max_words or s.words <= max_words)]


STORY_SUFFIXES = (".txt", ".csv", ".parquet")


def story_files(folder: Path) -> list[Path]:
    """The story files under ``folder`` (.txt, .csv, .parquet; FairyTaleQA's ``story_meta.csv`` left out), sorted."""
    found = (f for f in folder.rglob("*") if f.suffix.lower() in STORY_SUFFIXES and f.name != "story_meta.csv")
    return sorted(found)


def read_source(path: Path) -> list[SourceStory]:
    """The stories of one file: a .txt story or Gutenberg collection, a FairyTaleQA .csv, a .parquet table."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return [] if path.name == "story_meta.csv" else [read_fairytaleqa_csv(path)]
    if suffix == ".parquet":
        return read_parquet_stories(path)
    if suffix == ".txt":
        return read_text_file(path)
    raise InputError(str(path), "expected a .txt story, a FairyTaleQA .csv file or a .parquet table of stories")


def unique_ids(stories: list[SourceStory]) -> list[SourceStory]:
    """The stories with repeated ids numbered (``id``, ``id-1``, ``id-2`` …)."""
    seen: dict[str, int] = {}
    unique: list[SourceStory] = []
    for s in stories:
        n = seen.get(s.id, 0)
        seen[s.id] = n + 1
        unique.append(s if n == 0 else SourceStory(f"{s.id}-{n}", s.title, s.text, s.origin))
    return unique
