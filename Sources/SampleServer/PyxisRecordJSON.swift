/// A `PyxisRecord` as JSON, in the member order of the contract's example.
extension PyxisRecord {
    /// The holding as one entry of `data.list`.
    public var json: String { jsonText.rendered }

    var jsonText: JSONText {
        var members: [(String, JSONText)] = [
            ("id", idIsString ? .string(id) : .number(id)),
            ("biblioType", biblioType),
            ("thumbnailUrl", .nullable(thumbnailUrl)),
            ("isbn", .nullable(isbn)),
            ("issn", .nullable(issn)),
            ("titleStatement", .nullable(titleStatement)),
            ("author", .nullable(author)),
            ("publication", .nullable(publication)),
        ]
        if let edition { members.append(("edition", .string(edition))) }
        if sendsPublisherFields {
            members.append(("publisher", .nullable(publisher)))
            members.append(("publishYear", .nullable(publishYear)))
        }
        members.append(("etcContent", .nullable(etcContent)))
        if sendsBranchVolumes { members.append(("branchVolumes", .array(copies.map(\.branchVolumeJSON)))) }
        members += [
            ("erSources", .array([])),
            ("resources", .null),
            ("newResources", .null),
            ("similars", .array(similars.map(\.jsonText))),
            ("dateReceived", .nullable(dateReceived)),
            // A key no client knows: they must pass over it.
            ("sampleExtension", .object([("note", .string("모르는 키는 무시합니다")), ("index", .int(index))])),
        ]
        return .object(members)
    }

    private var biblioType: JSONText {
        guard let materialType else { return .null }
        var members: [(String, JSONText)] = [("id", .int(1))]
        if sendsTypeName { members.append(("name", .string(materialType))) }
        members += [
            ("materialType", .object([("id", .int(1)), ("code", .string(materialTypeCode)), ("name", .string(materialType))])),
            ("biblioSchema", .object([("id", .int(1)), ("name", .string("KORMARC")), ("isMarc", .bool(true))])),
        ]
        return .object(members)
    }
}

extension PyxisRecord.Copy {
    /// The copy as an entry of the search answer's `branchVolumes`.
    var branchVolumeJSON: JSONText {
        .object([
            ("id", .int(id)), ("name", .string(location)), ("isCr", .bool(false)), ("volume", .nullable(callNo)),
            ("cState", .string(state)), ("cStateCode", .string(stateCode)), ("isSubscribed", .null),
            ("hasItem", .bool(true)),
        ])
    }

    /// The copy as an entry of the items answer (`/biblios/<id>/items`).
    var itemJSON: JSONText {
        .object([
            ("id", .int(id)), ("barcode", .string(barcode)), ("callNo", .nullable(callNo)),
            ("location", .object([("id", .int(locationID)), ("name", .string(location))])),
            ("circulationState", .object([
                ("code", .string(stateCode)), ("name", .string(state)), ("isCharged", .bool(stateCode == "LOAN")),
            ])),
            ("dueDate", .nullable(dueDate)),
            ("holdCount", .int(0)),
        ])
    }
}

extension PyxisRecord.Similar {
    var jsonText: JSONText {
        .object([("id", .int(id)), ("titleStatement", .string(titleStatement)), ("publication", .string(publication))])
    }
}
