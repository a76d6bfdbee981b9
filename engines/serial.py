"""JSON-safe dump and checked load of frozen-dataclass game states.

Every engine keeps its state as frozen dataclasses of ints, strings, bools,
``None`` and tuples.  ``dump`` turns one into plain JSON types; ``load`` reads it
back using the type hints, and raises :class:`CorruptState` on anything that does
not fit (a damaged cache row must be noticed, not half-loaded).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar, Union

T = TypeVar("T")


class CorruptState(ValueError):
    """Stored data does not describe a valid state."""


_PLAIN = (int, str, bool, type(None))


def dump(obj: Any) -> Any:
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is tuple or kind is list:
        return [item if type(item) in _PLAIN else dump(item) for item in obj]
    return {name: dump(getattr(obj, name)) for name in _field_names(kind)}


def dump_state(state: Any) -> dict[str, Any]:
    """A whole state (a dataclass instance) as a JSON-safe dict."""
    return {name: dump(getattr(state, name)) for name in _field_names(type(state))}


#: Field names per dataclass (a dict, not functools.cache: mypy takes type objects for unhashable there).
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"cannot dump {cls.__name__}")
        names = _FIELD_NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def load(cls: type[T], data: Any) -> T:
    """Build ``cls`` from dumped data, checking every value against the type hints."""
    hint: Any = cls  # a type hint like any other, for the cache of converters
    state: T = _converter(hint)(data, cls.__name__)
    return state


Converter = typing.Callable[[Any, str], Any]


@cache
def _converter(hint: Any) -> Converter:
    """A function that checks and converts a dumped value of type ``hint`` (built once per type)."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        return _union(typing.get_args(hint))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(_converter(args[0]))
        return _fixed(tuple(_converter(a) for a in args))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _record(hint)
    if hint in (bool, int, str, type(None)):
        return _scalar(hint)
    raise TypeError(f"unsupported type {hint!r}")


def _union(options: tuple[Any, ...]) -> Converter:
    nullable = type(None) in options
    converters = [_converter(o) for o in options if o is not type(None)]

    def convert(value: Any, where: str) -> Any:
        if value is None and nullable:
            return None
        for one in converters:
            try:
                return one(value, where)
            except CorruptState:
                continue
        raise CorruptState(f"{where}: {value!r} fits none of {options}")

    return convert


def _sequence(item: Converter) -> Converter:
    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, list | tuple):
            raise CorruptState(f"{where}: expected a list, got {type(value).__name__}")
        return tuple(item(v, where) for v in value)

    return convert


def _fixed(items: tuple[Converter, ...]) -> Converter:
    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, list | tuple) or len(value) != len(items):
            raise CorruptState(f"{where}: expected a list of {len(items)}, got {value!r}")
        return tuple(one(v, where) for one, v in zip(items, value, strict=True))

    return convert


def _record(cls: type) -> Converter:
    hints = typing.get_type_hints(cls)
    fields = tuple((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls))

    def convert(value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise CorruptState(f"{where}: expected an object, got {type(value).__name__}")
        missing = [name for name, _ in fields if name not in value]
        if missing:
            raise CorruptState(f"{where}: missing {', '.join(missing)}")
        return cls(**{name: one(value[name], f"{where}.{name}") for name, one in fields})

    return convert


def _scalar(kind: type) -> Converter:
    def convert(value: Any, where: str) -> Any:
        # bool is an int subclass: check the exact type so true never loads as 1.
        if type(value) is not kind:
            raise CorruptState(f"{where}: expected {kind.__name__}, got {value!r}")
        return value

    return convert
