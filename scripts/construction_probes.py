"""Score the construction probes: short hand-written stories, one construction of state each.

    python scripts/construction_probes.py [--set dev|measure] [--show bad|all]

``tests/data/construction_probes.jsonl`` holds 207 probes written by the developers, each asked the way the
state-questions benchmark asks (``bench/state_questions.answer_question`` and its scorer):

- ``dev`` (177): written while building the timeline readings, each batch before the fixes it led to, so
  they are in-sample for those fixes;
- ``measure`` (30): written in one go afterwards and never used to change code, a small "not tuned on"
  check of whether the readings carry over to constructions nobody fitted.

Prints one line per probe (``--show``) and the accuracy per set.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from worldstate.analysis import analyze
from worldstate.bench.state_questions import answer_question, is_right

PROBES = Path(__file__).resolve().parents[1] / "tests" / "data" / "construction_probes.jsonl"


def ask(probe: dict[str, Any]) -> tuple[bool, Any]:
    """(right, the answer given) for one probe."""
    question = {k: probe[k] for k in ("kind", "entity", "anchor", "answer") if k in probe}
    question |= {"qid": probe["id"], "accept": [probe["answer"]]}
    for key in ("other", "fact"):
        if key in probe:
            question[key] = probe[key]
    answer = answer_question(analyze(probe["text"]), question)
    return is_right(question, answer), answer.get("answer")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", choices=("dev", "measure"), help="only this set (default: both)")
    parser.add_argument("--show", choices=("bad", "all"), default="bad")
    args = parser.parse_args()
    probes = [json.loads(line) for line in PROBES.read_text(encoding="utf-8").splitlines() if line.strip()]
    scores: dict[str, list[bool]] = {}
    for probe in probes:
        if args.set and probe["set"] != args.set:
            continue
        right, got = ask(probe)
        scores.setdefault(probe["set"], []).append(right)
        if args.show == "all" or not right:
            print(
                f"{'ok ' if right else 'BAD'} {probe['id']:5} {probe['kind']:8} [{probe['entity']}] "
                f"want={probe['answer']!r} got={got!r}"
            )
    for name, marks in scores.items():
        print(f"{name}: {sum(marks)}/{len(marks)} = {sum(marks) / len(marks):.3f}")


if __name__ == "__main__":
    main()
