"""The names of Cython's pure-Python mode that the kernel uses, for the pure build when Cython
is not installed (it is needed only to compile). Types become plain Python types, declarations
and casts give back their value, decorators change nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

compiled = False

int = uint = uchar = bint = ulonglong = object
p_uchar = p_const_uchar = object


def declare(t: object = None, value: Any = None, **kwargs: object) -> Any:
    """The value itself."""
    return value


def typedef(t: T, name: str | None = None) -> T:
    """The type itself."""
    return t


def cast(t: object, value: T, **kwargs: object) -> T:
    """The value itself."""
    return value


def cfunc(f: Callable[..., T]) -> Callable[..., T]:
    """The function itself."""
    return f


ccall = inline = cfunc


def cclass(cls: type[T]) -> type[T]:
    """The class itself."""
    return cls
