"""``dataclass`` and ``field``, the part of :mod:`dataclasses` the core's classes use (issue 41).

The standard :mod:`dataclasses` imports :mod:`inspect` (with :mod:`ast`, :mod:`dis` and
:mod:`tokenize`) to write a docstring for a class that has none, and its decorator does
much checking besides: together the largest single cost of starting a batch command
(``moderator play SCRIPT --json``), which the TUI's Textual pays for anyway.  The
ledger, the market, the state, the game and the ruleset base are declared with this
module's ``dataclass`` instead, in the same words, and behave alike:

* ``__init__`` takes the fields in order (a base class's first), positionally or by
  name, each with its default or ``field(default=...)`` / ``field(default_factory=...)``;
  a ``field(init=False)`` is left out of it; ``__post_init__`` is called at its end;
* ``__eq__`` compares the fields (not those with ``compare=False``) of two objects of the
  same class, as tuples, and the class is unhashable; ``__repr__`` shows the fields (not
  those with ``repr=False``); a method the class defines itself is kept;
* ``slots=True`` makes the class again with ``__slots__`` of its fields;
* a ``ClassVar`` annotation is no field; a field's plain default stays a class attribute,
  a factory's does not.

``tests/core/test_dataclass_subset.py`` holds classes made both ways to the same
behaviour.  Not supported (and not used): ``frozen``, ``order``, ``kw_only``,
``InitVar``, ``unsafe_hash``, and :func:`dataclasses.fields` or ``replace``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable

TYPE_CHECKING = False  # not `typing`'s: a batch command imports no typing (issue 41)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["dataclass", "field"]

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()
"""No default given (a field's default may well be ``None``)."""
_FIELDS = "__subset_fields__"
"""The class attribute holding a decorated class's fields, bases' first."""


class Field:
    """A field's declaration: ``field(default=..., default_factory=..., init=, repr=,
    compare=)`` as in :func:`dataclasses.field`."""

    __slots__ = ("compare", "default", "factory", "init", "name", "repr")

    def __init__(
        self,
        default: Any = _MISSING,
        factory: Callable[[], Any] | Any = _MISSING,
        init: bool = True,
        repr: bool = True,
        compare: bool = True,
    ) -> None:
        if default is not _MISSING and factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.factory = factory
        self.init = init
        self.repr = repr
        self.compare = compare

    def copy(self, name: str) -> Field:
        new = Field(self.default, self.factory, self.init, self.repr, self.compare)
        new.name = name
        return new


def field(
    *,
    default: Any = _MISSING,
    default_factory: Callable[[], Any] | Any = _MISSING,
    init: bool = True,
    repr: bool = True,
    compare: bool = True,
) -> Any:
    """A field with a default, a default factory, or left out of ``__init__``,
    ``__repr__`` or ``__eq__`` (:func:`dataclasses.field`)."""
    return Field(default, default_factory, init, repr, compare)


def _is_class_var(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return text.startswith(("ClassVar", "typing.ClassVar", "t.ClassVar"))


def _fields_of(cls: type) -> dict[str, Field]:
    """The fields of ``cls``: those of its decorated bases (furthest first), then its own
    annotations in order; a field declared again keeps its place and takes the new
    declaration."""
    found: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for name, declared in base.__dict__.get(_FIELDS, {}).items():
            found[name] = declared
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        value = cls.__dict__.get(name, _MISSING)
        if isinstance(value, Field):
            declared = value.copy(name)
            if declared.default is _MISSING:
                delattr(cls, name)  # a factory's field is no class attribute
            else:
                setattr(cls, name, declared.default)
        else:
            declared = Field(default=value)
            declared.name = name
        found[name] = declared
    return found


def _init(fields: list[Field], post_init: bool, slots: bool) -> Callable[..., None]:
    """``__init__`` for ``fields``: one function for every class, reading the fields'
    table (no code is generated: the core runs nothing made from text)."""
    init = [f for f in fields if f.init]
    names = tuple(f.name for f in init)
    template = {f.name: f.default for f in init}  # _MISSING where none
    factories = tuple((f.name, f.factory) for f in init if f.factory is not _MISSING)
    required = tuple(f.name for f in init if f.default is _MISSING and f.factory is _MISSING)
    later = tuple(
        (f.name, f.default, f.factory)
        for f in fields
        if not f.init and (f.default is not _MISSING or f.factory is not _MISSING)
    )

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if args:
            if len(args) > len(names):
                raise TypeError(
                    f"__init__() takes {len(names) + 1} positional arguments but "
                    f"{len(args) + 1} were given"
                )
            given = dict(zip(names, args, strict=False))
            for name in kwargs:
                if name in given:
                    raise TypeError(f"__init__() got multiple values for argument {name!r}")
            given.update(kwargs)
        else:
            given = kwargs
        values = {**template, **given}
        if len(values) != len(template):
            unknown = next(name for name in given if name not in template)
            raise TypeError(f"__init__() got an unexpected keyword argument {unknown!r}")
        for name in required:
            if values[name] is _MISSING:
                raise TypeError(f"__init__() missing 1 required positional argument: {name!r}")
        for name, factory in factories:
            if values[name] is _MISSING:
                values[name] = factory()
        for name, default, factory in later:
            values[name] = factory() if default is _MISSING else default
        if slots:
            for name, value in values.items():
                setattr(self, name, value)
        else:
            self.__dict__.update(values)
        if post_init:
            self.__post_init__()

    return __init__


def _eq(fields: list[Field]) -> Callable[[Any, Any], Any]:
    names = [f.name for f in fields if f.compare]
    values = operator.attrgetter(*names) if names else (lambda obj: ())

    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return values(self) == values(other)
        return NotImplemented

    return __eq__


def _repr(fields: list[Field]) -> Callable[[Any], str]:
    shown = tuple(f.name for f in fields if f.repr)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    return __repr__


def _process(cls: type, slots: bool) -> type:
    found = _fields_of(cls)
    fields = list(found.values())
    setattr(cls, _FIELDS, found)
    methods = {
        "__init__": _init(fields, hasattr(cls, "__post_init__"), slots),
        "__repr__": _repr(fields),
        "__eq__": _eq(fields),
    }
    for name, method in methods.items():
        if name not in cls.__dict__:
            method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
    if "__hash__" not in cls.__dict__ or cls.__dict__["__hash__"] is None:
        cls.__hash__ = None  # type: ignore[assignment] # as dataclasses: eq, not frozen
    if not slots:
        return cls
    body = {k: v for k, v in cls.__dict__.items() if k not in found}
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = tuple(found)
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    return new


def dataclass(cls: type | None = None, /, *, slots: bool = False) -> Any:
    """``@dataclass`` or ``@dataclass(slots=True)``, as :func:`dataclasses.dataclass`."""
    if cls is None:
        return lambda later: _process(later, slots)
    return _process(cls, slots)
