import Primitives

/// The shared fast math (vectorised `exp` for softmax and SiLU) lives in `Primitives`.
typealias FastMath = Primitives.FastMath
