"""Loaders for every benchmark in its official upstream format; each returns a list of :class:`Item`.

``--data`` may name the upstream file or the folder that holds it (see each loader's docstring).
"""

from __future__ import annotations

import ast
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldstate.bench.items import Item, count_words, natural_key
from worldstate.bench.metrics.textmatch import split_gold_lines, strip_html
from worldstate.bench.readers import (
    read_csv,
    read_csv_lines,
    read_json,
    read_jsonl,
    read_parquet,
    read_table,
    require_columns,
)
from worldstate.detect.answers import CONSTORY_COLUMNS
from worldstate.errors import InputError

TABLE_SUFFIXES = (".parquet", ".jsonl", ".json", ".csv")


class Loaded(list):
    """What a loader read: its items, plus ``left_out``, the records it left out and why.

    Each left-out record is ``{"id", "file", "line" (when known), "reason"}``; runs count and list them
    in metrics.json and report.md.
    """

    def __init__(self, items: Any = (), left_out: Any = ()) -> None:
        super().__init__(items)
        self.left_out: list[dict[str, Any]] = list(left_out)


def left_out_of(items: Any) -> list[dict[str, Any]]:
    """The records a loader left out (empty for a plain list)."""
    return list(getattr(items, "left_out", []))


def _files(path: Path, patterns: tuple[str, ...], what: str) -> list[Path]:
    """``path`` itself if a file, else the files in it matching any pattern (sorted naturally)."""
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise InputError(str(path), "no such file or folder")
    found = sorted({f for p in patterns for f in path.glob(p) if f.is_file()}, key=lambda f: natural_key(f.name))
    if not found:
        raise InputError(str(path), f"no {what} found (looked for {', '.join(patterns)})")
    return found


def _unique(items: list[Item], path: Path) -> list[Item]:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            raise InputError(str(path), f"duplicate item id {item.id!r}")
        seen.add(item.id)
    return items


def load_flawedfictions(path: Path) -> list[Item]:
    """Hugging Face export of ``kahuja/flawed-fictions`` (parquet, jsonl, json or csv; a file or a folder).

    Fields: story (HTML allowed), cont_error, cont_error_lines, contradicted_lines, example_id.
    """
    items = []
    for file in _files(path, tuple(f"*{s}" for s in TABLE_SUFFIXES), "FlawedFictions files"):
        rows = read_table(file)
        require_columns(file, rows, ["story", "cont_error"])
        for number, row in enumerate(rows):
            try:
                label = float(row["cont_error"]) >= 0.5
            except (TypeError, ValueError):
                raise InputError(
                    str(file), f"cont_error must be 1.0/0.0, got {row['cont_error']!r}", number + 1
                ) from None
            story = strip_html(str(row["story"]))
            item_id = str(row.get("example_id") or f"{file.stem}_{number}")
            gold_lines = split_gold_lines(row.get("cont_error_lines"))
            gold_contr = split_gold_lines(row.get("contradicted_lines"))
            gold = {"has_error": label, "error_lines": gold_lines, "contradicted_lines": gold_contr}
            items.append(Item(item_id, {"story": story}, gold, count_words(story)))
    return _unique(items, path)


def _act_dir(path: Path, sub: str) -> Path:
    """The ``sub`` folder of Act-on-Known's Data (given Data, its parent, or the folder itself)."""
    for candidate in (path, path / sub, path / "Data" / sub):
        if candidate.name == sub and candidate.is_dir():
            return candidate
    raise InputError(str(path), f"no Act-on-Known {sub}/ folder here (expected Data/{sub})")


def _read_object(file: Path, fields: list[str]) -> dict[str, Any]:
    data = read_json(file)
    if not isinstance(data, dict):
        raise InputError(str(file), "expected a JSON object")
    require_columns(file, [data], fields)
    return data


