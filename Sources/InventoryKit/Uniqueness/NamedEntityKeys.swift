import Foundation

/// The key functions of the kit's ``NamedEntityKind``s: one helper per semantic key, each built on
/// ``SemanticKey/normalize(_:)`` (trimmed, inner whitespace collapsed, Unicode NFC, case folded).
///
/// | kind | helper | beyond ``SemanticKey/normalize(_:)`` | example |
/// |---|---|---|---|
/// | category | ``category(_:)`` | nothing | `" Produce "` → `produce` |
/// | storage location | ``storageLocation(_:)`` | nothing | `"Kitchen  Pantry"` → `kitchen pantry` |
/// | manufacturer | ``manufacturer(_:)`` | trailing legal forms dropped | `"Nintendo Co., Ltd."` → `nintendo` |
/// | unit | ``unit(_:)`` | unit names folded to one symbol | `"Kilograms"` → `kg` |
/// | tag | ``tag(_:)`` | leading `#` dropped | `"#Vegan"` → `vegan` |
///
/// Every helper is idempotent (`f(f(x).rawValue) == f(x)`) and never returns an empty key for a name that has a
/// non-empty ``SemanticKey``. Ids are derived from these keys, so treat changes to the rules as breaking.
public enum NamedEntityKeys {
    /// The key of a category name: ``SemanticKey/normalize(_:)`` alone (the seed's `normalizedName`).
    ///
    /// ```swift
    /// NamedEntityKeys.category("  MEAT & Seafood ")   // "meat & seafood"
    /// ```
    @Sendable public static func category(_ name: String) -> SemanticKey {
        SemanticKey(name)
    }

    /// The key of a storage location name: ``SemanticKey/normalize(_:)`` alone.
    ///
    /// ```swift
    /// NamedEntityKeys.storageLocation("Chest\tFreezer")   // "chest freezer"
    /// ```
    @Sendable public static func storageLocation(_ name: String) -> SemanticKey {
        SemanticKey(name)
    }

    /// The key of a tag: ``SemanticKey/normalize(_:)``, then every leading `#` and space dropped.
    ///
    /// A tag that is only `#` characters and spaces keeps its normalized spelling, so it still has a key.
    ///
    /// ```swift
    /// NamedEntityKeys.tag("#Gluten Free")   // "gluten free"
    /// NamedEntityKeys.tag("## vegan")       // "vegan"
    /// ```
    @Sendable public static func tag(_ name: String) -> SemanticKey {
        let normalized = SemanticKey.normalize(name)
        let stripped = SemanticKey(String(normalized.drop(while: { $0 == "#" || $0 == " " })))
        return stripped.isEmpty ? SemanticKey(normalized) : stripped
    }

    /// The key of a unit name: ``SemanticKey/normalize(_:)``, trailing `.` characters dropped (keeping at least one
    /// character, and normalizing again), then the unit names below folded to their symbol; any other name keeps
    /// its normalized spelling.
    ///
    /// | symbol | spellings (after normalizing) |
    /// |---|---|
    /// | `g` | g, gram, grams, gramme, grammes |
    /// | `kg` | kg, kgs, kilo, kilos, kilogram, kilograms, kilogramme, kilogrammes |
    /// | `mg` | mg, milligram, milligrams, milligramme, milligrammes |
    /// | `l` | l, ltr, liter, liters, litre, litres |
    /// | `ml` | ml, milliliter, milliliters, millilitre, millilitres |
    /// | `cl` | cl, centiliter, centiliters, centilitre, centilitres |
    /// | `dl` | dl, deciliter, deciliters, decilitre, decilitres |
    /// | `oz` | oz, ounce, ounces |
    /// | `fl oz` | fl oz, fl. oz, floz, fluid ounce, fluid ounces |
    /// | `lb` | lb, lbs, pound, pounds |
    /// | `pc` | pc, pcs, piece, pieces |
    /// | `tbsp` | tbsp, tablespoon, tablespoons |
    /// | `tsp` | tsp, teaspoon, teaspoons |
    ///
    /// Case folding makes `"T"` (tablespoon) and `"t"` (teaspoon) the same key, so neither is in the table.
    ///
    /// ```swift
    /// NamedEntityKeys.unit("Kilograms")   // "kg"
    /// NamedEntityKeys.unit("PCS.")        // "pc"
    /// NamedEntityKeys.unit("Can")         // "can"
    /// ```
    @Sendable public static func unit(_ name: String) -> SemanticKey {
        var normalized = SemanticKey.normalize(name)
        while normalized.count > 1, normalized.hasSuffix(".") {
            normalized = SemanticKey.normalize(String(normalized.dropLast()))
        }
        return SemanticKey(unitSymbols[normalized] ?? normalized)
    }

