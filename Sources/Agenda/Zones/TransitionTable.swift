/// The lookup shared by a compiled tzdata file and an in-file VTIMEZONE: ascending transition
/// instants, the offset in force from each, and the offset before the first.
enum TransitionTable {
    /// The offset in force at `t`: the one from the last transition at or before `t`, else `initial`.
    static func offset<Instant: Comparable>(at t: Instant, transitions: [Instant], offsetsAfter: [Int],
                                            initial: Int) -> Int {
        var lo = 0, hi = transitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if transitions[mid] <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? initial : offsetsAfter[lo - 1]
    }
}
