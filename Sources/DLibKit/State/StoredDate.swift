import Foundation

/// A date as GRDB stores a `Date` ("yyyy-MM-dd HH:mm:ss.SSS", UTC), written
/// without a `DateFormatter`. GRDB's own formatter makes ICU load its locale,
/// calendar and time zone data the first time a date is written, which every
/// `dlib list` does after its page (the cache's `fetchedAt`): about 5 MiB and
/// a few milliseconds of a command that otherwise touches no ICU. GRDB reads
/// this text back as a `Date`, and it sorts as the dates do.
enum StoredDate {
    static func text(_ date: Date) -> String {
        // The clock's date; clamped all the same, so no value can trap.
        let seconds = min(max(date.timeIntervalSince1970, -1e13), 1e13)
        let milliseconds = Int((seconds * 1000).rounded()) // to the nearest, as ICU does
        let (days, inDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + " "
            + pad(inDay / 3_600_000, 2) + ":" + pad(inDay / 60_000 % 60, 2) + ":" + pad(inDay / 1000 % 60, 2)
            + "." + pad(inDay % 1000, 3)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// Year, month and day of the proleptic Gregorian calendar for days since
    /// 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
