/// A product value a CSV feed column can hold; ``CSVColumnMapping`` says which header names mean which.
public enum CSVProductField: String, Hashable, Sendable, Codable, CaseIterable, CodingKeyRepresentable {
    /// The barcode (EAN, UPC, GTIN).
    case barcode
    /// The title.
    case title
    /// The brand.
    case brand
    /// The category: a term or a path such as `"Food > Dairy"`.
    case category
    /// The size as printed, such as `"6 x 330 ml"`.
    case size
    /// The seller's stock keeping unit; also the product's key in the feed when there is no barcode.
    case sku
    /// A short description.
    case description
    /// The ingredient list.
    case ingredients
    /// The allergens, separated by commas or semicolons.
    case allergens
    /// The serving size.
    case servingSize
    /// An image URL (the front of the pack).
    case imageURL
    /// The manufacturer's name.
    case manufacturer
    /// The country of origin.
    case countryOfOrigin
    /// The label's languages, separated by commas, semicolons or spaces.
    case languages
    /// Search keywords, separated by commas or semicolons.
    case keywords
    /// Energy per 100 g or ml, in kcal.
    case energyKcal
    /// Energy per 100 g or ml, in kJ (used when there is no kcal column).
    case energyKJ
    /// Fat per 100 g or ml, in grams.
    case fat
    /// Saturated fat per 100 g or ml, in grams.
    case saturatedFat
    /// Carbohydrates per 100 g or ml, in grams.
    case carbohydrates
    /// Sugars per 100 g or ml, in grams.
    case sugars
    /// Fibre per 100 g or ml, in grams.
    case fiber
    /// Protein per 100 g or ml, in grams.
    case proteins
    /// Salt per 100 g or ml, in grams.
    case salt
    /// Sodium per 100 g or ml, in milligrams.
    case sodiumMg
    /// The row's revision or modification date, recorded in provenance.
    case revision
}
