"""The state-questions benchmark (``../shared/data/state_qa``): what holds just after an anchored sentence.

One item per story: the story text and its questions (never their answers). The predictor analyses the
story once and answers every question from the World's timelines and knowledge, each answer with the
evidence span it rests on; the scorer applies the data README's protocol:

- location: the latest place state of the entity; right if an accepted phrase (less a leading
  in/at/the/a) is in it, or ends in the same head word;
- holds: the latest holder of an object whose name's head word matches the entity's, else (none does) of
  one whose head word names a kind of it by WordNet ("the goblet" for "the cup"; ``nobody`` when
  none); right if an accepted name matches one of the holder's names;
- alive: the latest told alive/dead state, alive when none;
- knows: true if the character knows a fact drawn from the ``fact`` sentence by then;
- relation: a relation state of the asked kind whose other party matches ``other``; counts: the latest
  count of ``count_noun``.

A question about an entity the engine cannot find, or one that fails, is wrong, never skipped.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldstate.bench.items import Item, count_words
from worldstate.bench.jsonio import read_lines_tolerant
from worldstate.data import load_yaml
from worldstate.errors import InputError

if TYPE_CHECKING:
    from worldstate.analysis import World
    from worldstate.state.timeline import StateInterval

KINDS = ("location", "holds", "alive", "knows", "relation")
# what the predictor may see of a question (the answer, accept list, evidence and note are gold)
QUESTION_INPUTS = ("qid", "kind", "entity", "entity_aliases", "anchor", "question", "fact", "other", "count_noun")
_LEADING = re.compile(r"^(?:(?:in|at|on|inside|into|the|a|an|his|her|their|its)\s+)+", re.I)


# -- loading ----------------------------------------------------------------------------------------------
def load_state_questions(data: Path) -> list[Item]:
    """One item per story of ``data`` (the state_qa folder, or its questions.jsonl), in the file's order."""
    folder = data if data.is_dir() else data.parent
    stories_path, questions_path = folder / "stories.jsonl", folder / "questions.jsonl"
    for path in (stories_path, questions_path):
        if not path.is_file():
            raise InputError(str(path), "missing (a state_qa folder holds stories.jsonl and questions.jsonl)")
    stories = {str(s["story_id"]): s for s in _records(stories_path, ("story_id", "text"))}
    by_story: dict[str, list[dict[str, Any]]] = {}
    for q in _records(questions_path, ("qid", "story_id", "kind", "entity", "anchor", "answer")):
        story = stories.get(str(q["story_id"]))
        if story is None:
            raise InputError(str(questions_path), f"question {q['qid']}: no story {q['story_id']!r} in stories.jsonl")
        if q["kind"] not in KINDS:
            raise InputError(str(questions_path), f"question {q['qid']}: unknown kind {q['kind']!r}")
        for key in ("anchor", "fact"):
            if q.get(key) and find_phrase(str(story["text"]), str(q[key])) is None:
                raise InputError(
                    str(questions_path), f"question {q['qid']}: its {key} {q[key]!r} is not in story {q['story_id']}"
                )
        by_story.setdefault(str(q["story_id"]), []).append(q)
    items = []
    for story_id, story in stories.items():
        questions = by_story.get(story_id, [])
        if not questions:
            continue
        text = str(story["text"])
        items.append(
            Item(
                id=story_id,
                inputs={"story": text, "questions": [{k: q[k] for k in QUESTION_INPUTS if k in q} for q in questions]},
                gold={"questions": {str(q["qid"]): q for q in questions}},
                words=count_words(text),
                split=str(story.get("split", "")),
            )
        )
    return items


def _records(path: Path, required: tuple[str, ...]) -> list[dict[str, Any]]:
    records = read_lines_tolerant(path)
    for n, record in enumerate(records, 1):
        missing = [k for k in required if k not in record]
        if missing:
            raise InputError(f"{path}:{n}", f"missing {', '.join(missing)}")
    return records


