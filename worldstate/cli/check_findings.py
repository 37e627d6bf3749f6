"""What ``check`` needs of a story's findings, shared by one story, a collection and ``--watch``: the heads
run on an analysed story, ``check``'s decision on the calibrated findings and the ignore list, and an answer
with its findings as text. Every answer describes itself (:mod:`worldstate.detect.answers`), so nothing here
depends on which head gave it."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from worldstate.analysis import World
from worldstate.detect.answers import Answer
from worldstate.detect.calibration import Calibration, kind_of, shown
from worldstate.detect.heads import HEADS, run_head
from worldstate.errors import ConfigError, InputError
from worldstate.ignore import IgnoreList
from worldstate.state import Finding


def run_task(
    task: str,
    world: World,
    *,
    summary: World | None = None,
    question: str = "",
    options: tuple[str, ...] = (),
    character: str | None = None,
) -> Answer:
    """Run the head for ``task`` on the analysed story (its findings join ``world.findings``)."""
    given = {"summary": summary, "question": question, "options": list(options), "character": character}
    inputs = {name: given[name] for name in HEADS[task].inputs}
    try:
        return run_head(world, task, **inputs)
    except ConfigError as exc:  # the head's module is not installed
        raise InputError(f"--task {task}", str(exc)) from None


def settle(answers: dict[str, Answer]) -> None:
    """``check``'s decision on the calibrated findings: each answer decides on the findings shown by default
    only (a knowledge answer whose every finding is unsure reports no error)."""
    for answer in answers.values():
        answer.settle()


def dismiss(answers: dict[str, Answer], world: World, ignore: IgnoreList) -> bool:
    """Settle the answers on the calibrated findings, leave the findings ``ignore`` lists out of the answers
    and the world; whether any answer still reports a problem (an answer whose every finding was dismissed
    no longer does)."""
    settle(answers)
    flagged = False
    for answer in answers.values():
        had = len(answer.findings)
        answer.findings = ignore.keep(answer.findings)
        flagged |= answer.flags and not (had and not shown(answer.findings))
    world.state.findings = [f for f in world.findings if f.id not in ignore.reasons]
    return flagged


def hide_unsure(answers: dict[str, Answer]) -> int:
    """Leave the unsure findings (below the calibrated threshold) out of the answers; how many were left out."""
    hidden = 0
    for answer in answers.values():
        sure = shown(answer.findings)
        hidden += len(answer.findings) - len(sure)
        answer.findings = sure
    return hidden


def probability_text(finding: Finding) -> str:
    """How sure the engine is: the calibrated probability that the finding is a real error, "unsure" when it
    is below the threshold ``check`` shows findings from."""
    if finding.probability is None:
        return "not calibrated"
    unsure = "" if finding.shown_by_default else "[yellow]unsure[/yellow], "
    return f"{unsure}probability {finding.probability:.2f}"


def why_probability(finding: Finding, calibration: Calibration | None) -> str:
    """Where the probability comes from, in plain words: the kind's record on the tuning data."""
    if calibration is None or finding.probability is None:
        return ""
    kind = kind_of(finding)
    counts = calibration.kinds.get(kind)
    if counts is None:
        return f"   [dim]probability: {escape(kind)} never fired on the tuning data (the prior)[/dim]"
    found = counts.right + counts.wrong
    return (
        f"   [dim]probability: {counts.right} of the {found} {escape(kind)} finding(s) on the tuning data were "
        "real errors[/dim]"
    )


def render_finding(console: Console, number: int, finding: Finding, calibration: Calibration | None = None) -> None:
    who = f" [{escape(finding.character)}]" if finding.character else ""
    kind = finding.category + (f"/{finding.subtype}" if finding.subtype else "")
    console.print(
        f"[bold]{number}. {escape(kind)}[/bold]{who}  {probability_text(finding)}  ({finding.source})"
        f"  [dim]id {finding.id}[/dim]"
    )
    console.print(f"   {escape(finding.explanation)}")
    for ev in finding.evidence:
        where = f"sentence {ev.sentence + 1}" if ev.sentence is not None else f"chars {ev.span.start}-{ev.span.end}"
        console.print(f"   [dim]{escape(ev.role)}, {where}:[/dim] “{escape(ev.text)}”")
        if ev.why:
            console.print(f"      [dim]why the engine believes it:[/dim] {escape(ev.why)}")
    why = why_probability(finding, calibration)
    if why:
        console.print(why)
    if finding.reviewed:
        reason = f": {finding.review_reason}" if finding.review_reason else ""
        console.print(f"   [dim]LLM review: {escape(finding.reviewed)}{escape(reason)}[/dim]")


def render_answer(
    console: Console,
    task: str,
    answer: Answer,
    options: tuple[str, ...] = (),
    calibration: Calibration | None = None,
) -> None:
    """Readable report: headline (the task's name when the answer has none), confidence, the answer's own
    lines, findings with quoted evidence, sentence numbers and probability (with where it comes from when
    ``calibration`` is given), notes."""
    headline = answer.headline(options) or task
    console.print(f"[bold]{escape(headline)}[/bold]  (confidence {answer.confidence:.2f})")
    for line in answer.details():
        console.print(f"   {escape(line)}")
    for i, finding in enumerate(answer.findings, 1):
        render_finding(console, i, finding, calibration)
    for note in answer.notes:
        console.print(f"[yellow]note:[/yellow] {escape(note)}")
