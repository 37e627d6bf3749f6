"""LitBank (Bamman et al. 2019, 2020; Sims et al. 2019; CC BY 4.0): readers, loaders, predictors and scorers.

The layout is the upstream one (github dbamman/litbank): ``coref/brat`` (``*_brat.txt``: tokens split by
spaces, one sentence a line; ``*_brat.ann``: typed mentions and coreference labels), ``coref/conll``
(CoNLL-2012, coreference in the last column), ``entities/tsv`` (nested BIO, one layer a column),
``events/tsv`` (``token<TAB>EVENT|O``, a blank line between sentences) and ``quotations/tsv`` (``QUOTE`` and
``ATTRIB`` rows, speakers named by their coreference label). Every span here is a pair of token indices
``(first, last)``, inclusive, counted over the whole document (as in CoNLL files).

Predictors give the engine the ``*_brat.txt`` text unchanged (``Story`` normalisation keeps its offsets), and
map the character spans of its mentions, speeches and events back onto those tokens.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldstate.bench.items import Item, natural_key
from worldstate.errors import InputError

TokenSpan = tuple[int, int]  # first and last token, inclusive
TYPES = ("PER", "FAC", "GPE", "LOC", "VEH", "ORG")
_TYPE_LABEL = re.compile(r"^(PROP|NOM|PRON)_([A-Z]+)$")


# -- readers -------------------------------------------------------------------------------------------


def token_offsets(text: str) -> list[list[tuple[int, int]]]:
    """Character (start, end) of every token, one list per line (LitBank brat text: a sentence a line)."""
    lines, pos = [], 0
    for line in text.split("\n"):
        lines.append([(pos + m.start(), pos + m.end()) for m in re.finditer(r"\S+", line)])
        pos += len(line) + 1
    while lines and not lines[-1]:
        lines.pop()
    return lines


def flat(lines: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """All token offsets of a document in order."""
    return [t for line in lines for t in line]


def char_to_tokens(start: int, end: int, offsets: list[tuple[int, int]]) -> TokenSpan | None:
    """The tokens overlapping characters [start, end); None when none does."""
    starts = [s for s, _ in offsets]
    first = max(0, bisect.bisect_right(starts, start) - 1)
    if first < len(offsets) and offsets[first][1] <= start:
        first += 1
    last = bisect.bisect_left(starts, end) - 1
    if first >= len(offsets) or last < first:
        return None
    return first, last


def _clusters(closed: list[tuple[int, str, TokenSpan]]) -> list[set[TokenSpan]]:
    """Clusters in order of first opening; a span given to several clusters stays in the one whose bracket
    opened first (as the reference scorer reads its test cases A8 and A9)."""
    clusters: dict[str, set[TokenSpan]] = {}
    seen: set[TokenSpan] = set()
    for _, cid, span in sorted(closed):
        if span not in seen:
            seen.add(span)
            clusters.setdefault(cid, set()).add(span)
    return list(clusters.values())


def read_conll_coref(path: Path) -> dict[str, list[set[TokenSpan]]]:
    """Clusters per document (``#begin document`` name) of a CoNLL-2012 file; the last column holds
    ``(id``, ``id)``, ``(id)``, ``-`` or several joined by ``|``. Tokens are numbered across sentences."""
    docs: dict[str, list[set[TokenSpan]]] = {}
    closed: list[tuple[int, str, TokenSpan]] = []  # (opening order, cluster id, span)
    open_at: dict[str, list[tuple[int, int]]] = {}
    name, token, opened = None, 0, 0
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#begin document"):
            name, token, closed, open_at = line[len("#begin document") :].strip(), 0, [], {}
            continue
        if line.startswith("#end document"):
            if name is None:
                raise InputError(str(path), "#end document without #begin document", lineno)
            if any(open_at.values()):
                raise InputError(str(path), f"unclosed mention in {name}", lineno)
            docs[name] = _clusters(closed)
            name = None
            continue
        if not line.strip():
            continue
        if name is None:
            raise InputError(str(path), "token line outside a document", lineno)
        field = line.split()[-1]
        if field not in ("-", "_"):
            parts = re.findall(r"\(?[^()|]+\)?", field)
            if "".join(parts) != field.replace("|", ""):
                raise InputError(str(path), f"bad coreference field {field!r}", lineno)
            for part in parts:
                cid = part.strip("()")
                if not (part.startswith("(") or part.endswith(")")):
                    raise InputError(str(path), f"bad coreference field {field!r}", lineno)
                if part.startswith("("):
                    open_at.setdefault(cid, []).append((token, opened))
                    opened += 1
                if part.endswith(")"):
                    if not open_at.get(cid):
                        raise InputError(str(path), f"mention of {cid} closed before it opened", lineno)
                    start, order = open_at[cid].pop()
                    closed.append((order, cid, (start, token)))
        token += 1
    if name is not None:
        raise InputError(str(path), f"document {name} has no #end document")
    return docs


@dataclass(frozen=True)
class BratMention:
    label: str  # a type (PROP_PER …) or a coreference label (MARY_LENNOX-0)
    span: TokenSpan


def read_brat_ann(path: Path, offsets: list[tuple[int, int]]) -> list[BratMention]:
    """The ``T`` rows of a brat .ann (``T1<TAB>LABEL start end<TAB>text``) as token spans; other rows ignored."""
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.startswith("T"):
            continue
        fields = line.split("\t")
        parts = fields[1].split() if len(fields) >= 2 else []
        if len(parts) != 3 or not parts[1].isdigit() or not parts[2].isdigit():
            raise InputError(str(path), f"bad brat text-bound row {line[:60]!r}", lineno)
        span = char_to_tokens(int(parts[1]), int(parts[2]), offsets)
        if span is None:
            raise InputError(str(path), f"span {parts[1]}-{parts[2]} is outside the text", lineno)
        out.append(BratMention(parts[0], span))
    return out


def read_bio_tsv(path: Path) -> tuple[list[str], list[tuple[int, int, str]]]:
    """Tokens and (first, last, TYPE) spans of a nested-BIO tsv (token, then one BIO column per layer)."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    tokens = [r[0] for r in rows if r and r[0]]
    spans: set[tuple[int, int, str]] = set()
    layers = max((len(r) for r in rows), default=1) - 1
    for layer in range(1, layers + 1):
        i, current = 0, None
        for lineno, row in enumerate(rows, 1):
            if not row or not row[0]:
                continue  # sentence break: the token count goes on
            tag = row[layer].strip() if layer < len(row) else ""
            if current and not tag.startswith("I-"):
                spans.add(current)
                current = None
            if tag.startswith("B-"):
                current = (i, i, tag[2:])
            elif tag.startswith("I-"):
                if current is None or current[2] != tag[2:]:
                    raise InputError(str(path), f"{tag} does not continue a {tag[2:]} span", lineno)
                current = (current[0], i, current[2])
            elif tag not in ("", "O"):
                raise InputError(str(path), f"bad BIO tag {tag!r}", lineno)
            i += 1
        if current:
            spans.add(current)
    return tokens, sorted(spans)


def read_events_tsv(path: Path) -> tuple[list[str], list[int]]:
    """Tokens and the indices of the tokens tagged ``EVENT``."""
    tokens, events = [], []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) < 2 or fields[1] not in ("EVENT", "O"):
            raise InputError(str(path), f"expected token<TAB>EVENT|O, got {line[:60]!r}", lineno)
        if fields[1] == "EVENT":
            events.append(len(tokens))
        tokens.append(fields[0])
    return tokens, events


