extension Duration {
    /// The duration in milliseconds, fractions kept (timings in receipts and reports).
    public var inMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }

    /// The duration in seconds, fractions kept.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Whole nanoseconds for timers and `DispatchTime`: negative durations give 0 and the value is
    /// capped at `maximumSeconds` (a day by default) so it cannot overflow.
    public func timerNanoseconds(maximumSeconds: Int64 = 86_400) -> Int {
        let (seconds, attoseconds) = max(self, .zero).components
        return Int(min(seconds, maximumSeconds)) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}
