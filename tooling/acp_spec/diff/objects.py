"""The value comparison of objects: properties added, removed, renamed, made required or
optional, taken from the defs an object is built on, and what else an object admits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..index import constraints, stands_for
from ..pointers import escape
from .finding import backward, def_pointer, forward, receivers, senders
from .nodes import extra, moved_value, shown
from .pairing import chase
from .place import Place
from .renames import property_renames
from .view import ProtocolView
from .walk import Part


class Objects(Part):
    """Compares what an object holds."""

    def absorb(
        self,
        view: ProtocolView,
        node: Mapping[str, Any],
        other: Mapping[str, Any],
        rename: Mapping[str, str],
    ) -> tuple[Mapping[str, Any], dict[str, str]]:
        """The node with the plain objects it is built on (``allOf`` parts the other side
        does not share) written into it, and where each property so taken comes from. An
        object whose properties moved into a def of its own is then compared property by
        property, not as "now also must match the def"."""
        theirs = {chase(self._other_view(view), r) for p in other.get("allOf", [])
                  if isinstance(p, Mapping) and (r := stands_for(p)) is not None}  # fmt: skip
        kept: list[Any] = []
        out = dict(node)
        origins: dict[str, str] = {}
        for part in node.get("allOf", []):
            ref = stands_for(part) if isinstance(part, Mapping) else None
            name = chase(view, ref) if ref is not None else None
            body = view.defs.get(name, {}) if name is not None else {}
            plain = set(constraints(body)) <= {"type", "properties", "required",
                                               "additionalProperties"}  # fmt: skip
            if name is None or rename.get(name, name) in theirs or not plain or not body:
                kept.append(part)
                continue
            props = dict(out.get("properties", {}))
            for prop, schema in body.get("properties", {}).items():
                if prop not in props:
                    props[prop] = schema
                    origins[prop] = def_pointer(name)
            out["properties"] = props
            out["required"] = sorted(set(out.get("required", [])) | set(body.get("required", [])))
            out.setdefault("type", body.get("type"))
        if len(kept) != len(node.get("allOf", [])):
            out["allOf"] = kept
        return out, origins

    def _other_view(self, view: ProtocolView) -> ProtocolView:
        return self.new if view is self.old else self.old

    def properties(
        self,
        o: Mapping[str, Any],
        n: Mapping[str, Any],
        at: Place,
        old_origins: Mapping[str, str],
        new_origins: Mapping[str, str],
    ) -> None:
        old_props: Mapping[str, Any] = o.get("properties", {})
        new_props: Mapping[str, Any] = n.get("properties", {})
        old_req, new_req = set(o.get("required", [])), set(n.get("required", []))
        gone = sorted(set(old_props) - set(new_props))
        came = sorted(set(new_props) - set(old_props))

        def place(name: str, was: str | None = None) -> Place:
            old_base = old_origins.get(was or name, at.old)
            new_base = new_origins.get(name, at.new)
            return replace(
                at,
                old=f"{old_base}/properties/{escape(was or name)}",
                new=f"{new_base}/properties/{escape(name)}",
                label=f"{at.label}.{name}",
                rel=f"{at.rel}/properties/{escape(name)}",
                catch_all=False,
            )

        renamed = property_renames(
            {p: (old_props[p], p in old_req) for p in gone},
            {p: (new_props[p], p in new_req) for p in came},
            self.renames.defs,
        )
        for was, now in renamed:
            gone.remove(was)
            came.remove(now)
            self.emit("property-renamed", place(now, was), f"{at.label}.{was} renamed to "
                      f"{now}: each side looks for its own name")  # fmt: skip
        for name in gone:
            was_required = " (it was required)" if name in old_req else ""
            self.emit("property-removed", place(name), f"{at.label}.{name} "
                      f"removed{was_required}: old {receivers(at.flow)} that read it no "
                      "longer get it", gone=True)  # fmt: skip
        for name in came:
            if name in new_req:
                self.emit("property-required-added", place(name), f"{at.label}.{name} added, "
                          f"required: old {senders(at.flow)} leave it out and new "
                          f"{receivers(at.flow)} refuse that")  # fmt: skip
            else:
                self.emit("property-added", place(name), f"{at.label}.{name} added, "
                          f"optional: old {receivers(at.flow)} ignore it")  # fmt: skip
        for name in sorted(set(old_props) & set(new_props)):
            self._requiredness(name in old_req, name in new_req, place(name))
            was, now = old_props[name], new_props[name]
            if (at.new, name, True) in self.moved:  # its values were compared as variants
                was = moved_value(was, now)
            elif (at.new, name, False) in self.moved:
                now = moved_value(now, was)
            self.node(was, now, place(name))
        # required names the object does not declare (its allOf parts do)
        for name in sorted((old_req ^ new_req) - set(old_props) - set(new_props)):
            self._requiredness(name in old_req, name in new_req,
                               replace(at, label=f"{at.label}.{name}"))  # fmt: skip

    def _requiredness(self, was: bool, now: bool, at: Place) -> None:
        if was and not now:
            self.emit("property-now-optional", at, f"{at.label} is now optional: old "
                      f"{receivers(at.flow)} that rely on it break when new "
                      f"{senders(at.flow)} leave it out")  # fmt: skip
        elif now and not was:
            self.emit("property-now-required", at, f"{at.label} is now required: old "
                      f"{senders(at.flow)} that leave it out are refused by new "
                      f"{receivers(at.flow)}")  # fmt: skip

    def additional(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was, now = extra(o.get("additionalProperties")), extra(n.get("additionalProperties"))
        if isinstance(was, dict) and isinstance(now, dict):
            place = at.down(("additionalProperties",), ("additionalProperties",), at.label + "{*}")
            self.node(was, now, place)
            return
        rank = {False: 0, True: 2}
        a = rank.get(was, 1) if isinstance(was, bool) else 1
        b = rank.get(now, 1) if isinstance(now, bool) else 1
        if a == b:
            return
        words = f"{at.label}: additionalProperties {shown(was)} → {shown(now)}"
        if b < a:
            self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
        else:
            self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")
