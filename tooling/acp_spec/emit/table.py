"""The method table: one row per method, shared by meta.json, the models and the docs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..model import Method, Spec


@dataclass(frozen=True)
class MethodRow:
    name: str
    direction: str  # who sends it: client-to-agent | agent-to-client | both
    kind: str  # request | notification | both (a request and a notification)
    stability: str  # stable | unstable | proposed
    audited: bool
    retry_class: str  # Method.retry_class
    retry_classes: Mapping[str, str]  # direction -> class (each is retry_class: one-retry-class)
    params: str  # def name of the request params (the notification params if no request)
    result: str | None  # def name of the result; None for a notification
    notification_params: str | None  # for a method that is both: the notification's params
    side: str  # upstream's x-side: agent | client | both | protocol (who handles it)


def row(method: Method) -> MethodRow:
    request, notification = method.request, method.notification
    first = request or notification
    assert first is not None
    classes: dict[str, str] = {r.direction: r.retry_class for r in method.retry}
    return MethodRow(
        name=method.name,
        direction=method.sender,
        kind="both" if request and notification else first.kind,
        stability=method.stability,
        audited=method.audited,
        retry_class=method.retry_class,
        retry_classes=classes,
        params=first.params,
        result=request.result if request else None,
        notification_params=notification.params if request and notification else None,
        side=method.side,
    )


def table(spec: Spec) -> list[MethodRow]:
    """Rows in the spec's order."""
    return [row(m) for m in spec.methods.values()]