    /// The key of a manufacturer or brand name: ``SemanticKey/normalize(_:)``, then trailing legal forms dropped,
    /// so `"Apple"`, `"Apple Inc."` and `"APPLE, INC"` share one key.
    ///
    /// The name is split into words at spaces. While more than one word remains, the last word is dropped when,
    /// after removing its trailing commas, it is a legal form:
    ///
    /// - with or without dots: inc, incorporated, corp, corporation, co, company, llc, llp, ltd, limited, plc,
    ///   pty, pvt, gmbh, ag, kg, kgaa, ohg, ug, se, sa, sas, sarl, srl, sl, bv, nv, oy, oyj, ab, as, asa, a/s,
    ///   aps, kk (`"l.l.c."` counts as llc, `"s.a."` as sa);
    /// - only when written with dots: `l.p.` and `s.p.a.` (so `"Day Spa"` keeps its last word).
    ///
    /// Once a legal form has been dropped, a trailing `&`, `and`, `+` or bare `,` is dropped too (`"GmbH & Co. KG"`),
    /// and finally the trailing commas of the last remaining word. A name that is only a legal form
    /// (`"Limited"`) keeps it. Other words — `"The"`, `"Group"`, `"Holdings"` — are kept.
    ///
    /// ```swift
    /// NamedEntityKeys.manufacturer("Nintendo Co., Ltd.")         // "nintendo"
    /// NamedEntityKeys.manufacturer("Robert Bosch GmbH & Co. KG") // "robert bosch"
    /// NamedEntityKeys.manufacturer("Procter & Gamble")           // "procter & gamble"
    /// ```
    ///
    /// - Note: A manufacturer's entity id is therefore `generate(for: .manufacturer, key: manufacturer(name))`,
    ///   which equals ``InventoryIDGenerator/generate(for:semanticName:)`` whenever the name carries no legal form.
    @Sendable public static func manufacturer(_ name: String) -> SemanticKey {
        let normalized = SemanticKey.normalize(name)
        var words = normalized.split(separator: " ").map(String.init)
        var droppedLegalForm = false
        while words.count > 1, let last = words.last {
            if isLegalForm(last) {
                droppedLegalForm = true
            } else if !(droppedLegalForm && isConnector(last)) {
                break
            }
            words.removeLast()
        }
        if droppedLegalForm, let last = words.last {
            let trimmed = String(last.reversed().drop(while: { $0 == "," }).reversed())
            words[words.count - 1] = trimmed
            if trimmed.isEmpty { words.removeLast() }
        }
        let key = SemanticKey(words.joined(separator: " "))
        return key.isEmpty ? SemanticKey(normalized) : key
    }

    // MARK: - Helpers

    /// Legal forms recognised with or without dots, written without dots.
    private static let legalForms: Set<String> = [
        "inc", "incorporated", "corp", "corporation", "co", "company", "llc", "llp", "ltd", "limited", "plc", "pty",
        "pvt", "gmbh", "ag", "kg", "kgaa", "ohg", "ug", "se", "sa", "sas", "sarl", "srl", "sl", "bv", "nv", "oy",
        "oyj", "ab", "as", "asa", "a/s", "aps", "kk",
    ]

    /// Legal forms recognised only as written here, with their dots.
    private static let dottedLegalForms: Set<String> = ["l.p.", "l.p", "s.p.a.", "s.p.a"]

    /// Words dropped after a legal form.
    private static let connectors: Set<String> = ["&", "and", "+"]

    /// Whether a word, its trailing commas removed, is a legal form: on its bytes when it is ASCII (the words of
    /// most names), else through ``isLegalFormAnyText(_:)``, whose answer the byte path's is tested against.
    static func isLegalForm(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return isLegalFormAnyText(word) }
        // In ASCII a character is a byte (CR LF, the one pair, is neither a comma nor a dot).
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
        let withoutCommas = bytes[..<end]
        if dottedLegalForms.contains(String(decoding: withoutCommas, as: UTF8.self)) { return true }
        let withoutDots = withoutCommas.filter { $0 != UInt8(ascii: ".") }
        return !withoutDots.isEmpty && legalForms.contains(String(decoding: withoutDots, as: UTF8.self))
    }

    /// ``isLegalForm(_:)`` of any text, through characters and Foundation's replacement.
    static func isLegalFormAnyText(_ word: String) -> Bool {
        let withoutCommas = String(word.reversed().drop(while: { $0 == "," }).reversed())
        if dottedLegalForms.contains(withoutCommas) { return true }
        let withoutDots = withoutCommas.replacingOccurrences(of: ".", with: "")
        return !withoutDots.isEmpty && legalForms.contains(withoutDots)
    }

    private static func isConnector(_ word: String) -> Bool {
        connectors.contains(word) || word.allSatisfy { $0 == "," }
    }

    /// Normalized unit spellings and their symbols.
    private static let unitSymbols: [String: String] = {
        let table: [String: [String]] = [
            "g": ["g", "gram", "grams", "gramme", "grammes"],
            "kg": ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            "mg": ["mg", "milligram", "milligrams", "milligramme", "milligrammes"],
            "l": ["l", "ltr", "liter", "liters", "litre", "litres"],
            "ml": ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
            "cl": ["cl", "centiliter", "centiliters", "centilitre", "centilitres"],
            "dl": ["dl", "deciliter", "deciliters", "decilitre", "decilitres"],
            "oz": ["oz", "ounce", "ounces"],
            "fl oz": ["fl oz", "fl. oz", "floz", "fluid ounce", "fluid ounces"],
            "lb": ["lb", "lbs", "pound", "pounds"],
            "pc": ["pc", "pcs", "piece", "pieces"],
            "tbsp": ["tbsp", "tablespoon", "tablespoons"],
            "tsp": ["tsp", "teaspoon", "teaspoons"],
        ]
        var symbols: [String: String] = [:]
        for (symbol, spellings) in table {
            for spelling in spellings { symbols[spelling] = symbol }
        }
        return symbols
    }()
}