def load_knp(path: Path) -> list[Item]:
    """Act-on-Known ``Data/KNP/qa_N.json``. The two options are shuffled with a fixed seed per item."""
    folder = _act_dir(path, "KNP")
    fields = ["story", "character", "question", "answer_with_knowledge", "answer_without_knowledge"]
    items = []
    for file in _files(folder, ("qa_*.json",), "KNP qa_N.json files"):
        d = _read_object(file, fields)
        options = [str(d["answer_without_knowledge"]), str(d["answer_with_knowledge"])]
        order = [0, 1]
        random.Random(f"knp:{file.stem}").shuffle(order)
        inputs = {
            "story": d["story"],
            "question": d["question"],
            "options": [options[i] for i in order],
            "character": d["character"],
        }
        gold = {"correct": order.index(0), "implausible_knowledge": d.get("implausible_knowledge", "")}
        items.append(Item(file.stem, inputs, gold, count_words(d["story"])))
    return _unique(items, path)


def load_ikd(path: Path) -> list[Item]:
    """Act-on-Known ``Data/IKD/original/story_N.json`` (consistent) and ``errors/erroneous_story_N.json``."""
    folder = _act_dir(path, "IKD")
    items = []
    for file in _files(folder / "original", ("story_*.json",), "IKD original stories"):
        d = _read_object(file, ["story"])
        inputs = {"story": d["story"], "genre": d.get("genre", "")}
        items.append(Item(f"original/{file.stem}", inputs, {"label": 1, "error": ""}, count_words(d["story"])))
    for file in _files(folder / "errors", ("erroneous_story_*.json",), "IKD erroneous stories"):
        d = _read_object(file, ["story", "error"])
        inputs = {"story": d["story"], "genre": d.get("genre", "")}
        gold = {"label": 0, "error": d["error"], "character": d.get("character", "")}
        items.append(Item(f"errors/{file.stem}", inputs, gold, count_words(d["story"])))
    # pairs side by side (story_N, erroneous_story_N, ...) so that --limit keeps the two classes balanced
    items.sort(key=lambda i: (natural_key(i.id.rsplit("_", 1)[-1]), i.id))
    return _unique(items, path)


def _as_list(value: Any, file: Path, field: str, key: str) -> list[Any]:
    """A list field that may be stored as a list or as its Python/JSON text."""
    if isinstance(value, list):
        return value
    if isinstance(value, str):
        try:
            parsed = ast.literal_eval(value)
        except (ValueError, SyntaxError):
            parsed = None
        if isinstance(parsed, list):
            return parsed
    raise InputError(str(file), f"item {key}: field {field!r} must be a list of sentences")


def load_storysumm(path: Path) -> list[Item]:
    """StorySumm ``storysumm.json``: a dict keyed by id. Strict JSON: the stray ``", "`` of some upstream commits
    is reported with its line (see :mod:`worldstate.bench.readers`), never silently repaired."""
    file = _files(path, ("storysumm*.json",), "storysumm.json")[0]
    data = read_json(file)
    if not isinstance(data, dict):
        raise InputError(str(file), "expected a JSON object keyed by summary id")
    items = []
    for key, d in data.items():
        if not isinstance(d, dict):
            raise InputError(str(file), f"item {key}: expected an object")
        require_columns(file, [d], ["story", "summary", "label"])
        summary = [str(s) for s in _as_list(d["summary"], file, "summary", key)]
        gold = {
            "label": int(d["label"]),
            "difficulty": str(d.get("difficulty") or ""),
            "errors": d.get("errors"),
            "model": d.get("model", ""),
        }
        items.append(Item(str(key), {"story": d["story"], "summary": summary}, gold, count_words(d["story"])))
    return _unique(items, path)


def _model_from_name(file: Path, prefix: str) -> str:
    stem = file.stem
    return stem[len(prefix) :].lstrip("_-") if stem.startswith(prefix) else stem