def find_phrase(text: str, phrase: str) -> tuple[int, int] | None:
    """(start, end) of ``phrase`` in ``text``: verbatim, else with whitespace runs and curly quotes evened out."""
    at = text.find(phrase)
    if at != -1:
        return at, at + len(phrase)
    words = [re.escape(w) for w in _plain_quotes(phrase).split()]
    if not words:
        return None
    quotes = {"'": "['‘’]", '"': '["“”]'}
    pattern = r"\s+".join("".join(quotes.get(ch, ch) for ch in re.sub(r"\\(['\"])", r"\1", w)) for w in words)
    found = re.search(pattern, text)
    return (found.start(), found.end()) if found else None


def _plain_quotes(text: str) -> str:
    return text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')


# -- predicting -------------------------------------------------------------------------------------------
def predict_state_questions(item: Item, settings: Any, context: Any = None) -> dict[str, Any]:
    """Every question of the item answered from one analysis of its story."""
    from worldstate.analysis import analyze

    world = analyze(item.inputs["story"], settings, source=item.id)
    answers = []
    for q in item.inputs["questions"]:
        try:
            answers.append(answer_question(world, q))
        except Exception as exc:  # one question's failure is its own wrong answer, never the story's
            answers.append({"qid": q["qid"], "kind": q["kind"], "error": f"{type(exc).__name__}: {exc}"})
    return {"answers": answers}


def answer_question(world: World, q: dict[str, Any]) -> dict[str, Any]:
    """One question's answer: the entities found, the answer, and the evidence it rests on."""
    k = sentence_of(world, str(q["anchor"]))
    names = [str(q["entity"]), *(str(a) for a in q.get("entity_aliases") or [])]
    ids = question_entities(world, names)
    out: dict[str, Any] = {"qid": q["qid"], "kind": q["kind"], "sentence": k, "entities": ids}
    kind = q["kind"]
    if kind == "holds":
        out.update(_holder(world, k, names, ids))
        return out
    if kind == "location":
        out.update(_location(world, k, ids, names))
        return out
    if not ids:
        out["answer"] = None
        out["not_found"] = True
        return out
    if kind == "alive":
        out.update(_alive(world, k, ids))
    elif kind == "knows":
        out.update(_knows(world, k, ids, str(q.get("fact", ""))))
    elif kind == "relation" and q.get("count_noun"):
        out.update(_count(world, k, ids, str(q["count_noun"]), names, str(q.get("other") or "")))
    elif kind == "relation":
        out.update(_relations_to(world, k, ids, names[1:], str(q.get("other") or "")))
    return out


def question_entities(world: World, names: list[str]) -> list[str]:
    """The entities a question asks about, from its name and aliases (each also tried without a leading
    article), each looked up with :func:`worldstate.query.entities.find_named`; the best finding wins:
    a name of theirs that is the question's own name, then a possessor's evidence ("Laotsze's servant":
    the servant_of Laotsze), then a name of theirs that is an alias, then a name holding one, then a
    shared head noun, then a kind of it; among equals the question's name before its aliases."""
    from worldstate.query.entities import find_named

    variants: list[tuple[str, bool]] = []  # (name, is the question's own name)
    for n, name in enumerate(names):
        for form in (name.strip(), _LEADING.sub("", name.strip())):
            if form and form.lower() not in [v.lower() for v, _ in variants]:
                variants.append((form, n == 0))
    best: tuple[int, int] | None = None
    ids: list[str] = []
    for order, (variant, own) in enumerate(variants):
        found = find_named(world, variant)
        if not found.ids:
            continue
        key = (_STRENGTH.get(("own" if own else "alias", found.how), _STRENGTH.get(("any", found.how), 9)), order)
        if best is None or key < best:
            best, ids = key, found.ids
    return ids


