"""Solve one partition with Z3: find each fact that contradicts what came before, with a minimal core.

Facts are taken in time order; a fact is kept in the consistent base unless it makes the base
unsatisfiable, in which case its core (Z3's core minimisation, then deletion-based) is a conflict. A per-partition
timeout makes an ``unknown`` answer a reported timeout, never a hang.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from worldstate.reason.encode import Tracked, encode_age, encode_functional, encode_irreversible, encode_opposition
from worldstate.reason.lexicon import Lexicon
from worldstate.reason.partition import Partition


class PartitionTimeout(Exception):
    """Z3 answered ``unknown`` (timeout or resource limit) for a partition."""


@dataclass(frozen=True)
class Core:
    """A minimal unsatisfiable core: the fact that broke consistency, the others, the rule items."""

    error: Tracked
    others: tuple[Tracked, ...]
    rules: tuple[Tracked, ...]


def encode(part: Partition, lexicon: Lexicon) -> list[Tracked]:
    if part.kind == "functional":
        return encode_functional(part.facts, part.rule)
    if part.kind == "polarity":
        return encode_functional(part.facts, None)
    if part.kind == "opposition":
        return encode_opposition(part.facts, lexicon)
    if part.kind == "irreversible" and part.rule is not None:
        return encode_irreversible(part.facts, part.rule)
    if part.kind == "age" and part.rule is not None:
        return encode_age(part.facts, part.extra, part.rule)
    raise ValueError(f"unknown partition kind {part.kind}")


def _check(solver: z3.Solver, lits: list[z3.BoolRef]) -> z3.CheckSatResult:
    result = solver.check(*lits)
    if result == z3.unknown:
        raise PartitionTimeout(solver.reason_unknown())
    return result


def _minimise(solver: z3.Solver, core: list[z3.BoolRef], keep: z3.BoolRef, names: dict[int, str]) -> list[z3.BoolRef]:
    """Deletion-based minimisation: drop each literal whose removal keeps the set unsatisfiable."""
    current = sorted(core, key=lambda x: names[x.get_id()])
    for lit in list(current):
        if lit.get_id() == keep.get_id():
            continue
        trial = [x for x in current if x.get_id() != lit.get_id()]
        if _check(solver, trial) == z3.unsat:
            current = trial
    return current


def solve(part: Partition, lexicon: Lexicon, timeout_ms: int, max_conflicts: int = 20) -> list[Core]:
    """The conflicts of one partition (at most ``max_conflicts``); raises PartitionTimeout."""
    items = encode(part, lexicon)
    solver = z3.Solver()
    solver.set("timeout", timeout_ms)
    solver.set("core.minimize", True)
    lit_of: dict[str, z3.BoolRef] = {}
    by_name: dict[str, Tracked] = {}
    names: dict[int, str] = {}  # literal AST id → item name (faster than printing literals)
    for item in items:
        lit = z3.Bool(item.name)
        lit_of[item.name] = lit
        names[lit.get_id()] = item.name
        by_name[item.name] = item
        solver.add(z3.Implies(lit, item.constraint))
    rule_lits = [lit_of[i.name] for i in items if i.fact is None]
    fact_items = [i for i in items if i.fact is not None]
    # Duration facts are context, never an "error" by themselves: take them first.
    fact_items.sort(key=lambda i: (i.fact.base != "duration", i.fact.time, i.fact.sentence, i.fact.span.start, i.name))
    lits = [lit_of[i.name] for i in fact_items]
    cores: list[Core] = []
    base: list[z3.BoolRef] = []  # accepted facts: consistent with the rules and each other
    start = 0
    while start < len(lits) and len(cores) < max_conflicts:
        if _check(solver, rule_lits + base + lits[start:]) == z3.sat:
            break
        # Binary search for the first fact that makes the accepted facts inconsistent (the greedy
        # "keep each fact unless it breaks consistency" order, in O(log n) checks per conflict).
        lo, hi = start, len(lits) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if _check(solver, rule_lits + base + lits[start : mid + 1]) == z3.unsat:
                hi = mid
            else:
                lo = mid + 1
        _check(solver, rule_lits + base + lits[start : lo + 1])
        core = _minimise(solver, list(solver.unsat_core()), lits[lo], names)
        tracked = [by_name[names[x.get_id()]] for x in core]
        error = fact_items[lo]
        cores.append(
            Core(
                error=error,
                others=tuple(t for t in tracked if t.fact is not None and t.name != error.name),
                rules=tuple(t for t in tracked if t.fact is None),
            )
        )
        base += lits[start:lo]
        start = lo + 1
    return cores
