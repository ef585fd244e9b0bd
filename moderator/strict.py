"""Strict reading of records (commands, events, journal entries) from a save's JSON.

A save's records were validated by pydantic in strict JSON mode.  Importing pydantic
and building its validators for every command and event kind cost a cold start of
the screen about 140 ms, more than reading and checking a 1,000-command save
(issue 21.4).  The records' fields are few kinds of value — text, whole numbers,
yes/no, a fixed choice (``Literal``), nothing (``None``), a list of text or numbers,
a table of numbers by name, another record, a ``kind``-tagged choice of records — so
this module checks them itself, with pydantic's strict rules:

* a whole number is a JSON integer (not ``60.0``, not ``"60"``, not ``true``);
* text is a JSON string; yes/no is ``true``/``false``; a list is a JSON array;
* a record is a JSON object with every required field and no other one;
* a tagged record names a known ``kind``;
* a string with a lone surrogate escape (``"\\ud800"``) is invalid JSON;
* an object holding a key twice is refused (a record is read one way only).

A value that breaks a rule raises :class:`Malformed` with where (``command.par.price``,
pydantic's location: a tagged record adds its tag) and pydantic's wording.  The
checker of each record class is built once, from its annotations, on first use.
``tests/core/test_strict.py`` compares the verdicts with pydantic's on damaged records.
"""

from __future__ import annotations

import builtins
import functools
import json
import re
import sys
import types
from collections.abc import Callable

from moderator.commands import ANNOTATION_NAMES, Record, set_fields
from moderator.lazy import lazy_module

ast = lazy_module("ast")  # only a save read parses annotations (issue 41)
typing = lazy_module("typing")  # likewise: a batch command imports no typing (issue 41)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Loc = tuple[str | int, ...]
"""Where in a JSON value: keys and indexes (a tagged record adds its tag, as pydantic)."""


class Malformed(ValueError):
    """A value read from JSON breaks a record's rule: where (``loc``) and why (``msg``)."""

    def __init__(self, loc: Loc, msg: str) -> None:
        super().__init__(f"{'.'.join(str(x) for x in loc)}: {msg}")
        self.loc = loc
        self.msg = msg


_LONE_SURROGATE_HINT = re.compile(rb"\\u[dD][89a-fA-F]")
"""A ``\\uD800``-``\\uDFFF`` escape: the JSON may hold a lone surrogate (checked then)."""


def loads(raw: bytes) -> Any:
    """JSON text as Python values, refused as pydantic's reader refuses it: invalid
    UTF-8, invalid JSON, ``NaN``/``Infinity``, a lone surrogate escape; and an object
    holding a key twice (:func:`unique_keys`), which pydantic would read as its last."""
    try:
        value = _DECODER.decode(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        raise Malformed((), f"Invalid JSON: {exc}") from None
    if _LONE_SURROGATE_HINT.search(raw) is not None:
        _no_lone_surrogate(value)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object's members as a dict, refusing a key given twice (issue 42.1).

    Python's reader keeps the last of two equal keys, while a reader that stops at the
    first (the save's own fast path reads a record's line, round and command before its
    events) would keep the other: a record read two ways could be checked with one copy
    and kept with the other.  So an object is read one way only, or refused.
    """
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"the key {json.dumps(key, ensure_ascii=False)} is given twice")
            seen.add(key)
    return out


_DECODER = json.JSONDecoder(parse_constant=_no_constant, object_pairs_hook=unique_keys)


def _no_lone_surrogate(value: Any) -> None:
    """Refuse a string holding half of a surrogate pair (no character: it cannot be
    written back as UTF-8)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise Malformed((), "Invalid JSON: lone surrogate in a string escape") from None
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())


def read(annotation: Any, value: Any, loc: Loc = ()) -> Any:
    """``value`` (read from JSON) checked against ``annotation``: a record class, a
    ``kind``-tagged union of them (``A | B``, each with its ``kind``), or a field's type."""
    try:
        return checker(annotation)(value)
    except Malformed as exc:
        if not loc:
            raise
        raise Malformed((*loc, *exc.loc), exc.msg) from None


# A checker takes the value only; a refusal names the place relative to it, and each
# container adds its own step as the refusal passes (nothing is built for a value that
# passes: a 1,000-command save is read at every start, issue 21.4).

SIMPLE = {
    str: "Input should be a valid string",
    int: "Input should be a valid integer",
    bool: "Input should be a valid boolean",
    type(None): "Input should be None",
}
"""The types checked by ``type(value) is T`` exactly (a JSON true is no 1, a 1 no true)."""


