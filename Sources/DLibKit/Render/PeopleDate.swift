/// A registration date written out for people, in the user's language:
/// 2021년 3월 15일, or March 15, 2021.
public enum PeopleDate {
    private static let months = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]

    /// `YYYY-MM-DD` written out; anything else is returned as it is.
    public static func text(_ isoDate: String, language: Language) -> String {
        let parts = isoDate.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day)
        else { return isoDate }
        switch language {
        case .korean: return "\(year)년 \(month)월 \(day)일"
        case .english: return "\(months[month - 1]) \(day), \(year)"
        }
    }
}
