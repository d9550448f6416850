import Foundation

// The values of the pages that run the household rather than show its stock: `history.mustache` and
// `setup.mustache`. Every text in them is escaped by the templates and isolated where people wrote it.

/// `history.mustache`: the household's recent transactions, newest first, each with an Undo form when the kit
/// can undo it.
struct HistoryPage: Sendable {
    struct Row: Sendable {
        let transactionId: String
        /// "2026-11-29 11:22 UTC".
        let when: String
        let whenISO: String
        /// The member's name, else the device's.
        let who: String
        /// What it did, in words ("Bought", "Used, Opened").
        let what: String
        /// The products it touched, by title, when the state still knows them.
        let products: [String]
        let undone: Bool
        /// The Undo form's action; `nil` when the transaction cannot be undone (setup, an undo, undone already).
        let undoPath: String?
        let submission: String
    }

    let chrome: WebChrome
    let rows: [Row]
}

/// `setup.mustache`: the household's locations (add, rename, remove), units and conversions between them (define).
struct SetupPage: Sendable {
    struct Location: Sendable {
        let id: String
        let name: String
        let isFreezer: Bool
        let renamePath: String
        let removePath: String
        let renameSubmission: String
        let removeSubmission: String
    }

    struct Unit: Sendable {
        let id: String
        let name: String
        let pluralName: String?
    }

    /// "1 box is 6 pieces": a conversion between two of the household's units.
    struct Conversion: Sendable {
        let from: String
        let factor: String
        let to: String
    }

    let chrome: WebChrome
    let locations: [Location]
    let units: [Unit]
    let addLocationPath: String
    let addLocationSubmission: String
    let addUnitPath: String
    let addUnitSubmission: String
    let conversions: [Conversion]
    /// The units a conversion can name.
    let unitOptions: [WebProductPage.Option]
    let addConversionPath: String
    let addConversionSubmission: String
    /// The forms' values after a refused submission, so nothing typed is lost.
    let locationName: String
    let unitName: String
    let unitPlural: String
}
