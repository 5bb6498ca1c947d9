"""``Game.null_orders``: a property, as ``elementary_divisors`` and the game's other
descriptions are, that still answers the call of the method it was (``g.null_orders()``),
with a DeprecationWarning."""

from __future__ import annotations

import warnings
from typing import List


class NullOrders(List[int]):
    """The additive order of each row of ``null_space()``: a list of ints. Calling it, as the
    method ``null_orders()`` was called before it became a property, gives the same list and a
    DeprecationWarning."""

    def __call__(self) -> List[int]:
        warnings.warn(
            "Game.null_orders is a property, like Game.elementary_divisors: write g.null_orders, "
            "not g.null_orders()",
            DeprecationWarning,
            stacklevel=2,
        )
        return list(self)