# how strongly a finding names the asked entity (lower is stronger): see question_entities
_STRENGTH = {
    ("own", "exact"): 0,
    ("any", "narrator"): 0,
    ("any", "related"): 1,
    ("any", "possessor"): 1,
    ("alias", "exact"): 2,
    ("any", "named"): 3,
    ("any", "role"): 3,
    ("any", "head"): 4,
    ("any", "kind"): 5,
}


def sentence_of(world: World, phrase: str) -> int:
    """The sentence (0-based) that holds the end of ``phrase`` in the analysed text."""
    span = find_phrase(world.text, phrase)
    if span is None:
        raise LookupError(f"{phrase!r} is not in the analysed text")
    end = span[1] - 1
    return next((k for k, s in enumerate(world.spans) if s.start <= end < s.end), len(world.spans) - 1)


def _evidence(world: World, state: StateInterval) -> dict[str, Any]:
    span = state.evidence
    return {
        "since": state.start,
        "span": [span.start, span.end],
        "quote": world.text[span.start : span.end],
        "modality": state.modality.value,
        **({"inferred": state.inferred} if state.inferred else {}),
    }


def _head(text: str) -> str:
    """The head word of a name: its last word, less a possessive ('Cassim's body' → body)."""
    words = re.findall(r"[\w-]+", _plain_quotes(text).lower().replace("'s ", " "))
    return words[-1] if words else ""


def _same_word(a: str, b: str) -> bool:
    """Equal, or equal less a plural ending ('scales' / 'scale')."""
    if not a or not b:
        return False
    return a == b or a.rstrip("s") == b.rstrip("s") or a.removesuffix("es") == b.removesuffix("es")


def _names_of(world: World, entity: str) -> list[str]:
    try:
        ent = world.state.entity(entity)
    except KeyError:
        return [entity]
    return [ent.name, *ent.aliases]


def _factual_at(world: World, k: int, predicate: str) -> list[StateInterval]:
    return [s for s in world.timeline.at(k) if s.predicate.value == predicate and s.modality.factual]


def _location(world: World, k: int, ids: list[str], names: list[str]) -> dict[str, Any]:
    places = [cs.location for cs in _states(world, k, ids) if cs.location is not None]
    if not places:  # a thing coreference did not make an entity: its literal subject in the timeline
        heads = {_head(n) for n in names}
        places = [s for s in _factual_at(world, k, "location") if any(_same_word(_head(s.subject), h) for h in heads)]
    if not places:
        return {"answer": None, "not_found": not ids}
    loc = max(places, key=lambda s: (s.start, s.evidence.start))
    return {"answer": f"{loc.value_text or loc.value}".strip(), "place": loc.value, "evidence": _evidence(world, loc)}


def _states(world: World, k: int, ids: list[str]) -> list[Any]:
    from worldstate.query import states_of

    return states_of(world, ids, k, knowledge=False)


def _holder(world: World, k: int, names: list[str], ids: list[str]) -> dict[str, Any]:
    from worldstate.extract.timeline.kinds import is_kind_of
    from worldstate.query.fallback import fallback_holder
    from worldstate.query.names import parse_name

    heads = {_head(n) for n in names} | {parse_name(n).head for n in names} - {""}  # "the golden star of tinsel"
    facts = _factual_at(world, k, "holds")
    held = [s for s in facts if any(_same_word(h, w) for h in heads for w in _object_heads(world, s))]
    if not held:  # the story's word names a kind of the asked thing (WordNet): "the goblet" for "the cup"
        held = [s for s in facts if any(is_kind_of(w, h) for h in heads for w in _object_heads(world, s))]
    if not held and not _ever_held(world, k, heads, ids):  # no holder ever told: the last clause's (fallback)
        inferred = fallback_holder(world, set(ids), heads, k)
        held = [inferred] if inferred is not None else []
    if not held:
        return {"answer": "nobody", "holder": None}
    state = max(held, key=lambda s: (s.start, s.evidence.start))
    if not state.subject:
        return {"answer": "nobody", "holder": None, "evidence": _evidence(world, state)}
    holder_names = _names_of(world, state.subject)
    return {
        "answer": holder_names[0],
        "holder": state.subject,
        "names": holder_names,
        "evidence": _evidence(world, state),
    }


