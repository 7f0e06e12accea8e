/// The elements of the contract that dlib reads; every other one is ignored.
enum ResponseElement: Int, CaseIterable {
    // Item fields, canonical names.
    case controlNo, title, author, publisher, pubYear, isbn, callNo, materialType, location, regDate, coverUrl
    // Item fields, aliases seen on library systems of the same family.
    case id, titleStatement, thumbnailUrl, publication
    // Structure.
    case item
    // The normal envelope.
    case resultCode, resultMsg, numOfRows, pageNo, totalCount
    // The gateway's error envelope.
    case errMsg, returnAuthMsg, returnReasonCode

    static let count = allCases.count

    var isItemField: Bool { rawValue <= ResponseElement.publication.rawValue }

    /// NUL-terminated names, matched against libxml2's interned local names
    /// byte by byte, so no String is made for an element.
    private static let names: [(name: [UInt8], element: ResponseElement)] = allCases.map {
        (Array(String(describing: $0).utf8) + [0], $0)
    }

    static func match(_ localname: UnsafePointer<UInt8>) -> ResponseElement? {
        for (name, element) in names where name[0] == localname[0] {
            let equal = name.withUnsafeBufferPointer { buffer -> Bool in
                var index = 0
                while true {
                    let byte = buffer[index]
                    if byte != localname[index] { return false }
                    if byte == 0 { return true }
                    index += 1
                }
            }
            if equal { return element }
        }
        return nil
    }
}