@dataclass(frozen=True)
class Quote:
    id: str
    span: TokenSpan
    speaker: str | None  # coreference label of the speaker


def read_quotes(path: Path, lines: list[list[tuple[int, int]]]) -> list[Quote]:
    """Quotes of a quotations .ann: ``QUOTE id s_sent s_tok e_sent e_tok text`` (end inclusive) and
    ``ATTRIB id label``; sentences are the lines of the matching text."""
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    spans: dict[str, TokenSpan] = {}
    speakers: dict[str, str] = {}
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fields = line.split("\t")
        try:
            if fields[0] == "QUOTE":
                s_sent, s_tok, e_sent, e_tok = (int(x) for x in fields[2:6])
                if e_sent >= len(lines) or e_tok >= len(lines[e_sent]) or s_tok >= len(lines[s_sent]):
                    raise ValueError("position outside the text")
                spans[fields[1]] = (starts[s_sent] + s_tok, starts[e_sent] + e_tok)
            elif fields[0] == "ATTRIB":
                speakers[fields[1]] = fields[2]
            elif line.strip():
                raise ValueError("not a QUOTE or ATTRIB row")
        except (ValueError, IndexError) as exc:
            raise InputError(str(path), f"bad quotation row ({exc}): {line[:60]!r}", lineno) from None
    return [Quote(q, span, speakers.get(q)) for q, span in spans.items()]


