"""worldstate: a symbolic-plus-neural story world-state engine."""

__version__ = "0.1.0"
