"""How much state-question accuracy depends on the exact words a question names its entity with.

    python scripts/naming_robustness.py [--data DIR] [--split tune] [--json OUT]

Each story of the split is analysed once; every question is then asked again with its naming rewritten the
way another reader might write it, and scored with the benchmark's own protocol
(``bench/state_questions.answer_question`` and ``is_right``). The rewrites touch only the question's names
(``entity``, ``entity_aliases``, and for relation questions ``other``), never its answer:

- ``entity_only``: the entity's name alone, its aliases dropped;
- ``first_alias``: the first alias alone, as if the reader had called it that;
- ``no_article``: the name alone, less a leading "the"/"a"/"an";
- ``no_possessor``: the name alone, its possessor dropped ("Laotsze's servant" -> "the servant",
  "the servant of the guardian" -> "the servant");
- ``of_form``: the name alone, its possessive turned round ("Laotsze's servant" <-> "the servant of Laotsze");
- ``possessor_renamed``: the name alone, its possessor called by another pronoun-free name the story's
  questions give the same entity ("Laotsze's servant" -> "The Old Child's servant");
- ``other_of_form``: relation questions' ``other`` turned round the same way (it is scored with that wording).

For each rewrite the report gives the questions it changed, their accuracy as given and as rewritten, and the
loss, per kind. Gold fields (answer, accept) are read only by the scorer. Use it on the tune split: the check
split stays measure-only.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldstate.analysis import World, analyze
from worldstate.bench.items import Item
from worldstate.bench.state_questions import KINDS, answer_question, is_right, load_state_questions
from worldstate.config import Settings

Question = dict[str, Any]
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.I)
_POSSESSIVE = re.compile(r"^(?P<owner>.+?)\s?['’]s\s+(?P<thing>[^'’]+)$", re.I)
_OF = re.compile(r"^(?:(?:the|a|an)\s+)?(?P<thing>[\w\s-]+?)\s+of\s+(?P<owner>.+)$", re.I)
_PRONOUNS = re.compile(r"\b(?:his|her|its|their|my|our|your|thy|he|she|it|they|him|them|i|me|we|you)\b", re.I)


def alone(q: Question, name: str) -> Question:
    """``q`` naming its entity ``name`` only."""
    return {**q, "entity": name, "entity_aliases": []}


def possessor_split(name: str) -> tuple[str, str, str] | None:
    """(owner, thing, form) of "X's Y" (form "s") or "the Y of X" with Y a person or kin noun (form "of"),
    else None; a name with both ("the daughter of the guardian's servant") is left alone."""
    text = " ".join(name.split())
    if " of " in text and re.search(r"['’]s\b", text):
        return None
    found = _POSSESSIVE.match(text)
    if found:
        return found["owner"], found["thing"], "s"
    found = _OF.match(text)
    if found and not _PRONOUNS.search(found["owner"]) and _is_person_noun(found["thing"].split()[-1]):
        return found["owner"], found["thing"], "of"
    return None


def _is_person_noun(word: str) -> bool:
    from worldstate.resources.words import words

    w = word.lower()
    return any(form in words().relation_nouns or form in words().people for form in (w, w.removesuffix("s")))


def turned(name: str) -> str | None:
    """ "X's Y" as "the Y of X" and back; None when the name has no possessor."""
    parts = possessor_split(name)
    if parts is None:
        return None
    owner, thing, form = parts
    if form == "s":
        return f"the {_ARTICLE.sub('', thing)} of {owner}"
    return f"{owner}'s {_ARTICLE.sub('', thing)}"


def entity_only(q: Question, _names: list[list[str]]) -> Question | None:
    return alone(q, q["entity"]) if q.get("entity_aliases") else None


def first_alias(q: Question, _names: list[list[str]]) -> Question | None:
    aliases = q.get("entity_aliases") or []
    return alone(q, str(aliases[0])) if aliases else None


def no_article(q: Question, _names: list[list[str]]) -> Question | None:
    bare = _ARTICLE.sub("", str(q["entity"]))
    return alone(q, bare) if bare != q["entity"] else None


def no_possessor(q: Question, _names: list[list[str]]) -> Question | None:
    parts = possessor_split(str(q["entity"]))
    return alone(q, f"the {_ARTICLE.sub('', parts[1])}") if parts else None


def of_form(q: Question, _names: list[list[str]]) -> Question | None:
    other = turned(str(q["entity"]))
    return alone(q, other) if other else None


def possessor_renamed(q: Question, names: list[list[str]]) -> Question | None:
    """The possessor called by another name of a name group (one question's entity and aliases) holding it."""
    parts = possessor_split(str(q["entity"]))
    if parts is None:
        return None
    owner, thing, form = parts
    bare = _ARTICLE.sub("", owner).lower()
    own = [str(q["entity"]), *(str(a) for a in q.get("entity_aliases") or [])]
    for group in names:
        if group != own and any(_ARTICLE.sub("", n).lower() == bare for n in group):
            others = [n for n in group if _ARTICLE.sub("", n).lower() != bare and not _PRONOUNS.search(n)]
            others = [n for n in others if possessor_split(n) is None]
            if others:
                new = others[0]
                name = f"{new}'s {thing}" if form == "s" else f"the {_ARTICLE.sub('', thing)} of {new}"
                return alone(q, name)
    return None


def other_of_form(q: Question, _names: list[list[str]]) -> Question | None:
    if q["kind"] != "relation" or q.get("count_noun") or not q.get("other"):
        return None
    other = turned(re.sub(r"\s*\(.*?\)", "", str(q["other"])))
    return {**q, "other": other} if other else None


REWRITES: dict[str, Callable[[Question, list[list[str]]], Question | None]] = {
    "entity_only": entity_only,
    "first_alias": first_alias,
    "no_article": no_article,
    "no_possessor": no_possessor,
    "of_form": of_form,
    "possessor_renamed": possessor_renamed,
    "other_of_form": other_of_form,
}


def name_groups(item: Item) -> list[list[str]]:
    """Each question's entity with its aliases: the names the story's questions give one entity."""
    return [[str(q["entity"]), *(str(a) for a in q.get("entity_aliases") or [])] for q in item.inputs["questions"]]


def scored(world: World, gold: Question, asked: Question) -> bool:
    """The benchmark's verdict on ``asked`` (gold's answer, the asked question's names)."""
    try:
        answer = answer_question(world, asked)
    except Exception as exc:  # as the benchmark: a failure is a wrong answer
        answer = {"qid": asked["qid"], "error": f"{type(exc).__name__}: {exc}"}
    return is_right({**gold, "other": asked.get("other", gold.get("other"))}, answer)


def measure(items: list[Item], settings: Settings) -> dict[str, Any]:
    """{rewrite: {kind: [changed, right as given, right rewritten]}} plus the accuracy as given."""
    table: dict[str, dict[str, list[int]]] = {r: {k: [0, 0, 0] for k in KINDS} for r in REWRITES}
    given_right, total = 0, 0
    examples: dict[str, list[str]] = {r: [] for r in REWRITES}
    for item in items:
        world = analyze(item.inputs["story"], settings, source=item.id)
        groups = name_groups(item)
        for asked in item.inputs["questions"]:
            gold = item.gold["questions"][str(asked["qid"])]
            ok = scored(world, gold, asked)
            given_right += ok
            total += 1
            for rewrite, make in REWRITES.items():
                changed = make(asked, groups)
                if changed is None:
                    continue
                row = table[rewrite][asked["kind"]]
                still = scored(world, gold, changed)
                row[0] += 1
                row[1] += ok
                row[2] += still
                if ok and not still:
                    name = changed["other"] if rewrite == "other_of_form" else changed["entity"]
                    examples[rewrite].append(f"{asked['qid']} {name!r}")
    return {"questions": total, "accuracy_given": given_right / max(total, 1), "rewrites": table, "lost": examples}


def report(result: dict[str, Any]) -> str:
    lines = [f"{result['questions']} questions, accuracy as given {result['accuracy_given']:.3f}", ""]
    lines.append(f"{'rewrite':18} {'kind':9} {'changed':>7} {'given':>6} {'rewritten':>9} {'loss':>6}")
    for rewrite, kinds in result["rewrites"].items():
        rows = [("all", [sum(v[i] for v in kinds.values()) for i in range(3)]), *kinds.items()]
        for kind, (n, before, after) in rows:
            if n:
                loss = (before - after) / n
                lines.append(f"{rewrite:18} {kind:9} {n:7d} {before / n:6.3f} {after / n:9.3f} {loss:6.3f}")
        if result["lost"][rewrite]:
            lines.append(f"{'':18} lost: {', '.join(result['lost'][rewrite])}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path("/work/shared/data/state_qa"))
    parser.add_argument("--split", default="tune", help="the split to ask (default tune; check is measure-only)")
    parser.add_argument("--json", type=Path, help="also write the table as JSON here")
    args = parser.parse_args()
    items = [i for i in load_state_questions(args.data) if not args.split or i.split == args.split]
    result = measure(items, Settings.from_env())
    print(report(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