def _ever_held(world: World, k: int, heads: set[str], ids: list[str]) -> bool:
    """Whether the timeline told a holder of the thing (an entity of ``ids`` or an object of one of the head
    words ``heads``) by sentence ``k``, even one whose holding has ended since."""
    return any(
        s.predicate.value == "holds"
        and s.modality.factual
        and s.start <= k
        and (s.value in ids or any(_same_word(h, w) for h in heads for w in _object_heads(world, s)))
        for s in world.timeline.states
    )


def _object_heads(world: World, state: StateInterval) -> set[str]:
    """The head words of the names of what a HOLDS state holds: its text ("it" resolved stays "it"), its
    value, and, when the value is an entity, that entity's name and aliases."""
    names = [state.value_text or "", state.value]
    if state.value in {e.id for e in world.state.entities}:
        names += _names_of(world, state.value)
    return {_head(n) for n in names if n} | {state.value.lower()}


def _alive(world: World, k: int, ids: list[str]) -> dict[str, Any]:
    told = [cs.alive_told for cs in _states(world, k, ids) if cs.alive_told is not None]
    if not told:
        return {"answer": "yes", "told": False}
    state = max(told, key=lambda s: (s.start, s.evidence.start))
    return {"answer": "yes" if state.value == "true" else "no", "told": True, "evidence": _evidence(world, state)}


def _knows(world: World, k: int, ids: list[str], fact: str) -> dict[str, Any]:
    from worldstate.query import knows

    fact_sentence = sentence_of(world, fact)
    for eid in ids:
        for known in knows(world, eid, k):
            if known.sentence == fact_sentence:
                span = known.evidence or world.spans[known.sentence]
                return {
                    "answer": "yes",
                    "fact_sentence": fact_sentence,
                    "evidence": {
                        "since": known.since,
                        "channel": known.channel,
                        "source": known.source,
                        "span": [span.start, span.end],
                        "quote": world.text[span.start : span.end],
                    },
                }
    return {"answer": "no", "fact_sentence": fact_sentence}


def _relations_to(world: World, k: int, ids: list[str], aliases: list[str], other: str) -> dict[str, Any]:
    """The asked entity's relations at ``k``; when none is to the question's other party, also those of
    the relative a pronoun kin alias names ("his daughter": :mod:`worldstate.query.kin_alias`)."""
    from worldstate.query.kin_alias import kin_alias_entities

    found = _relations(world, k, ids)
    parties = set(question_entities(world, [re.sub(r"\(.*?\)", " ", other).strip()])) if other else set()
    if not parties or any(r["other"] in parties for r in found["answer"]):
        return found
    kin = [i for i in kin_alias_entities(world, aliases, other) if i not in ids]
    return {**_relations(world, k, ids + kin), "kin_alias": kin} if kin else found


def _relations(world: World, k: int, ids: list[str]) -> dict[str, Any]:
    found = []
    for cs in _states(world, k, ids):
        for s in cs.relations:
            key, _, other = s.value.partition("=")
            found.append(
                {"relation": key, "other": other, "other_names": _names_of(world, other), **_evidence(world, s)}
            )
    return {"answer": found}