# -- loaders -------------------------------------------------------------------------------------------


def _root(data: Path) -> Path:
    if not (data / "coref" / "brat").is_dir():
        raise InputError(str(data), "not a LitBank folder (no coref/brat inside)")
    return data


def _documents(data: Path) -> list[tuple[str, Path]]:
    """(item id, brat text) of every document, ids without the ``_brat`` suffix."""
    texts = sorted((_root(data) / "coref" / "brat").glob("*_brat.txt"), key=lambda p: natural_key(p.name))
    if not texts:
        raise InputError(str(data / "coref" / "brat"), "no *_brat.txt files")
    return [(p.name[: -len("_brat.txt")], p) for p in texts]


def _item(doc_id: str, text: str, gold: dict[str, Any]) -> Item:
    return Item(id=doc_id, inputs={"text": text}, gold=gold, words=len(text.split()))


def _check_tokens(path: Path, got: list[str], offsets: list[tuple[int, int]], text: str) -> None:
    if len(got) != len(offsets):
        raise InputError(str(path), f"{len(got)} tokens, but the brat text has {len(offsets)}")


def _characters(ann: list[BratMention]) -> list[list[TokenSpan]]:
    """Gold characters: coreference labels with ≥5 mentions, most of them typed PER."""
    types = {m.span: _TYPE_LABEL.match(m.label).group(2) for m in ann if _TYPE_LABEL.match(m.label)}  # type: ignore[union-attr]
    by_label: dict[str, list[TokenSpan]] = {}
    for m in ann:
        if not _TYPE_LABEL.match(m.label):
            by_label.setdefault(m.label, []).append(m.span)
    out = []
    for spans in by_label.values():
        kinds = Counter(types.get(s) for s in spans)
        if len(set(spans)) >= 5 and kinds.most_common(1)[0][0] == "PER":
            out.append(sorted(set(spans)))
    return out


def load_coref(data: Path) -> list[Item]:
    """One item per document: gold clusters from ``coref/conll``, gold characters from ``coref/brat``."""
    items = []
    for doc_id, txt in _documents(data):
        text = txt.read_text(encoding="utf-8")
        offsets = flat(token_offsets(text))
        conll = data / "coref" / "conll" / f"{doc_id}_brat.conll"
        if not conll.is_file():
            raise InputError(str(conll), "missing (every coref/brat text needs its coref/conll file)")
        docs = read_conll_coref(conll)
        if len(docs) != 1:
            raise InputError(str(conll), f"expected one document, found {len(docs)}")
        clusters = next(iter(docs.values()))
        if any(e >= len(offsets) for c in clusters for _, e in c):
            raise InputError(str(conll), "mentions beyond the brat text's tokens")
        ann = read_brat_ann(txt.with_suffix(".ann"), offsets)
        gold = {"clusters": [sorted(c) for c in clusters], "characters": _characters(ann)}
        items.append(_item(doc_id, text, gold))
    return items


def load_entities(data: Path) -> list[Item]:
    """One item per document: nested (first, last, TYPE) spans from ``entities/tsv``."""
    return _tsv_items(data, "entities", read_bio_tsv, lambda spans: {"entities": [list(s) for s in spans]})


def load_events(data: Path) -> list[Item]:
    """One item per document: the indices of the realis event trigger tokens from ``events/tsv``."""
    return _tsv_items(data, "events", read_events_tsv, lambda events: {"events": events})


