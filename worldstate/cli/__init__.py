"""The ``worldstate`` command line (click)."""
