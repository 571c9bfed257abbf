/// Arithmetic that cannot trap on hostile series: counts are clamped, doubles are made finite
/// before any conversion to `Int`, and numbers are formatted without a locale.
enum ChartMath {
    /// The largest count drawn; beyond it a value is clamped (no overflow in sums or scales).
    static let maxCount = 1_000_000_000

    /// A count in `0...maxCount`.
    static func clamp(_ value: Int) -> Int { min(max(value, 0), maxCount) }

    /// A finite value in `0...maxCount` (NaN and infinities become 0).
    static func clamp(_ value: Double) -> Double {
        value.isFinite ? min(max(value, 0), Double(maxCount)) : 0
    }

    /// `value` converted to an `Int` in `range` (NaN gives the lower bound); never traps.
    static func int(_ value: Double, in range: ClosedRange<Int>) -> Int {
        guard value.isFinite, value > Double(range.lowerBound) else { return range.lowerBound }
        guard value < Double(range.upperBound) else { return range.upperBound }
        return Int(value)
    }

    /// `value` with exactly one decimal, rounded half away from zero: `4`, `4.25` -> `4.0`, `4.3`.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = int((abs(value) * 10).rounded(), in: 0...(Int.max / 2))
        let sign = value < 0 && tenths > 0 ? "-" : ""
        return "\(sign)\(tenths / 10).\(tenths % 10)"
    }

    /// A tick step of 1, 2 or 5 times a power of ten giving at most `ticks` steps up to `maximum`.
    static func niceStep(maximum: Int, ticks: Int) -> Int {
        let target = max(1, clamp(maximum) / max(1, ticks))
        var power = 1
        while true {
            for factor in [1, 2, 5] where factor * power >= target { return factor * power }
            power *= 10
        }
    }

    /// The top of an axis: `maximum` rounded up to a multiple of `step` (at least one step).
    static func axisTop(maximum: Int, step: Int) -> Int {
        let top = (clamp(maximum) + step - 1) / step * step
        return max(step, top)
    }
}