@functools.cache
def checker(annotation: Any) -> Callable[[Any], Any]:
    """The checker of ``annotation`` (see :func:`read`), built once."""
    if type(annotation) is _Read:  # read from an annotation's text (:func:`_node`)
        members = annotation.args
        if annotation.kind == "literal":
            return _literal(members)
        if len(members) > 1 and all(_is_tagged(m) for m in members):
            return _tagged(annotation)
        return _union(members)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(annotation)
        if "kind" in marks:
            return _tagged(base)
        return checker(base)
    if isinstance(annotation, type) and issubclass(annotation, Record):
        return _record(annotation)
    if annotation is None:
        annotation = type(None)
    if annotation in SIMPLE:
        return _of_type(annotation)
    if origin is typing.Literal:
        return _literal(typing.get_args(annotation))
    if origin in (typing.Union, types.UnionType):
        members = typing.get_args(annotation)
        if len(members) > 1 and all(_is_tagged(m) for m in members):
            return _tagged(annotation)  # `Command`, `Event`: the tag picks the record
        return _union(members)
    if origin is tuple:
        item, *rest = typing.get_args(annotation)
        if rest != [Ellipsis]:
            raise TypeError(f"no strict reader for {annotation!r}")
        return _tuple(item)
    if origin is dict:
        key, item = typing.get_args(annotation)
        return _dict(checker(key), checker(item))
    raise TypeError(f"no strict reader for {annotation!r}")


def _is_tagged(member: Any) -> bool:
    """A record class with a ``kind`` field: a union of them is read by the tag."""
    return isinstance(member, type) and issubclass(member, Record) and "kind" in member.model_fields


def _of_type(kind: type) -> Callable[[Any], Any]:
    msg = SIMPLE[kind]

    def check(value: Any) -> Any:
        if type(value) is not kind:
            raise Malformed((), msg)
        return value

    return check


def _literal(choices: tuple[Any, ...]) -> Callable[[Any], Any]:
    allowed = {(type(x), x) for x in choices}
    kinds = {type(x) for x in choices}  # str, int, bool: hashable, unlike a list or a dict
    words = [repr(x) for x in choices]
    said = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
    msg = f"Input should be {said}"

    def check(value: Any) -> Any:
        # the type first: a list where a literal goes was a TypeError, not a refusal
        if type(value) not in kinds or (type(value), value) not in allowed:
            raise Malformed((), msg)
        return value

    return check


def _union(members: tuple[Any, ...]) -> Callable[[Any], Any]:
    none_ok = type(None) in members
    checks = [checker(m) for m in members if m is not type(None)]

    def check(value: Any) -> Any:
        if value is None and none_ok:
            return None
        first: tuple[Loc, str] | None = None
        for one in checks:
            try:
                return one(value)
            except Malformed as exc:
                # where and why only: the exception itself, kept, would hold this frame
                # (and every caller's, up to the loading game) in a reference cycle
                first = first or (exc.loc, exc.msg)
        if first is None:
            raise Malformed((), SIMPLE[type(None)])
        raise Malformed(*first)

    return check


def _tuple(item: Any) -> Callable[[Any], Any]:
    simple = item if item in SIMPLE else None
    one = checker(item)

    def check(value: Any) -> Any:
        if type(value) is not list:
            raise Malformed((), "Input should be a valid array")
        if simple is not None:
            for i, x in enumerate(value):
                if type(x) is not simple:
                    raise Malformed((i,), SIMPLE[simple])
            return tuple(value)
        out = []
        for i, x in enumerate(value):
            try:
                out.append(one(x))
            except Malformed as exc:
                raise Malformed((i, *exc.loc), exc.msg) from None
        return tuple(out)

    return check