def _count(world: World, k: int, ids: list[str], noun: str, names: list[str], other: str) -> dict[str, Any]:
    """The latest count of ``noun`` (:mod:`worldstate.extract.timeline.tally`): the asked entity's own
    before the story's; among several, the one whose key shares most words with ``other`` (what is
    counted: "gifts from Grethel", "dresses promised"). A member asked about its own group counts the
    others ("how many thieves has the head thief": not himself). Without a count, the number of things
    of the noun the entity (or its group's members) holds then."""
    from worldstate.extract.timeline.tally import STORY
    from worldstate.query.deeds import asked_deeds, lemmas_with

    factual = asked_deeds(_factual_at(world, k, "count"), other, lemmas_with(world.nlp))  # deeds the words name
    counts = [s for s in factual if _same_word(s.key.split(" ")[0].lower(), noun.lower())]
    if not counts:
        return _kinds_counted(world, factual, ids, noun, other) or _held(world, k, ids, noun, other)
    own = [s for s in counts if s.subject in ids] or [s for s in counts if s.subject == STORY] or counts
    state = max(own, key=lambda s: (_shared_words(s.key, other), s.start, s.evidence.start))
    n = int(float(state.value.split("=", 1)[1]))
    if state.subject == STORY and any(_same_word(_head(name), noun.lower()) for name in names):
        n = max(0, n - 1)
    return {"answer": str(n), "key": state.key, "evidence": _evidence(world, state)}


def _kinds_counted(
    world: World, factual: list[StateInterval], ids: list[str], noun: str, other: str
) -> dict[str, Any] | None:
    """The sum of the counts of the kinds of ``noun`` (WordNet: a needle and a knife are two implements),
    over the counts of one party told the same way ('needle given by grethel', 'knife given by grethel')."""
    from worldstate.extract.timeline.kinds import is_kind_of

    groups: dict[tuple[str, str], list[StateInterval]] = {}
    for s in factual:
        head, _, tail = s.key.partition(" ")
        if is_kind_of(head, noun):
            groups.setdefault((s.subject, tail), []).append(s)
    if not groups:
        return None
    subject, tail = max(groups, key=lambda g: (g[0] in ids, _shared_words(f"- {g[1]}", other), len(groups[g])))
    states = groups[(subject, tail)]
    n = sum(int(float(s.value.split("=", 1)[1])) for s in states)
    latest = max(states, key=lambda s: (s.start, s.evidence.start))
    return {"answer": str(n), "kinds": sorted(s.key for s in states), "evidence": _evidence(world, latest)}


def _shared_words(key: str, other: str) -> int:
    """How many words of a count's key after its noun ('gift given by grethel') are in ``other``."""
    wanted = re.findall(r"[a-z]+", _plain_quotes(other).lower())
    return sum(any(_same_word(w, o) for o in wanted) for w in re.findall(r"[a-z]+", key.lower())[1:])


def _held(world: World, k: int, ids: list[str], noun: str, other: str) -> dict[str, Any]:
    """How many things the entity (or its group's members) holds whose head word is the noun or one the
    question's ``other`` names ("tokens (letter and golden band)")."""
    from worldstate.extract.timeline.build import group_members
    from worldstate.extract.timeline.kinds import is_kind_of
    from worldstate.extract.timeline.tally import held_count

    members = group_members(world)
    owners = set(ids) | {m for i in ids for m in members.get(i, ())}
    wanted = {noun.lower(), *re.findall(r"[a-z]+", _plain_quotes(other).lower())}
    held = held_count(
        world.timeline,
        k,
        owners,
        lambda s: any(_same_word(h, w) or is_kind_of(h, noun) for h in _object_heads(world, s) for w in wanted),
    )
    if not held:
        return {"answer": None}
    state = max(held, key=lambda s: (s.start, s.evidence.start))
    return {"answer": str(len(held)), "held": [s.value for s in held], "evidence": _evidence(world, state)}


# -- scoring ----------------------------------------------------------------------------------------------
def relation_keys() -> dict[str, str]:
    """Relation word → the timeline's relation kind (``bench/data/state_questions.yaml``)."""
    return {str(k): str(v) for k, v in load_yaml("bench", "data/state_questions.yaml")["relation_words"].items()}


