import Foundation
import GRDB
import Testing
@testable import DLibKit

/// dlib writes the store's dates itself (no DateFormatter, so no ICU); they
/// must be the very text GRDB writes and reads for a `Date`.
@Suite struct StoredDateTests {
    static let dates: [Date] = [
        Date(timeIntervalSince1970: 0),
        Date(timeIntervalSince1970: -0.001),
        Date(timeIntervalSince1970: 951_782_400.5),      // 2000-02-29 00:00:00.500
        Date(timeIntervalSince1970: 1_700_000_000.123_9), // to the nearest millisecond, as ICU rounds
        Date(timeIntervalSince1970: 4_102_444_799.999),  // 2099-12-31 23:59:59.999
        Date(timeIntervalSince1970: -2_208_988_800),     // 1900-01-01
    ] + (0..<200).map { Date(timeIntervalSince1970: Double($0) * 15_778_463.377) } // every half year, 1970–2070

    @Test(arguments: dates) func theTextIsGRDBs(date: Date) throws {
        let grdb = try #require(String.fromDatabaseValue(date.databaseValue))
        #expect(StoredDate.text(date) == grdb)
    }

    @Test func grdbReadsItBack() throws {
        let text = StoredDate.text(Date(timeIntervalSince1970: 1_700_000_000.25))
        #expect(text == "2023-11-14 22:13:20.250")
        let read = try #require(Date.fromDatabaseValue(text.databaseValue))
        #expect(read.timeIntervalSince1970 == 1_700_000_000.25)
    }
}