def _tsv_items(
    data: Path, layer: str, read: Callable[[Path], tuple[list[str], Any]], gold: Callable[[Any], dict[str, Any]]
) -> list[Item]:
    """One item per document: ``gold`` of what ``read`` finds in ``LAYER/tsv`` (tokens checked against the text)."""
    items = []
    for doc_id, txt in _documents(data):
        text = txt.read_text(encoding="utf-8")
        path = data / layer / "tsv" / f"{doc_id}_brat.tsv"
        if not path.is_file():
            raise InputError(str(path), "missing")
        tokens, labels = read(path)
        _check_tokens(path, tokens, flat(token_offsets(text)), text)
        items.append(_item(doc_id, text, gold(labels)))
    return items


def load_quotes(data: Path) -> list[Item]:
    """One item per document: quotes with speakers (``quotations/tsv``) and the gold coreference clusters by
    label (``coref/brat``), so a speaker can be matched through its mentions."""
    items = []
    for doc_id, txt in _documents(data):
        text = txt.read_text(encoding="utf-8")
        lines = token_offsets(text)
        path = data / "quotations" / "tsv" / f"{doc_id}_brat.ann"
        if not path.is_file():
            raise InputError(str(path), "missing")
        quotes = read_quotes(path, lines)
        ann = read_brat_ann(txt.with_suffix(".ann"), flat(lines))
        entities: dict[str, list[TokenSpan]] = {}
        for m in ann:
            if not _TYPE_LABEL.match(m.label):
                entities.setdefault(m.label, []).append(m.span)
        gold = {
            "quotes": [[q.span[0], q.span[1], q.speaker] for q in quotes],
            "entities": {k: sorted(set(v)) for k, v in entities.items()},
        }
        items.append(_item(doc_id, text, gold))
    return items


# -- predictors ----------------------------------------------------------------------------------------

_LOC = {"sea", "ocean", "river", "forest", "wood", "woods", "mountain", "mountains", "hill", "hills", "field",
        "fields", "moor", "moors", "valley", "lake", "island", "shore", "coast", "desert", "garden", "gardens",
        "world", "earth", "sky", "heaven", "heavens", "park", "meadow", "plain", "plains", "bay", "stream",
        "brook", "cliff", "cliffs", "beach", "water", "waters", "land", "jungle", "marsh", "air", "ground"}  # fmt: skip
_GPE = {"city", "town", "village", "county", "country", "kingdom", "parish", "state", "nation", "empire",
        "province", "capital", "colony", "republic", "borough", "england", "france", "london", "america",
        "india", "paris", "rome", "scotland", "ireland", "europe", "germany", "italy", "spain"}  # fmt: skip
_FAC = {"house", "room", "hall", "manor", "church", "castle", "street", "road", "door", "window", "kitchen",
        "chamber", "office", "building", "cottage", "inn", "school", "bridge", "garden", "tower", "palace",
        "abbey", "parlour", "parlor", "library", "stairs", "staircase", "passage", "corridor", "court",
        "yard", "cabin", "prison", "shop", "hotel", "farm", "mill", "gate", "bedroom", "nursery", "lane",
        "square", "place", "study", "hut", "barn", "stable", "chapel", "home", "apartment", "apartments",
        "bungalow", "veranda", "verandah", "wall", "walls", "floor", "deck", "lodge", "camp", "station"}  # fmt: skip
_VEH = {"carriage", "ship", "boat", "coach", "cart", "wagon", "waggon", "train", "vessel", "chaise", "cab",
        "barouche", "gig", "canoe", "raft", "schooner", "brig", "steamer", "car", "sledge", "sleigh"}  # fmt: skip
_ORG = {"government", "company", "army", "navy", "regiment", "society", "bank", "parliament", "church",
        "firm", "club", "committee", "council", "court"}  # fmt: skip


def _head(text: str) -> str:
    """The head word of a mention: the last word, or the word before ``of`` (``the county of Somerset``)."""
    words = [w for w in re.findall(r"[A-Za-z]+", text.lower())]
    if "of" in words[1:]:
        words = words[: words.index("of", 1)]
    return words[-1] if words else ""