def _dict(key: Callable[[Any], Any], item: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if type(value) is not dict:
            raise Malformed((), "Input should be a valid dictionary")
        out = {}
        for k, v in value.items():
            try:
                out[key(k)] = item(v)
            except Malformed as exc:
                raise Malformed((k, *exc.loc), exc.msg) from None
        return out

    return check


def _record(cls: type[Record]) -> Callable[[Any], Any]:
    """A record from a JSON object: every field checked, defaults for those left out,
    a missing required field or an unknown one refused (``extra="forbid"``)."""
    plan = []
    for name, field in cls.model_fields.items():
        annotation = _resolve(cls, name)
        simple = annotation if annotation in SIMPLE else None
        plan.append((name, simple, checker(annotation), field.default, field.is_required()))
    known = frozenset(cls.model_fields)

    def check(value: Any) -> Any:
        if type(value) is not dict:
            raise Malformed((), "Input should be an object")
        values: dict[str, Any] = {}
        defaulted = 0
        for name, simple, one, default, required in plan:
            if name not in value:
                if required:
                    raise Malformed((name,), "Field required")
                values[name] = default
                defaulted += 1
                continue
            got = value[name]
            if simple is not None:
                if type(got) is not simple:
                    raise Malformed((name,), SIMPLE[simple])
                values[name] = got
                continue
            try:
                values[name] = one(got)
            except Malformed as exc:
                raise Malformed((name, *exc.loc), exc.msg) from None
        if len(value) > len(values) - defaulted:  # a key no field has
            extra = next(k for k in value if k not in known)
            raise Malformed((extra,), "Extra inputs are not permitted")
        record = object.__new__(cls)
        set_fields(record, values)
        return record

    return check


def _resolve(cls: type[Record], name: str) -> Any:
    """Field ``name``'s annotation as written (a string: the modules use ``from __future__
    import annotations``), evaluated in the module of the class that declares it."""
    for klass in cls.__mro__:
        written = klass.__dict__.get("__annotations__", {}).get(name)
        if written is not None:
            if not isinstance(written, str):
                return written
            return _evaluated(klass.__module__, written)
    raise TypeError(f"{cls.__name__} has no field {name!r}")


@functools.cache
def _evaluated(module: str, annotation: str) -> Any:
    """``annotation`` read once per module (``typing.get_type_hints`` compiled every field's
    annotation again: 900 compiles at every start, issue 21.4).  Read from its syntax
    tree, never run: names, ``X | Y``, ``X[...]`` and constants are all a field's type
    is written with."""
    return _node(ast.parse(annotation, mode="eval").body, vars(sys.modules[module]))


class _Read:
    """A ``Literal[...]`` (``kind`` ``"literal"``) or an ``X | Y`` (``"union"``) read from
    an annotation's text, with its arguments: what :func:`checker` needs of it, without
    building :mod:`typing`'s object (about 50 us each, 60 of them: a fifth of building the
    save's checkers, paid by every opening of a save, issue 41)."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, args: tuple[Any, ...]) -> None:
        self.kind = kind
        self.args = args

    def __eq__(self, other: object) -> bool:
        return type(other) is _Read and (self.kind, self.args) == (other.kind, other.args)

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        if self.kind == "literal":
            return f"Literal[{', '.join(repr(a) for a in self.args)}]"
        return " | ".join(getattr(a, "__name__", repr(a)) for a in self.args)


_LITERAL = _Read("literal", ())
"""The name ``Literal`` in an annotation (subscripted: a :class:`_Read` literal)."""


def _args(annotation: Any) -> tuple[Any, ...]:
    """An annotation's arguments, whether read from its text or a :mod:`typing` object."""
    if type(annotation) is _Read:
        return annotation.args
    return typing.get_args(annotation)  # type: ignore[no-any-return]


def _node(node: ast.expr, names: dict[str, Any]) -> Any:
    """The type an annotation's syntax tree names (see :func:`_evaluated`); ``Literal[...]``
    and ``X | Y`` as a :class:`_Read`."""
    if isinstance(node, ast.Name):
        found = names.get(node.id, getattr(builtins, node.id, None))
        if node.id == "Literal" and (
            found is None or found is getattr(sys.modules.get("typing"), "Literal", None)
        ):
            return _LITERAL
        if found is None and node.id in ANNOTATION_NAMES:  # imported for type checkers only
            found = getattr(typing, node.id)
        if found is None:
            raise TypeError(f"unknown name {node.id!r} in an annotation")
        return found
    if isinstance(node, ast.Attribute):
        return getattr(_node(node.value, names), node.attr)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        # as typing.Union: nested unions flattened, None as its type, each member once
        members: list[Any] = []
        for side in (_node(node.left, names), _node(node.right, names)):
            for member in side.args if type(side) is _Read and side.kind == "union" else [side]:
                member = type(None) if member is None else member
                if member not in members:
                    members.append(member)
        return members[0] if len(members) == 1 else _Read("union", tuple(members))
    if isinstance(node, ast.Subscript):
        base = _node(node.value, names)
        inner = node.slice
        args = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        values = tuple(_node(a, names) for a in args)
        if base is _LITERAL:
            return _Read("literal", tuple(dict.fromkeys(values)))
        return base[values if len(values) > 1 else values[0]]
    raise TypeError(f"no strict reader for the annotation {ast.dump(node)}")


def _tagged(union: Any) -> Callable[[Any], Any]:
    """A record of a ``kind``-tagged union: the tag picks the record class."""
    by_kind: dict[str, Callable[[Any], Any]] = {}
    for cls in _args(union):
        (tag,) = _args(_resolve(cls, "kind"))
        by_kind[tag] = _record(cls)
    known = ", ".join(repr(k) for k in by_kind)

    def check(value: Any) -> Any:
        if type(value) is not dict:
            raise Malformed(
                (), "Input should be a valid dictionary or object to extract fields from"
            )
        tag = value.get("kind")
        if tag is None:
            raise Malformed((), "Unable to extract tag using discriminator 'kind'")
        one = by_kind.get(tag) if type(tag) is str else None
        if one is None:
            raise Malformed(
                (),
                f"Input tag {str(tag)!r} found using 'kind' does not match any of the "
                f"expected tags: {known}",
            )
        try:
            return one(value)
        except Malformed as exc:
            raise Malformed((tag, *exc.loc), exc.msg) from None

    return check


def bounded(limit: int, loc: Loc, value: Any) -> None:
    """Refuse a JSON array longer than ``limit`` (pydantic's ``max_length``), before any
    of its items is checked."""
    if type(value) is list and len(value) > limit:
        raise Malformed(
            loc, f"Tuple should have at most {limit} items after validation, not {len(value)}"
        )
