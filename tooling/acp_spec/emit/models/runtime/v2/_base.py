"""What the models module (``_models``, generated) imports from the runtime, under the one
name its imports use: the base classes, the union routing, the lenient fields' validator,
the checks of the schema a type can't make, and each class's `not` check, made here from
the spec. The runtime's jobs are each a module of their own; this one only binds them."""

from __future__ import annotations

from ._model_base import BaseModel as BaseModel, RootModel as RootModel
from ._repairs import tolerate as tolerate
from ._schema_checks import (
    omit_null as omit_null,
    reject_each as reject_each,
    reject_matching as reject_matching,
    reject_null as reject_null,
    reject_valid as reject_valid,
)
from ._unions import (
    NATIVE_BRANCH as NATIVE_BRANCH,
    ROUTED_BRANCH as ROUTED_BRANCH,
    tag_of as tag_of,
)

# Each class's `not`.
# slot nots: not_<class> = reject_matching(<its shapes>) for each class with a `not`
