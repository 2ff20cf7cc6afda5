"""`@value`: a frozen, slotted dataclass whose constructor is fast.

Actions, events and decisions are small immutable values (STYLE.md), and the
engine makes many thousands of them a second. A frozen dataclass's generated
``__init__`` sets each field through ``object.__setattr__``, which is about
three times slower than setting the slot directly. `value` keeps everything
a dataclass gives (repr, eq, hash, frozen, fields, match args) and only
replaces ``__init__`` with one that fills the slots directly.
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields


def value(cls):
    cls = dataclass(frozen=True, slots=True)(cls)
    namespace: dict = {}
    params, body = [], []
    for f in fields(cls):
        if f.default_factory is not MISSING:  # pragma: no cover - not used by our values
            raise TypeError(f"{cls.__name__}.{f.name}: @value fields take plain defaults only")
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)  # our own generated source, as dataclasses itself does
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init
    return cls
