"""A bar chart (PNG) of headline metrics across runs: ours beside the best published anchor."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from worldstate.bench.published import anchor_list
from worldstate.bench.report import HEADLINE


def plot_runs(docs: list[dict[str, Any]], path: Path) -> Path:
    """Write the chart to ``path`` (matplotlib, Agg backend) and return it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels, ours, best = [], [], []
    for doc in docs:
        for metric in HEADLINE.get(doc["benchmark"], ()):
            if metric in doc["metrics"] and metric not in {"ced", "errors_per_story"}:
                labels.append(f"{doc['benchmark']}\n{metric}")
                ours.append(float(doc["metrics"][metric]))
                values = [float(a["value"]) for a in anchor_list(doc["benchmark"]) if a["metric"] == metric]
                best.append(max(values) if values else 0.0)
    fig, ax = plt.subplots(figsize=(max(6.0, 0.9 * len(labels) + 2), 4.5))
    xs = range(len(labels))
    ax.bar([x - 0.2 for x in xs], ours, width=0.4, label="worldstate (ours)")
    ax.bar([x + 0.2 for x in xs], best, width=0.4, label="best published, humans included (0 = none)")
    ax.set_xticks(list(xs), labels, rotation=60, ha="right", fontsize=7)
    ax.set_ylim(0, 1)
    ax.set_ylabel("score")
    ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=120, metadata={"Software": None})
    plt.close(fig)
    return path
