"""The Z3-backed reasoner: rule packs, contradiction proofs (minimal cores) and epistemic access.

Public API::

    from worldstate.reason import check, check_epistemic, load_packs
    result = check(ws)                    # ReasonResult: .conflicts, .licensed, .timeouts, .stats
    findings = result.to_findings(ws)     # Findings with "error"/"contradicted" evidence spans
    packs = load_packs(["my_rules.yaml"]) # built-in packs + user packs, validated
"""

from worldstate.reason.conflicts import Conflict, ReasonResult
from worldstate.reason.epistemic import check_epistemic
from worldstate.reason.packs import Pack, Rule, RulePacks, load_pack_file, load_packs
from worldstate.reason.reasoner import check

__all__ = [
    "Conflict",
    "Pack",
    "ReasonResult",
    "Rule",
    "RulePacks",
    "check",
    "check_epistemic",
    "load_pack_file",
    "load_packs",
]
