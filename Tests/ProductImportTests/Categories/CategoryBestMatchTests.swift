import Foundation
import InventoryKitTesting
import ProductModule
import Testing

@testable import ProductImport

/// The normalizer reads a tag list from its most specific end; what it chooses must be what reading every tag from
/// the general end chooses: the last matching tag with a sub id, else the last matching tag.
@Suite("Category best match")
struct CategoryBestMatchTests {
    let categories = CategoryNormalizer()

    /// `normalize(tags:)` as it was written: every tag keyed, from the first, a later match replacing an earlier
    /// one unless only the earlier has a sub id.
    private func model(_ tags: [String]) -> CategoryNormalization? {
        let ignored = Set(categories.table.ignoredTerms.map(CategoryTerm.key))
        let values = tags.map { $0.trimmedText() }.filter { !$0.isEmpty }
        guard let last = values.last else { return nil }
        var best: (category: ProductCategory, term: String)?
        for term in values {
            let key = CategoryTerm.key(term)
            guard !key.isEmpty, !ignored.contains(key), let category = categories.category(forTerm: term) else { continue }
            if category.sub != nil || best?.category.sub == nil { best = (category, term.trimmedText()) }
        }
        guard let best else {
            return CategoryNormalization(
                category: ProductCategory(main: categories.table.fallbackMain, sub: last), rawValue: last, matchedTerm: nil)
        }
        return CategoryNormalization(category: best.category, rawValue: best.term, matchedTerm: best.term)
    }

    @Test("For 20,000 generated tag lists of table terms with and without sub ids, ignored terms and unknown tags, the choice is the forward reading's")
    func generatedTagListsAgree() {
        var random = SeededRandomNumberGenerator(seed: 2_026_1129)
        let tableTerms = categories.table.mappings.flatMap(\.terms)
        let pool = Array(tableTerms.shuffled(using: &random).prefix(80)) + categories.table.ignoredTerms
            + ["en:unknown-things", "fr:boissons", "", "  ", "Crème", "en:Dairies", " EN:COLAS ", "de:Getränke"]
        var disagreements: [String] = []
        for _ in 0..<20_000 {
            let tags = (0..<Int.random(in: 0...7, using: &random)).map { _ in
                let term = pool.randomElement(using: &random) ?? ""
                return Bool.random(using: &random) ? "en:" + term : term
            }
            if categories.normalize(tags: tags) != model(tags) { disagreements.append("\(tags)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) lists, among them \(disagreements.prefix(5))")
    }
}
