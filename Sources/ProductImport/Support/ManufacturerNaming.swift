import Foundation
import InventoryKit

/// The one way an import names a manufacturer: the kit's semantic manufacturer key (legal forms folded, so
/// `"Nintendo"`, `"NINTENDO "` and `"Nintendo Co., Ltd."` are one manufacturer), its deterministic id in the
/// manufacturer namespace, and a slug made from the same key — the ids the kit's semantic uniqueness
/// repositories give manufacturers.
enum ManufacturerNaming {
    /// A manufacturer with the deterministic id of its name's semantic key.
    static func manufacturer(named name: String, aliases: [String] = []) -> StandardManufacturer {
        let key = NamedEntityKind.manufacturer.key(for: name)
        return StandardManufacturer(
            id: NamedEntityKind.manufacturer.id(for: key), slug: slug(key.rawValue), name: name, aliases: aliases)
    }

    /// A URL-safe short name: every run of other characters than letters and digits replaced by one `-`.
    static func slug(_ key: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in key {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}