def load_constory(path: Path) -> list[Item]:
    """ConStory-Bench: ``stories.parquet`` (id, prompt, model_name, generated_story) in a folder or as a file.

    Files named ``stories_<model>.parquet`` (without a model_name column) take the model from the name.
    Rows with an empty story (an upstream generation error) are left out, with the reason, in ``left_out``.
    """
    files = _files(path, ("stories*.parquet",), "ConStory stories parquet")
    items = []
    left_out = []
    for file in files:
        rows = read_parquet(file)
        require_columns(file, rows, ["id", "generated_story"])
        for number, row in enumerate(rows, start=1):
            model = str(row.get("model_name") or _model_from_name(file, "stories"))
            story = str(row["generated_story"] or "")
            if not story.strip():
                upstream = str(row.get("generation_error") or "").strip()
                reason = "empty story" + (f" (generation error: {upstream[:200]})" if upstream else "")
                left_out.append({"id": f"{model}/{row['id']}", "file": str(file), "line": number, "reason": reason})
                continue
            inputs = {"story": story, "prompt": row.get("prompt", ""), "model": model}
            gold = {"prompt_id": str(row["id"]), "model": model}
            items.append(Item(f"{model}/{row['id']}", inputs, gold, count_words(story)))
    return Loaded(_unique(items, path), left_out)


def _judge_failed(cell: str) -> bool:
    return cell.upper().startswith("ERROR")


def load_constory_judge(file: Path) -> list[dict[str, Any]]:
    """A judge's CSV (``evaluations/<model>.csv``): id, generated_story and the 19 JSON-array columns.

    A row where the judge failed (``ERROR: …`` where a JSON array belongs) is left out and listed, with
    its line, in the result's ``left_out``; any other cell that is not a JSON array is an InputError.
    """
    rows = read_csv_lines(file)
    require_columns(file, [row for _, row in rows], ["id", "generated_story", *CONSTORY_COLUMNS], row_offset=2)
    out = []
    left_out = []
    for number, row in rows:
        errors = {}
        failed = ""
        for col in CONSTORY_COLUMNS:
            cell = (row[col] or "").strip() or "[]"
            try:
                value = json.loads(cell)
            except json.JSONDecodeError as exc:
                if _judge_failed(cell):
                    failed = f"judge failed in column {col}: {' '.join(cell.split())[:120]}"
                    break
                raise InputError(str(file), f"column {col}: invalid JSON array ({exc.msg})", number) from None
            if not isinstance(value, list):
                raise InputError(str(file), f"column {col}: expected a JSON array", number)
            errors[col] = [e for e in value if isinstance(e, dict)]
        if failed:
            left_out.append({"id": str(row["id"]), "file": str(file), "line": number, "reason": failed})
            continue
        out.append({"id": str(row["id"]), "story": row["generated_story"], "errors": errors})
    return Loaded(out, left_out)


def load_story_cloze(path: Path) -> list[Item]:
    """Story Cloze Test CSV: InputStoryid, InputSentence1-4, RandomFifthSentenceQuiz1-2, AnswerRightEnding."""
    file = _files(path, ("*.csv",), "Story Cloze CSV")[0]
    rows = read_csv(file)
    cols = ["InputStoryid", *[f"InputSentence{i}" for i in range(1, 5)], "RandomFifthSentenceQuiz1"]
    require_columns(file, rows, [*cols, "RandomFifthSentenceQuiz2", "AnswerRightEnding"], row_offset=2)
    items = []
    for number, row in enumerate(rows, start=2):
        if row["AnswerRightEnding"] not in {"1", "2"}:
            raise InputError(str(file), f"AnswerRightEnding must be 1 or 2, got {row['AnswerRightEnding']!r}", number)
        context = [row[f"InputSentence{i}"] for i in range(1, 5)]
        endings = [row["RandomFifthSentenceQuiz1"], row["RandomFifthSentenceQuiz2"]]
        gold = {"label": int(row["AnswerRightEnding"]) - 1}
        items.append(
            Item(row["InputStoryid"], {"context": context, "endings": endings}, gold, count_words(" ".join(context)))
        )
    return _unique(items, path)


