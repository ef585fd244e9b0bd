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

from collections.abc import Callable
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


def _make(name: str, source: str, scope: dict[str, Any]) -> Any:
    exec(source, scope)  # generated from the field names alone, as dataclasses does
    return scope[name]


def _init(fields: list[Field], post_init: bool) -> Callable[..., None]:
    scope: dict[str, Any] = {"_MISSING": _MISSING}
    params, body = [], []
    for f in fields:
        if f.init:
            if f.default is not _MISSING:
                scope[f"_d_{f.name}"] = f.default
                params.append(f"{f.name}=_d_{f.name}")
            elif f.factory is not _MISSING:
                params.append(f"{f.name}=_MISSING")
            else:
                params.append(f.name)
        if f.factory is not _MISSING:
            scope[f"_f_{f.name}"] = f.factory
            value = f"_f_{f.name}() if {f.name} is _MISSING else {f.name}" if f.init else None
            body.append(f"self.{f.name} = {value or f'_f_{f.name}()'}")
        elif f.init:
            body.append(f"self.{f.name} = {f.name}")
        elif f.default is not _MISSING:
            scope[f"_d_{f.name}"] = f.default
            body.append(f"self.{f.name} = _d_{f.name}")
    if post_init:
        body.append("self.__post_init__()")
    seen_default = False
    for param in params:  # as dataclasses: no field without a default after one with
        if "=" in param:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {param!r} follows default argument")
    source = f"def __init__(self, {', '.join(params)}):\n    " + "\n    ".join(body or ["pass"])
    return _make("__init__", source.replace("(self, )", "(self)"), scope)  # type: ignore[no-any-return]


def _eq(fields: list[Field]) -> Callable[[Any, Any], Any]:
    names = [f.name for f in fields if f.compare]
    mine = "".join(f"self.{n}," for n in names)
    theirs = "".join(f"other.{n}," for n in names)
    source = (
        "def __eq__(self, other):\n"
        "    if other.__class__ is self.__class__:\n"
        f"        return ({mine}) == ({theirs})\n"
        "    return NotImplemented"
    )
    return _make("__eq__", source, {})  # type: ignore[no-any-return]


def _repr(fields: list[Field]) -> Callable[[Any], str]:
    shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields if f.repr)
    source = f'def __repr__(self):\n    return f"{{self.__class__.__qualname__}}({shown})"'
    return _make("__repr__", source, {})  # type: ignore[no-any-return]


def _process(cls: type, slots: bool) -> type:
    found = _fields_of(cls)
    fields = list(found.values())
    setattr(cls, _FIELDS, found)
    methods = {
        "__init__": _init(fields, hasattr(cls, "__post_init__")),
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
