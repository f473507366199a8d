"""The artifacts: each a package (or module) here, registered in ``pipeline.ARTIFACTS``
(``artifact.Artifact``): an emit function, pure, from the Spec and its index to
``{relative path: bytes}``, the roots it owns, the checks of the names it makes and, when
slow, a cached step (``cached_step``).

No emitter reads YAML or touches disk; the writer alone does that.
"""