def _lot_rows(path: Path, fields: list[str]) -> tuple[Path, list[dict[str, Any]]]:
    file = _files(path, ("*.jsonl",), "LOT jsonl")[0]
    rows = read_jsonl(file)
    require_columns(file, rows, fields)
    return file, rows


def _lot_id(row: dict[str, Any], number: int) -> str:
    return str(row.get("id", f"{number:05d}"))


def load_lot_clozet(path: Path) -> list[Item]:
    """LOT ClozeT jsonl: story (with ``<mask>``), plot0, plot1, label "0"/"1"."""
    _, rows = _lot_rows(path, ["story", "plot0", "plot1", "label"])
    return [
        Item(
            _lot_id(r, i),
            {"story": r["story"], "candidates": [r["plot0"], r["plot1"]]},
            {"label": int(r["label"])},
            count_words(r["story"]),
        )
        for i, r in enumerate(rows)
    ]


def load_lot_senpos(path: Path, seed: int = 0) -> list[Item]:
    """LOT SenPos jsonl (story with ``[MASK]`` slots, sentence, label = 1-based slot). A file of plain stories
    (``story`` without ``sentence``, e.g. the OutGen data) yields *derived* SenPos items (see derive.py)."""
    from worldstate.bench.derive import derive_senpos

    file = _files(path, ("*.jsonl",), "LOT jsonl")[0]
    rows = read_jsonl(file)
    if "sentence" not in rows[0]:
        require_columns(file, rows, ["story"])
        rows = derive_senpos([str(r["story"]) for r in rows], seed=seed)
    require_columns(file, rows, ["story", "sentence", "label"])
    items = []
    for i, r in enumerate(rows):
        inputs = {"story": r["story"], "sentence": r["sentence"]}
        items.append(Item(_lot_id(r, i), inputs, {"label": int(r["label"]) - 1}, count_words(r["story"])))
    return _unique(items, path)


def load_lot_plotcom(path: Path, seed: int = 0) -> list[Item]:
    """LOT PlotCom jsonl (story with ``<MASK>``, plot). Plain stories yield *derived* items (see derive.py)."""
    from worldstate.bench.derive import derive_plotcom

    file = _files(path, ("*.jsonl",), "LOT jsonl")[0]
    rows = read_jsonl(file)
    if "plot" not in rows[0]:
        require_columns(file, rows, ["story"])
        rows = derive_plotcom([str(r["story"]) for r in rows], seed=seed)
    require_columns(file, rows, ["story", "plot"])
    return _unique(
        [
            Item(_lot_id(r, i), {"story": r["story"]}, {"plot": r["plot"]}, count_words(r["story"]))
            for i, r in enumerate(rows)
        ],
        path,
    )


def load_lot_outgen(path: Path) -> list[Item]:
    """LOT OutGen jsonl: (title,) outline (list of phrases), story."""
    file, rows = _lot_rows(path, ["outline", "story"])
    items = []
    for i, r in enumerate(rows):
        if not isinstance(r["outline"], list):
            raise InputError(str(file), "outline must be a list of phrases", i + 1)
        inputs = {"title": r.get("title", ""), "outline": [str(p) for p in r["outline"]]}
        items.append(Item(_lot_id(r, i), inputs, {"story": r["story"]}, count_words(r["story"])))
    return _unique(items, path)


LOADERS: dict[str, Callable[[Path], list[Item]]] = {
    "flawedfictions": load_flawedfictions,
    "ikd": load_ikd,
    "knp": load_knp,
    "storysumm": load_storysumm,
    "constory": load_constory,
    "story-cloze": load_story_cloze,
    "lot-clozet": load_lot_clozet,
    "lot-senpos": load_lot_senpos,
    "lot-plotcom": load_lot_plotcom,
    "lot-outgen": load_lot_outgen,
}