def litbank_type(kind: str, text: str, proper: bool) -> str | None:
    """The LitBank type of an engine mention from its entity kind and head word (None: not a LitBank entity).
    Characters and groups are PER; places are LOC/GPE/FAC by head word (a proper name defaults to GPE, a
    common noun to FAC); objects count only when their head is a vehicle (VEH) or a facility (FAC); other
    names only when their head names an organisation (ORG)."""
    head = _head(text)
    if kind in ("character", "group"):
        return "PER"
    if kind == "place":
        for words, label in ((_FAC, "FAC"), (_LOC, "LOC"), (_GPE, "GPE")):
            if head in words:
                return label
        return "GPE" if proper else "FAC"
    if kind == "object":
        return "VEH" if head in _VEH else "FAC" if head in _FAC else None
    if kind == "other" and head in _ORG:
        return "ORG"
    return None


def analyse(item: Item, settings: Any) -> tuple[Any, list[tuple[int, int]]]:
    """The engine's world state of the item's text and the text's token offsets."""
    from worldstate.analysis import analyze

    text = item.inputs["text"]
    ws = analyze(text, settings, source=item.id).state
    if ws.story.text != text:  # normalisation moved characters: map spans back through source_offset
        raise ValueError("the story text was normalised; LitBank texts are expected to pass unchanged")
    return ws, flat(token_offsets(text))


def _typed_mentions(ws: Any, offsets: list[tuple[int, int]]) -> list[tuple[TokenSpan, str | None, str, str]]:
    """(token span, entity id, LitBank type or '', mention kind) of every engine mention that maps to tokens."""
    kinds = {e.id: str(e.kind) for e in ws.entities}
    out = []
    for m in ws.mentions:
        span = char_to_tokens(m.span.start, m.span.end, offsets)
        if span is None:
            continue
        kind = kinds.get(m.entity or "", "")
        typ = litbank_type(kind, m.text, str(m.kind) == "name") or ""
        out.append((span, m.entity, typ, str(m.kind)))
    return out


def predict_coref(item: Item, settings: Any, context: Any = None) -> dict[str, Any]:
    """Clusters of token spans: the engine's mentions whose entity has a LitBank type, grouped by entity;
    an unresolved pronoun is a singleton."""
    ws, offsets = analyse(item, settings)
    return coref_clusters(ws, offsets)


def coref_clusters(ws: Any, offsets: list[tuple[int, int]]) -> dict[str, Any]:
    """:func:`predict_coref`'s clusters from anything with ``entities`` and ``mentions`` (a WorldState)."""
    clusters: dict[str, set[TokenSpan]] = {}
    for span, entity, typ, kind in _typed_mentions(ws, offsets):
        if typ and entity:
            clusters.setdefault(entity, set()).add(span)
        elif entity is None and kind == "pronoun":
            clusters.setdefault(f"_{span}", set()).add(span)
    return {"clusters": [[list(s) for s in sorted(c)] for c in clusters.values()]}


def predict_entities(item: Item, settings: Any, context: Any = None) -> dict[str, Any]:
    """(first, last, TYPE) of every named or nominal engine mention with a category (``Mention.category``,
    from the learned mention detector; no pronouns, as LitBank's entity layer has none)."""
    ws, offsets = analyse(item, settings)
    found = set()
    for m in ws.mentions:
        span = char_to_tokens(m.span.start, m.span.end, offsets)
        if span is not None and m.category and str(m.kind) != "pronoun":
            found.add((span[0], span[1], m.category))
    return {"entities": [list(e) for e in sorted(found)]}


_IRREGULAR = {"be": {"is", "was", "were", "am", "are", "been", "being", "be", "'s", "'m", "'re"},
              "have": {"has", "had", "having", "have", "'ve", "'d"}, "do": {"did", "does", "done", "do"},
              "go": {"went", "gone", "goes", "go"}}  # fmt: skip


