/// The contract's XML, written the many ways a real server writes it, so the
/// client's parser meets CDATA, padding, shuffled and unknown elements from
/// the sample catalogue itself, not only from fixtures.
enum ResponseXML {
    static func page(_ records: ArraySlice<SampleRecord>, offset: Int, pageNo: Int, numOfRows: Int, totalCount: Int) -> String {
        let code = totalCount == 0 ? ("03", "NODATA_ERROR") : ("00", "NORMAL SERVICE.")
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <response>
          <header>
            <resultCode>\(code.0)</resultCode>
            <resultMsg>\(code.1)</resultMsg>
          </header>
          <body>
            <items>

        """
        for (index, record) in zip(offset..., records) {
            xml += item(record, variant: index)
        }
        xml += """
            </items>
            <numOfRows>\(numOfRows)</numOfRows>
            <pageNo>\(pageNo)</pageNo>
            <totalCount>\(totalCount)</totalCount>
          </body>
        </response>

        """
        return xml
    }

    static func item(_ record: SampleRecord, variant: Int) -> String {
        var names = SampleRecord.fieldOrder
        if variant % 5 == 1 { names.reverse() }
        var xml = "      <item>\n"
        if variant % 9 == 2 { xml += "        <libraryCode>MOE-LIB</libraryCode>\n" }
        for name in names {
            guard let value = record[name] else {
                // Absent, or present and empty: both mean missing.
                if variant % 4 == 0 { xml += "        <\(name)></\(name)>\n" }
                continue
            }
            let text: String
            if name == "title", variant % 7 == 3, !value.contains("]]>") {
                text = "<![CDATA[\(value)]]>"
            } else if variant % 11 == 4 {
                text = "\n          \(escape(value))\n        "
            } else {
                text = escape(value)
            }
            xml += "        <\(name)>\(text)</\(name)>\n"
        }
        return xml + "      </item>\n"
    }

    static func apiError(code: String, message: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <response><header><resultCode>\(code)</resultCode><resultMsg>\(message)</resultMsg></header></response>

        """
    }

    static func gatewayError(reasonCode: String, authMessage: String) -> String {
        """
        <OpenAPI_ServiceResponse>
          <cmmMsgHeader>
            <errMsg>SERVICE ERROR</errMsg>
            <returnAuthMsg>\(authMessage)</returnAuthMsg>
            <returnReasonCode>\(reasonCode)</returnReasonCode>
          </cmmMsgHeader>
        </OpenAPI_ServiceResponse>

        """
    }

    static func html(_ message: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="ko"><head><meta charset="utf-8"><title>\(escape(message))</title></head>
        <body><h1>\(escape(message))</h1><p>잠시 후 다시 이용해 주십시오.</p></body></html>

        """
    }

    static let malformed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <response><header><resultCode>00</resultCode></header>
        <body><items><item><controlNo>MOE1</controlNo><title>broken</titl></item></items></body></response>

        """

    /// A success without a `body`: the holdings are not where they belong.
    static let headerOnly = """
        <?xml version="1.0" encoding="UTF-8"?>
        <response><header><resultCode>00</resultCode><resultMsg>NORMAL SERVICE.</resultMsg></header></response>

        """

    /// A well-formed page whose one title nests elements `depth` deep.
    static func deepNesting(depth: Int) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <response><header><resultCode>00</resultCode><resultMsg>NORMAL SERVICE.</resultMsg></header>
        <body><items><item><controlNo>MOE1</controlNo><title>\(String(repeating: "<x>", count: depth))\
        \(String(repeating: "</x>", count: depth))</title></item></items>
        <numOfRows>20</numOfRows><pageNo>1</pageNo><totalCount>1</totalCount></body></response>

        """
    }

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE response [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <response><header><resultCode>00</resultCode></header>
        <body><items><item><controlNo>MOE1</controlNo><title>&lol9;</title></item></items></body></response>

        """

    static func escape(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for character in value.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }
}

/// A whole catalogue as one response body, for parser benchmarks.
public enum SampleDocument {
    public static func page(_ records: [SampleRecord]) -> String {
        ResponseXML.page(records[...], offset: 0, pageNo: 1, numOfRows: records.count, totalCount: records.count)
    }

    /// The same as one Pyxis search answer.
    public static func pyxisPage(_ records: [SampleRecord]) -> String {
        let pyxis = records.enumerated().map { PyxisRecord(record: $0.element, index: $0.offset) }
        return ResponseJSON.page(pyxis, totalCount: records.count, offset: 0, max: records.count)
    }
}
