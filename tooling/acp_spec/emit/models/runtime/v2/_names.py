"""The spec's names as types: ``MethodName`` (each method's wire name) and ``RetryClass``
(each retry class a method has), so that a misspelt name is a type error."""

# slot names: MethodName and RetryClass, type aliases of a Literal of the spec's names
