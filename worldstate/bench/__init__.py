"""Benchmarks: loaders for the official upstream formats, the official metrics, resumable runs, reports.

Entry points: :func:`worldstate.bench.runner.run_benchmark` and the ``worldstate bench`` command.
"""
