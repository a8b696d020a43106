"""The exceptions topoverify raises, with the command line's one-line messages.

    BadInput      bad input: an unknown family, check or claim, a parameter out of range,
                  an option the check does not take, arrays that are not a graph.  The
                  command line exits 2 for these, before any work.  Also a ValueError.
    TooLarge      the network does not fit this machine's memory (or 32-bit node
                  indices): the message gives the figure, and `needed_bytes` holds it as a
                  number where the message has one.  The command line exits 4.  Also a
                  MemoryError.
    Interrupted   Ctrl-C (KeyboardInterrupt) during a call: the engine was asked to stop
                  and stopped at its next step; nothing is returned.  A KeyboardInterrupt,
                  so notebooks and `except KeyboardInterrupt` treat it as one.
    EngineError   anything else the engine reports (the command line's "failed:").

BadInput, TooLarge and EngineError derive from TopoverifyError.
"""
import re

__all__ = ["TopoverifyError", "BadInput", "TooLarge", "Interrupted", "EngineError"]

_UNITS = {"B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40, "PiB": 1 << 50}
_NEEDS = re.compile(r"needs (?:about |at least )?([0-9.]+) (B|KiB|MiB|GiB|TiB|PiB)")


class TopoverifyError(Exception):
    """Base of the errors topoverify raises (all but Interrupted)."""


class BadInput(TopoverifyError, ValueError):
    """Bad input, refused before any work (the command line's exit 2)."""


class TooLarge(TopoverifyError, MemoryError):
    """Does not fit this machine's memory (the command line's exit 4).

    needed_bytes: the bytes the message says the work needs (its figure, to the 0.1 of a
    unit it is written with), or None when the message gives none."""

    def __init__(self, message):
        super().__init__(message)
        found = _NEEDS.search(message)
        self.needed_bytes = int(float(found.group(1)) * _UNITS[found.group(2)]) if found else None


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped the engine during a call; nothing was returned."""


class EngineError(TopoverifyError):
    """Any other error the engine reports (the command line's "failed:")."""
