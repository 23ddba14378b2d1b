"""Ownership analysis for buffer deallocation: who frees each buffer, and where.

Every memref value of a function is one of

* an *owning root*: a heap allocation (an op whose allocation interface builds a dealloc), a
  call result (the caller owns returned buffers, except forwarded ones: below), or an *owned
  merge* (below).  Exactly one
  free must run for it on every path, after the last use of any of its aliases, unless its
  ownership is *transferred* along a control-flow edge to an owned merge;
* a *static root*: a function argument (borrowed from the caller), `memref.alloca`,
  `memref.get_global`, a buffer the input program frees itself, a memref made by an op we know
  nothing about.  Never freed by us;
* a *view*: an op result aliasing its memref operands (`subview`, `cast`, `reinterpret_cast`,
  `expand_shape`, `collapse_shape`, `view`, and, conservatively, any unknown op), and a
  *forwarded* call result: the callee (private, all its callers known) returns statically
  its argument #j or a view of it (`analysis/forwarding.py`), so the result is a view of
  operand #j, which stays alive over the result's uses;
* a *merge*: a value fed along control-flow edges: a non-entry block argument (branch
  models, `interfaces/branch.py`: `cf.br`, `cf.cond_br`, `cf.switch`), an entry block
  argument of a region or a result of a region op (region-branch models,
  `interfaces/region_branch.py`, registered from `models/`).

Merges that receive values along the same edges form a *class* (e.g. an `scf.for` iter_arg
and the loop result).  A class is

* *borrowed*: it owns nothing; it aliases the roots of its incoming values, whose lifetimes are
  extended over its uses.  Valid when every incoming root outlives the merge: it is static,
  or defined outside the region op (region edges), or its definition dominates the target
  block (branches).  Costs nothing; or
* *owned*: each incoming value is handed over (TRANSFER: an owning root that is dead after the
  edge) or copied (CLONE, built by the buffer's allocation interface).  The merge is then an
  owning root itself; or
* *flagged* (owned at run time only): an `i1` ownership flag travels beside every member (an
  extra block argument, or an extra result / iter_arg / region argument of a region op whose
  model `carries_ownership_flags`: scf.if/index_switch/execute_region results, scf.for
  iter_args, scf.while values).  Incoming values are handed over (flag true, or the flag of a flagged value handed
  on) or borrowed (flag false: the input outlives the merge and stays alive over its uses).
  The merge is freed by `scf.if %flag { dealloc }`.  This is what replaces a clone wherever
  an input is borrowed and another is fresh: a flag costs an i1, a clone copies the buffer.
  A flagged value leaving a region, or passed along a branch, may borrow a buffer that dies
  at that exit or edge (the iter_arg of the loop body it leaves, the other block argument of
  a `cf` loop header on a back edge): the merge *absorbs* that root, taking its ownership
  when the value holds it at run time (a comparison of aligned pointers), and the root is
  freed at the exit or edge only when the value does not hold it
  (`sites.absorbed`).

A call result that may be one of its operands (a maybe-forwarded result,
`analysis/forwarding.py`) is owned only when its pointer differs from theirs (`shared_results`,
flagged like a merge).  When such an operand is a heap buffer the caller owns and uses no more
after the call (a copy made for it), the result takes that buffer over as a merge takes over a
root dying at its edge: it is owned on every path, and the operand is freed after the call
only when the result does not hold it (`collect.absorb_call_operands`).

Classes start borrowed; those that cannot be (an input may die while the merge lives) become
owned, a wave at a time (`classes.decide_classes`), and so do flaggable borrowed classes passed on
into an owned merge that some of their inputs do not outlive (a join whose block argument
flows on to a block it does not dominate), so ownership travels on with a flag.  A borrowed class whose inputs can all be handed
over becomes owned too (`classes.promote_transfers`): the inputs not taken are then freed at the branch
instead of after the merge dies (a loop swapping buffers frees the unused one after the loop).
Then each edge into an owned class picks transfer, borrow or clone (`classes.decide_sites`, a fixpoint
where choices only get costlier); a class with a borrowed input, or fed by a flagged one,
becomes flagged when all its ops can carry a flag, else those inputs are cloned.

`func.return` operands are owned by the caller (forwarded results excepted: they are
returned as is, the caller sees them as views of its operand): an owned buffer is returned
as is; a flagged one is returned as is when its flag is set and copied otherwise
(`scf.if %flag -> memref { yield %m } else { clone }`, the one copy the contract forces, only
on the path where the function does not own the buffer); a borrowed one is always copied.
Except: a value (flagged, or owning nothing) that may only borrow buffers returned at other
positions of its type is returned as is; callers compare those results' pointers and free
the buffer once (`classes._returned_beside_lenders`).
A loop that swaps buffers in its iter_args passes ownership along with the values, with no
clone and no flag.

Everything is analysed before anything is rewritten: `analyze_deallocation(module)` returns a
`DeallocationPlan` (flags, clones and frees to insert) or raises a `DiagnosticException`
naming the op that cannot be handled.

The phases, one module each, are plain functions reading and filling one
`OwnershipState` (`plan.py`, beside the records they plan): `collect.py` classifies the
memref values and collects the sites (phase 1); `roots.py` builds the merge classes and
the roots each value may hold (phase 2); `classes.py` decides which classes are owned or
flagged and the mode of each site, asking `sites.py` what each edge may do (phase 3);
`placement.py` places the frees (phase 4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xdsl.dialects import builtin, func

from xdsl_bufferize.analysis.ownership import classes, collect, placement, roots, sites
from xdsl_bufferize.analysis.ownership.collect import (
    clone_family,
    clone_result_model,
    dealloc_family,
)
from xdsl_bufferize.analysis.ownership.plan import (
    DeallocationPlan,
    FreePoint,
    OwnershipState,
    PlannedClone,
    PlannedFlag,
    PlannedFree,
    SiteMode,
)
from xdsl_bufferize.utils.ir import is_memref

if TYPE_CHECKING:
    from xdsl_bufferize.analysis.manager import ModuleAnalyses

__all__ = [
    "DeallocationPlan",
    "FreePoint",
    "OwnershipState",
    "PlannedClone",
    "PlannedFlag",
    "PlannedFree",
    "analyze_deallocation",
    "clone_family",
    "clone_result_model",
    "dealloc_family",
    "is_memref",
]


def analyze_deallocation(
    module: builtin.ModuleOp, analyses: ModuleAnalyses | None = None
) -> DeallocationPlan:
    """Plan the clones and frees that make `module` leak-free (raises on unsupported IR);
    the module analyses are taken from `analyses` when given."""
    never_lent: frozenset[tuple[func.FuncOp, int]] = frozenset()
    earlier: OwnershipState | None = None
    while True:
        state = OwnershipState(module, never_lent)
        collect.collect(state, earlier, analyses)
        earlier = state
        roots.build_classes(state)
        collect.absorb_call_operands(state)
        classes.decide_classes(state)
        classes.promote_transfers(state)
        classes.decide_sites(state)
        found = classes.never_lent(state)
        if found <= never_lent:
            break
        # callers compared those results with their operands for nothing: plan again
        # without (which may show more results never lent, so until nothing changes)
        never_lent |= found
    classes._check_forwarded(state)
    classes._check_viewed_returns(state)
    classes.decide_families(state)
    plan = DeallocationPlan()
    plan.result_flags = {
        r: e for r, e in state.shared_results.items() if state.is_flagged(r)
    }
    for site in state.sites:
        if site.mode in (SiteMode.CLONE, SiteMode.COND_CLONE):
            plan.clones.append(
                PlannedClone(
                    site.source,
                    site.index,
                    classes._clone_model(state, site),
                    site.mode is SiteMode.COND_CLONE,
                    sites.flag_holder(state, site.value)
                    if site.mode is SiteMode.COND_CLONE
                    else None,
                )
            )
    for cls in state.classes:
        if not cls.flagged:
            continue
        plan.flagged.extend(cls.members)
        for site in cls.sites:
            if site.mode is SiteMode.BORROW:
                flag = PlannedFlag(site.source, site.index, False)
            elif (
                site.mode is SiteMode.TRANSFER
                and (holder := sites.flag_holder(state, site.value)) is not None
            ):
                absorbs = tuple(
                    (root, state.is_flagged(root))
                    for root in sorted(
                        sites.absorbed(state, site), key=state.order.__getitem__
                    )
                )
                flag = PlannedFlag(site.source, site.index, None, holder, absorbs)
            else:
                flag = PlannedFlag(site.source, site.index, True)
            plan.flags.append(flag)
    placement.place_frees(state, plan)
    return plan
