"""A BookNLP-style export of an analysed story, so literary-NLP scripts written for BookNLP can read it.

Files (BookNLP 1.0's names and columns, tab-separated with a header row):

* ``NAME.tokens``: paragraph_ID, sentence_ID, token_ID_within_sentence, token_ID_within_document, word,
  lemma, byte_onset, byte_offset (character offsets in the story text, as BookNLP writes them), POS_tag,
  fine_POS_tag, dependency_relation, syntactic_head_ID (a document token id), event (EVENT or O);
* ``NAME.entities``: COREF (entity number), start_token, end_token (inclusive), prop (PROP/NOM/PRON),
  cat (PER/FAC/GPE/LOC/VEH/ORG), text;
* ``NAME.quotes``: quote_start, quote_end, mention_start, mention_end, mention_phrase, char_id, quote
  (a quote whose speaker is unknown has -1 for the mention and the char_id and an empty phrase);
* ``NAME.book``: JSON ``{"characters": [...]}``, one per character, most mentioned first, with BookNLP's
  ``id``, ``count``, ``mentions`` (``proper``/``common``/``pronoun`` lists of ``{"c": count, "n": text}``),
  ``g`` (referential gender), ``agent``/``patient`` (``{"w": verb, "i": token}``), ``mod`` and ``poss``
  (empty: not extracted), plus ``name`` and ``aliases``.
"""

from __future__ import annotations

import bisect
import json
from collections import Counter
from pathlib import Path
from typing import Any

from worldstate.extract.parsed import ParsedDoc
from worldstate.state import EntityKind, WorldState

SUFFIXES = (".tokens", ".entities", ".quotes", ".book")
TOKEN_COLUMNS = [
    "paragraph_ID",
    "sentence_ID",
    "token_ID_within_sentence",
    "token_ID_within_document",
    "word",
    "lemma",
    "byte_onset",
    "byte_offset",
    "POS_tag",
    "fine_POS_tag",
    "dependency_relation",
    "syntactic_head_ID",
    "event",
]
ENTITY_COLUMNS = ["COREF", "start_token", "end_token", "prop", "cat", "text"]
QUOTE_COLUMNS = ["quote_start", "quote_end", "mention_start", "mention_end", "mention_phrase", "char_id", "quote"]
_PROP = {"name": "PROP", "nominal": "NOM", "pronoun": "PRON"}
_GENDER = {"male": "he/him/his", "female": "she/her", "": None}


def _clean(text: str) -> str:
    return " ".join(text.split())


