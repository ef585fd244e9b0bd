"""Fast copies for the state's snapshots (checkpoints, trials, receipts).

``copy.copy`` and ``copy.deepcopy`` go through the pickle protocol and a memo for
every object; a state is copied at every checkpoint and for every trial, so its
parts are copied here directly.  Both functions give the same result as the
``copy`` module for the objects the state holds.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    T = TypeVar("T")

_IMMUTABLE = (str, int, float, bool, type(None), frozenset)

OWN_COPY: dict[type, Callable[[Any], Any]] = {}
"""Classes whose objects :func:`plain_copy` copies with their own method, as
``copy.deepcopy`` would copy them (the ledger's trains, which a title may keep in its
``extra``): ``copy`` is then not imported for them (issue 41)."""


def shallow(obj: T) -> T:
    """``copy.copy`` of an instance of a plain class (one with a ``__dict__``)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def plain_copy(value: T) -> T:
    """``copy.deepcopy`` of data made of dicts, lists, sets, tuples and immutable values.

    Anything else inside is handed to ``copy.deepcopy``.  The data must hold no
    object twice (a title's ``extra`` never does), as no memo is kept.
    """
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, dict):
        return {k: plain_copy(v) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, list):
        return [plain_copy(v) for v in value]  # type: ignore[return-value]
    if isinstance(value, set):
        return {plain_copy(v) for v in value}  # type: ignore[return-value]
    if type(value) is tuple:
        return tuple(plain_copy(v) for v in value)  # type: ignore[return-value]
    own = OWN_COPY.get(type(value))
    if own is not None:
        return own(value)  # type: ignore[no-any-return]
    import copy  # here: the state's own parts never need it (issue 41)

    return copy.deepcopy(value)
