"""Arrays the numba runtime does not count references to, for the hot loops of the search
players and of the run kernels' blocks of deals: there every array handed to a helper
costs an atomic increment and decrement of its reference count (about half of a search's
time), which an array without an owner skips."""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.extending import intrinsic


def _without_owner(context, builder, kind, value):
    """The array struct `value` of type `kind` with no meminfo and no parent object."""
    view = context.make_array(kind)(context, builder, value=value)
    view.meminfo = ir.Constant(view.meminfo.type, None)
    view.parent = ir.Constant(view.parent.type, None)
    return view._getvalue()


@intrinsic
def unowned(typingctx, arrays):
    """Views of an array, or of each array of a tuple, with no owner: the runtime neither
    counts references to them nor frees them. The arrays must outlive the views: a function
    may use views of the arrays it receives as arguments until it returns, and views of
    arrays it makes if it uses those arrays after the views (returns them, say)."""
    if isinstance(arrays, types.Array):

        def codegen(context, builder, signature, args):
            return _without_owner(context, builder, arrays, args[0])

        return arrays(arrays), codegen
    if isinstance(arrays, types.BaseTuple) and all(
        isinstance(kind, types.Array) for kind in arrays
    ):

        def codegen_tuple(context, builder, signature, args):
            views = [
                _without_owner(context, builder, kind, builder.extract_value(args[0], k))
                for k, kind in enumerate(arrays)
            ]
            return context.make_tuple(builder, arrays, views)

        return arrays(arrays), codegen_tuple
    return None
