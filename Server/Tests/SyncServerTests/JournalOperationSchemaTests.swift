import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import SyncWire
import Testing

/// `Resources/openapi.json` describes every journal operation's value exactly, so a client in another language can
/// write journal entries from the document alone: what the kit writes for every kind conforms (and names no member
/// the document does not), the document's operation types are the kit's, what the kit's decoder refuses the
/// document refuses, and the ids the document says the kit derives are the ones it derives.
struct JournalOperationSchemaTests {
    static let household = InventoryModule.HouseholdID(UUID())
    static let recordedAt = Date(timeIntervalSinceReferenceDate: 800_000_000.25)
    static let replica = ReplicaID("schema-test-device")
    static let entrySchema = JSONValue.object(["$ref": .string("#/components/schemas/InventoryJournalEntry")])

    // MARK: - Tests

    @Test(
        "entries of every operation kind, encoded as a device pushes them, conform to InventoryJournalEntry",
        arguments: InventoryOperationKind.allCases)
    func entriesOfEveryKindConform(kind: InventoryOperationKind) throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let checker = SchemaChecker(spec: spec)
        let entries = try Self.samples().filter { $0.operation.kind == kind }
        try #require(!entries.isEmpty, "no sample of \(kind.rawValue)")
        for entry in entries {
            let value = try Self.pushed(entry)
            #expect(
                checker.violations(of: value, against: Self.entrySchema) == [],
                "\(kind.rawValue): \((try? value.jsonText()) ?? "?")")
        }
    }

    @Test("the kit writes no member of a journal entry that the document does not name")
    func kitWritesOnlyDocumentedMembers() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let checker = SchemaChecker(spec: try Self.closedSpec(spec))
        for entry in try Self.samples() {
            let value = try Self.pushed(entry)
            #expect(
                checker.violations(of: value, against: Self.entrySchema) == [],
                "\(entry.operation.kind.rawValue): \((try? value.jsonText()) ?? "?")")
        }
    }

    @Test("the document's operation types are exactly the kit's InventoryOperationKind cases, one schema each")
    func documentedOperationTypesAreTheKitsKinds() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let operation = try #require(spec.resolved(.object(["$ref": .string("#/components/schemas/InventoryOperation")])))
        guard case .array(let options)? = operation.member("oneOf") else {
            Issue.record("InventoryOperation is not a oneOf")
            return
        }
        var documented: [String] = []
        var mapping: [String: JSONValue] = [:]
        for option in options {
            let reference = try #require(option.member("$ref"), "every option is a named schema")
            let schema = try #require(spec.resolved(option), "\(reference) resolves")
            let fixed = schema.member("properties")?.member("type")?.member("enum")
            guard case .array(let values)? = fixed, values.count == 1, case .string(let name) = values[0] else {
                Issue.record("\(reference) does not fix type to one value")
                continue
            }
            #expect(schema.member("required") == .array([.string("type"), .string("value")]), "\(name)")
            documented.append(name)
            mapping[name] = reference
        }
        let kinds = InventoryOperationKind.allCases.map(\.rawValue)
        #expect(documented.count == Set(documented).count, "a type is documented twice: \(documented)")
        #expect(documented.sorted() == kinds.sorted())
        let discriminator = operation.member("discriminator")
        #expect(discriminator?.member("propertyName") == .string("type"))
        #expect(discriminator?.member("mapping") == .object(mapping))
    }

    @Test("malformed values are refused by the document as by the kit's decoder")
    func malformedValuesAreRefused() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let checker = SchemaChecker(spec: spec)
        let samples = try Self.samples()
        func sample(_ kind: InventoryOperationKind, where matches: (JSONValue) -> Bool = { _ in true }) throws -> JSONValue {
            let values = try samples.filter { $0.operation.kind == kind }.map(Self.pushed)
            let found = values.first(where: matches)
            return try #require(found, "a \(kind.rawValue) sample")
        }
        let purchase = try sample(.purchase) { $0.member("operation")?.member("value")?.member("dueDateProvenance") != nil }
        let lotConsume = try sample(.consume) {
            $0.member("operation")?.member("value")?.member("scope")?.member("type") == .string("lot")
        }
        let zonedCreation = try sample(.createHousehold) {
            if case .object? = $0.member("operation")?.member("value") { true } else { false }
        }
        let pricedEdit = try sample(.editLot) { $0.member("operation")?.member("value")?.member("price") != nil }
        let settings = try sample(.setProductSettings) {
            $0.member("operation")?.member("value")?.member("dueDaysAfterOpening") != nil
        }
        let value = ["operation", "value"]
        let cases: [(String, JSONValue, [String], JSONValue?)] = [
            ("an amount written as a string", purchase, value + ["amount"], .string("2")),
            ("a purchase without its lot id", purchase, value + ["lotId"], nil),
            ("a purchase time written as ISO 8601 text", purchase, value + ["purchasedAt"], .string("2026-03-11T10:00:00Z")),
            ("an \"on\" due date with neither day nor date", purchase, value + ["dueDate"], .object(["type": .string("on")])),
            ("a due day that is not YYYY-MM-DD", purchase, value + ["dueDate", "day"], .string("11/03/2026")),
            ("a due date of a type the kit does not know", purchase, value + ["dueDate", "type"], .string("soon")),
            ("a provenance of a kind the kit does not know", purchase, value + ["dueDateProvenance", "kind"], .string("expiry")),
            ("a lot scope without its lot id", lotConsume, value + ["scope", "id"], nil),
            ("a spoiled flag that is not a boolean", lotConsume, value + ["spoiled"], .string("yes")),
            ("a consumption without its unit", lotConsume, value + ["unit"], nil),
            ("an undo naming no UUID", try sample(.undo), value, .string("not-a-uuid")),
            ("an operation type the kit does not know", try sample(.undo), ["operation", "type"], .string("restock")),
            ("an operation without its value", try sample(.undo), value, nil),
            ("an over-draw dismissal naming a number", try sample(.dismissOverdraw), value, .number(42)),
            ("a set edit without its value", pricedEdit, value + ["price"], .object(["type": .string("set")])),
            ("an edit without its lot id", pricedEdit, value + ["lotId"], nil),
            ("a fractional day count", settings, value + ["dueDaysAfterOpening"], .number(try Self.decimal("1.5"))),
            ("settings without their due date kind", settings, value + ["dueDateKind"], nil),
            ("an empty location id", try sample(.defineLocation), value + ["id"], .string("")),
            ("a location without its freezer flag", try sample(.defineLocation), value + ["isFreezer"], nil),
            ("a destination holding a control character", try sample(.transfer), value + ["destination"], .string("pantry\u{7}")),
            ("a shopping list item without its note", try sample(.addShoppingListItem), value + ["note"], nil),
            ("a zoned household creation without its zone", zonedCreation, value + ["timeZone"], nil),
            ("a conversion factor written as a string", try sample(.defineConversion), value + ["factor"], .string("1000")),
            ("an entry without its operation", purchase, ["operation"], nil),
            ("an entry whose id is not a UUID", purchase, ["id"], .string("entry-1")),
        ]
        for (label, base, path, replacement) in cases {
            let malformed = base.settingMember(at: path[...], to: replacement)
            #expect(!checker.violations(of: malformed, against: Self.entrySchema).isEmpty, "the document accepts \(label)")
            #expect(throws: (any Error).self, "the kit accepts \(label)") { try Self.kitDecode(malformed) }
        }
    }

    @Test("forms of earlier versions and members the kit ignores are accepted by the document as by the kit")
    func formsTheKitReadsAreAccepted() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let checker = SchemaChecker(spec: spec)
        let samples = try Self.samples().map(Self.pushed)
        func first(_ type: String, with member: String) throws -> JSONValue {
            try #require(samples.first {
                $0.member("operation")?.member("type") == .string(type)
                    && $0.member("operation")?.member("value")?.member(member) != nil
            })
        }
        let value = ["operation", "value"]
        let edit = try first("editLot", with: "dueDay")
        let purchase = try first("purchase", with: "dueDateProvenance")
        let opening = try first("open", with: "openedOn")
        let cases: [(String, JSONValue)] = [
            ("a lot edit of an earlier version (dueDate only)", edit.settingMember(at: (value + ["dueDay"])[...], to: nil)),
            ("an \"on\" due date of an earlier version (date only)",
             purchase.settingMember(at: (value + ["dueDate", "day"])[...], to: nil)),
            ("an opening day written as an instant", opening.settingMember(at: (value + ["openedOn"])[...], to: .number(794_880_000))),
            ("an unknown member of the entry", purchase.settingMember(at: ["deviceModel"], to: .string("phone"))),
            ("an unknown member of the operation", purchase.settingMember(at: ["operation", "note"], to: .bool(true))),
            ("an unknown member of the payload", purchase.settingMember(at: (value + ["aisle"])[...], to: .number(7))),
            ("an unknown member of a nested value",
             purchase.settingMember(at: (value + ["dueDateProvenance", "engine"])[...], to: .string("ocr-2"))),
        ]
        for (label, form) in cases {
            #expect(checker.violations(of: form, against: Self.entrySchema) == [], "the document refuses \(label)")
            do {
                _ = try Self.kitDecode(form)
            } catch {
                Issue.record("the kit refuses \(label): \(RecordCoding.describe(error))")
            }
        }
    }

    @Test("the ids the document says the kit derives are the ids its command handler and fold make")
    func documentedDerivedIDsAreTheKits() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        // The namespaces the document cites, as text, and their own derivation from the RFC 9562 URL namespace.
        let urlNamespace = try #require(UUID(uuidString: "6ba7b811-9dad-11d1-80b4-00c04fd430c8"))
        let locations = try #require(UUID(uuidString: "2758a805-cff2-5a11-a3c6-eef53f9b3d8e"))
        let units = try #require(UUID(uuidString: "436dcc8c-de76-58a0-98fc-54fd08543e2f"))
        #expect(InventoryIDGenerator.uuidV5(namespace: urlNamespace, name: "https://inventorykit.dev/namespaces/storageLocation") == locations)
        #expect(InventoryIDGenerator.uuidV5(namespace: urlNamespace, name: "https://inventorykit.dev/namespaces/unit") == units)
        for (schema, namespace) in [("LocationID", locations), ("UnitID", units)] {
            // The schema's own description, not that of the schema its `$ref` names.
            let description = spec.root.member("components")?.member("schemas")?.member(schema)?.member("description")
            guard case .string(let text)? = description else {
                Issue.record("\(schema) has no description")
                continue
            }
            #expect(text.contains(namespace.uuidString.lowercased()), "\(schema) cites its namespace")
            #expect(text.contains(urlNamespace.uuidString.lowercased()), "\(schema) cites the URL namespace")
        }

        // Commands of a device, recorded a second apart so the fold's order is the commands' order.
        let milk = try ProductReference("4006381333931")
        var context = InventoryCommandContext(
            householdID: Self.household, now: Self.recordedAt, replicaID: Self.replica, correlationID: CorrelationID(UUID()),
            makeUUID: { UUID() }, knownProducts: [milk])
        var journal: [InventoryJournalEntry] = []
        func run(_ command: InventoryCommand) throws -> [InventoryJournalEntry] {
            context.now = context.now.addingTimeInterval(1)
            let entries = try InventoryCommandHandler.decide(command, in: InventoryProjector.project(journal), context: context)
            journal += entries
            return entries
        }
        func lowercaseUUIDText(_ text: String) -> Bool {
            UUID(uuidString: text) != nil && text == text.lowercased()
        }
        _ = try run(.createHousehold(name: "Home"))

        let definedLocation = try run(.defineLocation(LocationDefinition(name: "  The   PANTRY ")))
        guard case .defineLocation(let location)? = definedLocation.first?.operation else {
            Issue.record("defineLocation wrote \(definedLocation)")
            return
        }
        let householdSpace = InventoryIDGenerator.uuidV5(namespace: locations, name: Self.household.rawValue)
        let pantryID = InventoryIDGenerator.uuidV5(namespace: householdSpace, name: "the pantry")
        #expect(location.id.rawValue == pantryID.uuidString.lowercased())

        let definedUnit = try run(.defineUnit(UnitDefinition(name: " Pack ")))
        guard case .defineUnit(let unit)? = definedUnit.first?.operation else {
            Issue.record("defineUnit wrote \(definedUnit)")
            return
        }
        #expect(unit.id.rawValue == InventoryIDGenerator.uuidV5(namespace: units, name: "pack").uuidString.lowercased())

        let purchased = try run(.purchase(PurchaseRequest(productID: milk, amount: 3, unit: unit.id, locationID: location.id)))
        guard case .purchase(let purchase)? = purchased.first?.operation else {
            Issue.record("purchase wrote \(purchased)")
            return
        }
        #expect(lowercaseUUIDText(purchase.lotID.rawValue), "a purchase's lot id is a new UUID's lowercase text")

        let listed = try run(.addShoppingListItem(ShoppingListRequest(productID: milk)))
        guard case .addShoppingListItem(let item)? = listed.first?.operation else {
            Issue.record("addShoppingListItem wrote \(listed)")
            return
        }
        #expect(lowercaseUUIDText(item.id.rawValue), "a shopping list item's id is a new UUID's lowercase text")

        // Opening one of three pieces splits the lot: the part opened is named after the opening entry.
        let opened = try run(.open(OpenRequest(productID: milk, amount: 1, unit: unit.id, scope: .lot(purchase.lotID))))
        let opening = try #require(opened.first)
        let split = LotID(InventoryIDGenerator.uuidV5(namespace: opening.id, name: "split-1"))
        let state = InventoryProjector.project(journal)
        let part = try #require(state.lot(split), "the split lot is \(split)")
        #expect(part.quantity == 1)
        #expect(part.status == .opened)
        #expect(state.lot(purchase.lotID)?.quantity == 2)

        // Every entry's own ids are UUIDs in any case; the kit writes them upper case.
        for entry in journal {
            let written = try Self.pushed(entry)
            #expect(written.member("id") == .string(entry.id.uuidString))
            #expect(written.member("transactionId") == .string(entry.transactionID.rawValue.uuidString))
        }
    }
}
