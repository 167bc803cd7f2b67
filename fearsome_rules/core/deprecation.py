"""How a public name, parameter, subcommand or option is retired (docs/stability.md): it keeps
working for at least one minor release while it warns with a :class:`DeprecationWarning` that
says since when and what to use instead; the changelog's "Deprecated" section names it; only a
later minor release may remove it (tests/test_public_api.py checks the order).

Two ways in:

- :func:`warn_deprecated` where the old thing is used (an option's handler, a branch for an
  old keyword argument, a module's ``__getattr__`` for a moved name);
- :func:`deprecated`, a decorator for a whole function or method.
"""

from __future__ import annotations

import functools
import re
import warnings
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_MINOR = re.compile(r"\d+\.\d+")


def deprecation_message(name: str, *, since: str, instead: str) -> str:
    """The one line every deprecation says: what, since which minor version, what instead."""
    if not _MINOR.fullmatch(since):
        raise ValueError(f"since must be a minor version such as '0.3', not {since!r}")
    return (
        f"{name} is deprecated since fearsome_rules {since} and will be removed in a later "
        f"minor release; use {instead} instead"
    )


def warn_deprecated(name: str, *, since: str, instead: str, stacklevel: int = 2) -> None:
    """Warn that ``name`` is deprecated; ``stacklevel`` as for :func:`warnings.warn`, counted
    from the caller of this function (2: the warning points at whoever called that caller)."""
    warnings.warn(
        deprecation_message(name, since=since, instead=instead),
        DeprecationWarning,
        stacklevel=stacklevel + 1,
    )


def deprecated(*, since: str, instead: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Decorate a function that is deprecated: each call warns, pointing at the caller's line,
    and then runs the function unchanged. Its docstring gains a first line saying so."""
    deprecation_message("x", since=since, instead=instead)  # refuse a bad version at import

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        name = f"{function.__module__}.{function.__qualname__}"

        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            warn_deprecated(name, since=since, instead=instead)
            return function(*args, **kwargs)

        note = f"Deprecated since {since}: use {instead} instead."
        wrapper.__doc__ = f"{note}\n\n{function.__doc__ or ''}".rstrip()
        return wrapper

    return decorate
