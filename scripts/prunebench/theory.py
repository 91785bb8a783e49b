"""The Knuth-Moore minimal tree (reference 001: Knuth and Moore, 1975) and the
effective branching factor it is computed from.
"""


def minimal_tree_leaves(branching, depth: int):
    """Leaves of the minimal tree: b^ceil(d/2) + b^floor(d/2) - 1.

    Two strategy trees prove the root value, one per player, and they share
    the principal variation's leaf. Exact for integer b.
    """
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def effective_branching_factor(perft: list[int], depth: int) -> float:
    """b_d = perft(d)^(1/d): the uniform branching that gives the same tree size."""
    return perft[depth] ** (1.0 / depth)