class BookNLPExport:
    """The four BookNLP files of one world state and its parse."""

    def __init__(self, ws: WorldState, doc: ParsedDoc) -> None:
        self.ws, self.doc = ws, doc
        self.tokens = [t for t in doc.tokens if t.text.strip()]
        self.index = {t.i: k for k, t in enumerate(self.tokens)}
        self.starts = [t.start for t in self.tokens]
        self.number = {e.id: n for n, e in enumerate(ws.entities)}
        self.by_mention = {m.id: m for m in ws.mentions}

    def token_span(self, start: int, end: int) -> tuple[int, int] | None:
        """First and last export token inside characters [start, end)."""
        first = bisect.bisect_left(self.starts, start)
        last = bisect.bisect_left(self.starts, end) - 1
        return (first, last) if first <= last else None

    def triggers(self) -> dict[int, str]:
        """Export token → predicate of every event's trigger (the span's token whose lemma is the predicate)."""
        out: dict[int, str] = {}
        for ev in self.ws.events:
            span = self.token_span(ev.span.start, ev.span.end)
            if span is None:
                continue
            heads = [k for k in range(span[0], span[1] + 1) if self.tokens[k].lemma == ev.predicate]
            out[heads[0] if heads else span[0]] = ev.predicate
        return out

    def tokens_tsv(self) -> str:
        story, events = self.ws.story, self.triggers()
        rows, sent, in_sent = ["\t".join(TOKEN_COLUMNS)], -1, 0
        for k, tok in enumerate(self.tokens):
            s = story.sentence_at(tok.start)
            in_sent = in_sent + 1 if s == sent else 0
            sent = s
            para = story.sentences[s].paragraph if story.sentences else 0
            head = self.index.get(tok.head, k)
            cells = [para, s, in_sent, k, tok.text, tok.lemma, tok.start, tok.end, tok.pos, tok.tag or tok.pos]
            cells += [tok.dep, head, "EVENT" if k in events else "O"]
            rows.append("\t".join(map(str, cells)))
        return "\n".join(rows) + "\n"

    def entities_tsv(self) -> str:
        from worldstate.bench.litbank import litbank_type

        kinds = {e.id: str(e.kind) for e in self.ws.entities}
        spare = len(self.ws.entities)
        rows = ["\t".join(ENTITY_COLUMNS)]
        for m in sorted(self.ws.mentions, key=lambda m: (m.span.start, -m.span.end)):
            span = self.token_span(m.span.start, m.span.end)
            cat = litbank_type(kinds.get(m.entity or "", "character"), m.text, str(m.kind) == "name")
            if span is None or cat is None:
                continue
            if m.entity is None:
                number, spare = spare, spare + 1  # an unresolved mention is its own entity
            else:
                number = self.number[m.entity]
            rows.append("\t".join(map(str, [number, span[0], span[1], _PROP[str(m.kind)], cat, _clean(m.text)])))
        return "\n".join(rows) + "\n"

    def speaker_mention(self, entity: str, start: int, end: int) -> Any:
        """The speaker's mention outside the quote nearest to it (None when it has none)."""
        best, best_dist = None, float("inf")
        for mid in self.ws.entity(entity).mentions:
            m = self.by_mention.get(mid)
            if m is None or (start <= m.span.start < end):
                continue
            dist = m.span.start - end if m.span.start >= end else (start - m.span.end) * 1.5
            if dist < best_dist:
                best, best_dist = m, dist
        return best

    def quotes_tsv(self) -> str:
        rows = ["\t".join(QUOTE_COLUMNS)]
        text = self.ws.story.text
        for sp in self.ws.speeches:
            span = self.token_span(sp.span.start, sp.span.end)
            if span is None:
                continue
            mention = self.speaker_mention(sp.speaker, sp.span.start, sp.span.end) if sp.speaker else None
            m_span = self.token_span(mention.span.start, mention.span.end) if mention else None
            cells: list[Any] = [span[0], span[1]]
            if mention is not None and m_span is not None and sp.speaker:
                cells += [m_span[0], m_span[1], _clean(mention.text), self.number[sp.speaker]]
            else:
                cells += [-1, -1, "", self.number[sp.speaker] if sp.speaker else -1]
            cells.append(_clean(text[sp.span.start : sp.span.end]))
            rows.append("\t".join(map(str, cells)))
        return "\n".join(rows) + "\n"

    def book(self) -> dict[str, Any]:
        agents: dict[str, list[dict[str, Any]]] = {}
        patients: dict[str, list[dict[str, Any]]] = {}
        events = {pred: k for k, pred in self.triggers().items()}
        for ev in self.ws.events:
            span = self.token_span(ev.span.start, ev.span.end)
            item = {"w": ev.predicate, "i": events.get(ev.predicate, span[0] if span else -1)}
            if ev.agent:
                agents.setdefault(ev.agent, []).append(item)
            if ev.patient:
                patients.setdefault(ev.patient, []).append(item)
        characters = []
        for ent in self.ws.entities:
            if ent.kind != EntityKind.CHARACTER:
                continue
            groups: dict[str, Counter[str]] = {"proper": Counter(), "common": Counter(), "pronoun": Counter()}
            for mid in ent.mentions:
                m = self.by_mention.get(mid)
                if m is not None:
                    key = {"name": "proper", "nominal": "common"}.get(str(m.kind), "pronoun")
                    groups[key][_clean(m.text)] += 1
            count = sum(sum(c.values()) for c in groups.values())
            gender = _GENDER.get(ent.gender)
            characters.append(
                {
                    "id": self.number[ent.id],
                    "name": ent.name,
                    "aliases": list(ent.aliases),
                    "count": count,
                    "mentions": {k: [{"c": c, "n": n} for n, c in v.most_common()] for k, v in groups.items()},
                    "g": {"argmax": gender} if gender else None,
                    "agent": agents.get(ent.id, []),
                    "patient": patients.get(ent.id, []),
                    "mod": [],
                    "poss": [],
                }
            )
        characters.sort(key=lambda c: (-c["count"], c["id"]))
        return {"characters": characters}

    def write(self, folder: str | Path, name: str) -> list[Path]:
        """Write ``NAME.tokens/.entities/.quotes/.book`` into ``folder`` (created if missing)."""
        from worldstate.files import atomic_write_text

        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        texts = [self.tokens_tsv(), self.entities_tsv(), self.quotes_tsv(), json.dumps(self.book(), indent=1)]
        paths = [out / f"{name}{suffix}" for suffix in SUFFIXES]
        for path, text in zip(paths, texts, strict=True):
            atomic_write_text(path, text)
        return paths


def write_booknlp(story: str, out: str | None, settings: Any) -> None:
    """``worldstate analyze STORY --format booknlp --out DIR``: analyse STORY and write its four files
    into DIR (named after the story file; ``story`` for standard input), echoing their paths."""
    import click

    from worldstate.analysis import analyze_file
    from worldstate.cli.render import progress
    from worldstate.files import check_output_dir

    if not out:
        raise click.UsageError("--format booknlp writes a folder of files: give it with --out DIR")
    check_output_dir(out)
    with progress() as step:
        step(f"reading and analysing {story}")
        world = analyze_file(story, settings)
    if world.parsed is None:
        raise click.UsageError("--format booknlp needs the parse layer (the English extractor)")
    name = "story" if story == "-" else Path(story).stem
    for path in BookNLPExport(world.state, world.parsed).write(out, name):
        click.echo(str(path))