def is_right(question: dict[str, Any], answer: dict[str, Any] | None) -> bool:
    """The data README's protocol for one question (gold read here only)."""
    if not answer or answer.get("error") or answer.get("not_found"):
        return False
    kind, got = question["kind"], answer.get("answer")
    accepted = [str(a) for a in [question["answer"], *(question.get("accept") or [])]]
    if kind == "location":
        return got is not None and any(_place_matches(a, str(got)) for a in accepted)
    if kind == "holds":
        if str(question["answer"]).strip().lower() == "nobody":
            return got == "nobody"
        names = [str(n) for n in answer.get("names") or []]
        return got != "nobody" and any(_name_matches(a, n) for a in accepted for n in names)
    if kind in ("alive", "knows"):
        return str(got).lower() == str(question["answer"]).strip().lower()
    if question.get("count_noun"):
        return got is not None and _number(str(got)) is not None and _number(str(got)) in {_number(a) for a in accepted}
    wanted = relation_keys().get(str(question["answer"]).strip().lower())
    return bool(wanted) and any(
        r["relation"] == wanted and any(_party_matches(str(question.get("other", "")), n) for n in r["other_names"])
        for r in got or []
    )


def _bare(text: str) -> str:
    return _LEADING.sub("", re.sub(r"\s+", " ", _plain_quotes(text)).strip().lower()).strip(" .,;:")


def _place_matches(accepted: str, got: str) -> bool:
    want, have = _bare(accepted), _bare(got)
    return bool(want) and (want in have or _same_word(_head(want), _head(have)))


def _name_matches(accepted: str, name: str) -> bool:
    want, have = _bare(accepted), _bare(name)
    return bool(want) and bool(have) and re.search(rf"(?<![\w-]){re.escape(want)}(?![\w-])", have) is not None


def _party_matches(other: str, name: str) -> bool:
    """The other party's name is the question's ``other``, a whole-word part of it, or shares its head word."""
    plain = re.sub(r"\(.*?\)", " ", other)
    have = _bare(name)
    if not have or have in ("he", "she", "it", "they", "him", "her", "them", "i", "we", "you"):
        return False
    return _name_matches(have, other) or _same_word(_head(plain), _head(have))


def _number(text: str) -> int | None:
    digits = text.replace(",", "").strip()
    return int(digits) if digits.isdigit() else None


def score_state_questions(items: list[Item], preds: list[dict[str, Any] | None]) -> dict[str, float]:
    """``accuracy`` over every question, one ``accuracy_<kind>`` per kind and the split accuracies when a
    run mixes splits; a story that failed counts all its questions wrong."""
    right: dict[str, list[bool]] = {}
    for item, pred in zip(items, preds, strict=True):
        answers = {str(a.get("qid")): a for a in (pred or {}).get("answers", [])}
        for qid, question in item.gold["questions"].items():
            ok = is_right(question, answers.get(qid))
            for group in ("all", f"kind:{question['kind']}", f"split:{item.split}"):
                right.setdefault(group, []).append(ok)
    metrics = {"accuracy": _mean(right.get("all", [])), "questions": float(len(right.get("all", [])))}
    for kind in KINDS:
        if f"kind:{kind}" in right:
            metrics[f"accuracy_{kind}"] = _mean(right[f"kind:{kind}"])
    splits = sorted(g for g in right if g.startswith("split:") and g != "split:")
    if len(splits) > 1:
        for group in splits:
            metrics[f"accuracy_{group.removeprefix('split:')}"] = _mean(right[group])
    return metrics


def _mean(values: list[bool]) -> float:
    return sum(values) / len(values) if values else 0.0


def baselines_state_questions(items: list[Item]) -> dict[str, list[list[dict[str, Any] | None]]]:
    """The answers that need no story: everyone alive, nobody knows, nobody holds anything, no place, no relation."""
    trivial = {"alive": "yes", "knows": "no", "holds": "nobody", "location": None, "relation": None}
    draws = [
        {"answers": [{"qid": q["qid"], "answer": trivial[q["kind"]]} for q in item.inputs["questions"]]}
        for item in items
    ]
    return {"always alive, never knows, nobody holds": [draws]}
