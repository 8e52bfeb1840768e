"""The commands of `allfours`, one module each: its options (`add`) beside its handler (`run`).

`common` holds what several commands share: argument types, option groups, output checks.
"""
