"""Where predictions are computed: in this process, a local process pool, or a Ray cluster.

All three yield ``(item_id, record, seconds)`` as items finish; only the caller writes files, so nothing is
written twice. Workers load models once (the cached loaders in :mod:`worldstate.resources.models`) and keep them.
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from worldstate.bench.heads import Predictor, resolve
from worldstate.bench.items import Item
from worldstate.config import Settings, offline_model_hub
from worldstate.errors import ConfigError

PredictorRef = str | Callable[..., dict[str, Any]]
Result = tuple[str, dict[str, Any], float]
EXECUTORS = ("local", "ray")
_WORKER: dict[str, Any] = {}


def _as_predictor(ref: PredictorRef) -> Predictor:
    return resolve(ref) if isinstance(ref, str) else ref


def run_item(predictor: Predictor, item: Item, settings: Settings, context: Any) -> Result:
    """Predict one item; an exception becomes the item's recorded error (the run goes on)."""
    start = time.perf_counter()
    try:
        record: dict[str, Any] = {"id": item.id, "prediction": predictor(item, settings, context), "error": None}
    except Exception as exc:  # one failing item must not stop a corpus run
        last = traceback.extract_tb(exc.__traceback__)[-1:] or []
        where = f" at {last[0].filename.rsplit('/', 1)[-1]}:{last[0].lineno}" if last else ""
        record = {"id": item.id, "prediction": None, "error": f"{type(exc).__name__}: {exc}{where}"}
    return item.id, record, time.perf_counter() - start


def pin_threads() -> None:
    """One math thread per worker, in every executor: the same float results everywhere (and no oversubscription)."""
    for name in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
        os.environ[name] = "1"
    offline_model_hub()
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    try:
        import torch

        torch.set_num_threads(1)
    except ImportError:  # pragma: no cover - torch is a dependency
        pass


def _init_worker(ref: PredictorRef, settings: Settings, context: Any) -> None:
    pin_threads()
    _WORKER.update(predictor=_as_predictor(ref), settings=settings, context=context)


def _work(item: Item) -> Result:
    return run_item(_WORKER["predictor"], item, _WORKER["settings"], _WORKER["context"])


def blind(item: Item) -> Item:
    """The item without its gold fields: what a predictor is allowed to see."""
    return Item(item.id, item.inputs, {}, item.words)


def run_inline(ref: PredictorRef, items: list[Item], settings: Settings, context: Any) -> Iterator[Result]:
    """Predict in this process, in order."""
    pin_threads()
    predictor = _as_predictor(ref)
    for item in items:
        yield run_item(predictor, blind(item), settings, context)


def run_pool(ref: PredictorRef, items: list[Item], settings: Settings, context: Any, workers: int) -> Iterator[Result]:
    """Predict with a local process pool; at most two items per worker are in flight."""
    pending: set[Future[Result]] = set()
    queue = iter(items)
    with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker, initargs=(ref, settings, context)) as pool:
        for item in queue:
            pending.add(pool.submit(_work, blind(item)))
            if len(pending) >= 2 * workers:
                break
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                yield future.result()
                nxt = next(queue, None)
                if nxt is not None:
                    pending.add(pool.submit(_work, blind(nxt)))


def run_ray(ref: PredictorRef, items: list[Item], settings: Settings, context: Any, workers: int) -> Iterator[Result]:
    """Predict on a Ray cluster: ``RAY_ADDRESS`` (e.g. ``ray://head:10001`` or ``auto``) or a local one."""
    try:
        import ray
        from ray.util import ActorPool
    except ImportError:
        raise ConfigError("--executor ray needs Ray: pip install 'worldstate[ray]'") from None

    if not ray.is_initialized():
        ray.init(
            address=settings.ray_address or None,
            include_dashboard=False,
            log_to_driver=False,
            logging_level="ERROR",
        )

    @ray.remote
    class Worker:
        def __init__(self, ref: PredictorRef, settings: Settings, context: Any) -> None:
            _init_worker(ref, settings, context)

        def work(self, item: Item) -> Result:
            return _work(item)

    context_ref = ray.put(context)
    actors = [Worker.remote(ref, settings, context_ref) for _ in range(max(workers, 1))]
    pool = ActorPool(actors)
    yield from pool.map_unordered(lambda actor, item: actor.work.remote(item), [blind(i) for i in items])


def execute(
    ref: PredictorRef, items: list[Item], settings: Settings, context: Any, workers: int, executor: str
) -> Iterator[Result]:
    """Dispatch to the chosen executor (``local`` with one worker runs in this process)."""
    if executor == "ray":
        return run_ray(ref, items, settings, context, workers)
    if executor != "local":
        raise ConfigError(f"unknown executor {executor!r}; choose one of {', '.join(EXECUTORS)}")
    if workers <= 1:
        return run_inline(ref, items, settings, context)
    return run_pool(ref, items, settings, context, workers)