def _trigger(predicate: str, tokens: list[tuple[int, str]]) -> int | None:
    """The token of an event span that is its verb: an irregular form, else the longest prefix shared
    with the lemma (at least two letters)."""
    forms = _IRREGULAR.get(predicate, set())
    best, best_len = None, 1
    for i, word in tokens:
        low = word.lower()
        if low in forms:
            return i
        shared = len(_common_prefix(low, predicate))
        if shared > best_len:
            best, best_len = i, shared
    return best


def _common_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return a[:n]


def predict_events(item: Item, settings: Any, context: Any = None) -> dict[str, Any]:
    """Trigger token indices of the engine's realis events (LitBank marks realis events only); an event
    from a world state without trigger spans falls back to guessing its verb inside its span."""
    ws, offsets = analyse(item, settings)
    text = item.inputs["text"]
    found = set()
    for ev in ws.events:
        if not ev.realis or (ev.trigger is None and ev.negated):
            continue
        if ev.trigger is not None:
            span = char_to_tokens(ev.trigger.start, ev.trigger.end, offsets)
            if span is not None:
                found.add(span[0])
            continue
        span = char_to_tokens(ev.span.start, ev.span.end, offsets)
        if span is None:
            continue
        tokens = [(i, text[offsets[i][0] : offsets[i][1]]) for i in range(span[0], span[1] + 1)]
        trigger = _trigger(ev.predicate, tokens)
        if trigger is not None:
            found.add(trigger)
    return {"events": sorted(found)}


def predict_quotes(item: Item, settings: Any, context: Any = None) -> dict[str, Any]:
    """Quote token spans with the speaking entity's id, and each such entity's mention spans."""
    ws, offsets = analyse(item, settings)
    quotes = []
    for sp in ws.speeches:
        span = char_to_tokens(sp.span.start, sp.span.end, offsets)
        if span is not None:
            quotes.append([span[0], span[1], sp.speaker])
    speakers = {q[2] for q in quotes if q[2]}
    mentions: dict[str, set[TokenSpan]] = {}
    for m in ws.mentions:
        span = char_to_tokens(m.span.start, m.span.end, offsets)
        if m.entity in speakers and span is not None:
            mentions.setdefault(m.entity, set()).add(span)
    return {"quotes": quotes, "mentions": {k: [list(s) for s in sorted(v)] for k, v in mentions.items()}}


# -- scorers -------------------------------------------------------------------------------------------


def _spans(rows: Iterable[Iterable[int]]) -> set[TokenSpan]:
    return {(int(r[0]), int(r[1])) for r in rows}  # type: ignore[index]


def score_coref(items: list[Item], preds: list[dict[str, Any] | None]) -> dict[str, float]:
    """Coreference over the corpus (counts summed over documents, as the CoNLL scorer does): ``conll_f1``
    (mean of MUC, B³, CEAF-e F1), each metric's recall/precision/F1, LEA, exact-span ``mention_f1``, and:

    * ``clusters_per_character``: for gold characters (a coreference label with ≥5 mentions, most typed PER),
      the mean number of distinct predicted clusters holding one of its mentions (exact span), over the
      characters with at least one such mention (1.0 is ideal; higher means the character is split);
    * ``merged_documents``: the fraction of documents whose largest predicted cluster holds exact-span
      mentions of two or more gold characters.
    """
    from worldstate.bench.metrics.coref import corpus_scores

    docs, per_char, merged = [], [], 0
    for item, pred in zip(items, preds, strict=True):
        key = [frozenset(_spans(c)) for c in item.gold["clusters"]]
        response = [frozenset(_spans(c)) for c in (pred or {}).get("clusters", [])]
        docs.append((key, response))
        characters = [set(map(tuple, c)) for c in item.gold.get("characters", [])]
        for char in characters:
            holding = {i for i, c in enumerate(response) if c & char}
            if holding:
                per_char.append(len(holding))
        largest = max(response, key=len, default=frozenset())
        if sum(1 for char in characters if largest & char) >= 2:
            merged += 1
    scores = corpus_scores(docs)
    scores["clusters_per_character"] = sum(per_char) / len(per_char) if per_char else 0.0
    scores["merged_documents"] = merged / len(items) if items else 0.0
    return scores


