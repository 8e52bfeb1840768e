"""Bit tricks on int64 card masks, usable inside numba kernels.

numba has no `np.bitwise_count` in nopython mode, so popcount and count-trailing/leading-zeros
are small intrinsics over LLVM's `ctpop`, `cttz` and `ctlz`.
"""

from __future__ import annotations

from llvmlite import binding, ir
from numba import njit, types
from numba.extending import intrinsic

# BMI2's pdep selects the n-th set bit in one instruction; without it, a short loop.
HAS_PDEP = "+bmi2" in binding.get_host_cpu_features().flatten().split(",")


@intrinsic
def _ctpop(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, [args[0]])

    return sig, codegen


@intrinsic
def _cttz(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@intrinsic
def _ctlz(typingctx, x):
    sig = types.int64(types.int64)

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctlz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return sig, codegen


@njit(cache=True, inline="always")
def popcount(mask: int) -> int:
    """Number of set bits (cards) in a mask."""
    return _ctpop(mask)


@njit(cache=True, inline="always")
def lowest(mask: int) -> int:
    """Index of the lowest set bit (the lowest card code); 64 for an empty mask."""
    return _cttz(mask)


@njit(cache=True, inline="always")
def highest(mask: int) -> int:
    """Index of the highest set bit; -1 for an empty mask."""
    return 63 - _ctlz(mask)


@intrinsic
def _pdep(typingctx, source, mask):
    sig = types.int64(types.int64, types.int64)

    def codegen(context, builder, signature, args):
        fnty = ir.FunctionType(ir.IntType(64), [ir.IntType(64), ir.IntType(64)])
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=fnty)
        return builder.call(fn, args)

    return sig, codegen


if HAS_PDEP:

    @njit(cache=True, inline="always")
    def nth_bit(mask: int, n: int) -> int:
        """Index of the n-th set bit counting from the lowest (n = 0 is the lowest)."""
        return _cttz(_pdep(1 << n, mask))

else:

    @njit(cache=True, inline="always")
    def nth_bit(mask: int, n: int) -> int:
        """Index of the n-th set bit counting from the lowest (n = 0 is the lowest)."""
        for _ in range(n):
            mask &= mask - 1
        return _cttz(mask)