def score_entities(items: list[Item], preds: list[dict[str, Any] | None]) -> dict[str, float]:
    """Exact span + type over nested entities (PER, FAC, GPE, LOC, VEH, ORG), micro-averaged over the
    corpus: ``precision``, ``recall``, ``f1``, and ``<type>_f1`` per type (``per_f1`` for PER)."""
    from worldstate.bench.metrics.spans import SpanCounts

    total = SpanCounts()
    by_type = {t: SpanCounts() for t in TYPES}
    for item, pred in zip(items, preds, strict=True):
        gold = {(int(s), int(e), str(t)) for s, e, t in item.gold["entities"]}
        guess = {(int(s), int(e), str(t)) for s, e, t in (pred or {}).get("entities", [])}
        total = total + SpanCounts.of(gold, guess)
        for t in TYPES:
            by_type[t] = by_type[t] + SpanCounts.of({g for g in gold if g[2] == t}, {g for g in guess if g[2] == t})
    out = total.as_dict()
    out.update({f"{t.lower()}_f1": c.f1 for t, c in by_type.items()})
    return out


def score_events(items: list[Item], preds: list[dict[str, Any] | None]) -> dict[str, float]:
    """Exact trigger-token precision, recall and F1 over the corpus."""
    from worldstate.bench.metrics.spans import SpanCounts

    total = SpanCounts()
    for item, pred in zip(items, preds, strict=True):
        total = total + SpanCounts.of(set(item.gold["events"]), {int(i) for i in (pred or {}).get("events", [])})
    return total.as_dict()


def _gold_entity_of(mentions: list[TokenSpan], gold_entities: dict[str, set[TokenSpan]]) -> str | None:
    """The gold label most of ``mentions`` belong to (exact spans; ties: the label of the earliest mention)."""
    votes: Counter[str] = Counter()
    first: dict[str, TokenSpan] = {}
    for span in sorted(mentions):
        for label, spans in gold_entities.items():
            if span in spans:
                votes[label] += 1
                first.setdefault(label, span)
    if not votes:
        return None
    return min(votes, key=lambda k: (-votes[k], first[k]))


def score_quotes(items: list[Item], preds: list[dict[str, Any] | None]) -> dict[str, float]:
    """Quotes over the corpus.

    * ``quote_precision/recall/f1``: predicted quote token spans equal to gold quote spans (exact, quote
      marks included, as LitBank's spans include them).
    * ``speaker_accuracy``: over gold quotes that have a speaker: the predicted quote with the same span (or
      else the one overlapping it most) has a speaker entity, and that entity's gold label is the gold
      speaker's. An entity's gold label is the coreference label that most of its mentions match exactly
      (ties: the earliest mention's). A missed quote or a missing speaker counts as wrong.
    """
    from worldstate.bench.metrics.spans import SpanCounts

    total = SpanCounts()
    right = attributed = 0
    for item, pred in zip(items, preds, strict=True):
        pred = pred or {}
        gold = [(int(s), int(e), sp) for s, e, sp in item.gold["quotes"]]
        guess = [(int(s), int(e), sp) for s, e, sp in pred.get("quotes", [])]
        total = total + SpanCounts.of({(s, e) for s, e, _ in gold}, {(s, e) for s, e, _ in guess})
        gold_entities = {k: set(_spans(v)) for k, v in item.gold["entities"].items()}
        label_of = {k: _gold_entity_of(sorted(_spans(v)), gold_entities) for k, v in pred.get("mentions", {}).items()}
        for s, e, speaker in gold:
            if not speaker:
                continue
            attributed += 1
            best = max(guess, key=lambda q: min(e, q[1]) - max(s, q[0]), default=None)
            if best is None or min(e, best[1]) < max(s, best[0]) or not best[2]:
                continue
            if label_of.get(best[2]) == speaker:
                right += 1
    out = {f"quote_{k}": v for k, v in total.as_dict().items()}
    out["speaker_accuracy"] = right / attributed if attributed else 0.0
    return out


def baselines_empty(items: list[Item]) -> dict[str, list[list[dict[str, Any] | None]]]:
    """The trivial baseline: predicting nothing (every score 0)."""
    return {"nothing": [[{} for _ in items]]}
