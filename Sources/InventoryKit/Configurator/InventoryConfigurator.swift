import Foundation

/// The bridge that fills client-owned instances of the core protocols.
///
/// InventoryKit never creates your storage types: you create (or fetch) the instance, and a service hands it to
/// the configurator, which writes the values in place. The rule for every overload: **a `nil` value keeps the
/// instance's existing value, a non-`nil` value overwrites it.** To clear a field, set the property directly.
///
/// Most clients write no configurator code: ``DefaultInventoryConfigurator`` (or `.default`) applies each patch
/// as it is. Conform your own type when writing needs more than assignment — a Core Data object that must be
/// edited inside `context.perform`, an audit trail, values your model stores differently. Each requirement has a
/// default implementation (apply the patch); override only the ones you need.
///
/// An implementer must guarantee that, after `configure`, every non-`nil` value of the patch reads back from the
/// instance and every other property is unchanged.
///
/// ```swift
/// var requirements = MyRequirements()
/// let configurator: some InventoryConfigurator = .default
/// configurator.configure(&requirements, minMemory: 48 * 1024, cpuFamily: "6502")
/// configurator.configure(&requirements, cpuFamily: nil)   // cpuFamily is still "6502"
/// ```
public protocol InventoryConfigurator: Sendable {
    /// Writes the non-`nil` values of `patch` into system requirements. Default: ``InventorySystemRequirementsPatch/apply(to:)``.
    func configure<T: InventorySystemRequirements>(_ instance: inout T, with patch: InventorySystemRequirementsPatch)
    /// Writes the non-`nil` values of `patch` into an address. Default: ``InventoryAddressPatch/apply(to:)``.
    func configure<T: InventoryAddress>(_ instance: inout T, with patch: InventoryAddressPatch)
    /// Writes the non-`nil` values of `patch` into a contact. Default: ``InventoryContactPatch/apply(to:)``.
    func configure<T: InventoryContact>(_ instance: inout T, with patch: InventoryContactPatch)
    /// Writes the non-`nil` values of `patch` into source code information. Default: ``InventorySourceCodePatch/apply(to:)``.
    func configure<T: InventorySourceCode>(_ instance: inout T, with patch: InventorySourceCodePatch)
    /// Writes the non-`nil` values of `patch` into a manufacturer. Default: ``InventoryManufacturerPatch/apply(to:)``.
    func configure<T: InventoryManufacturer>(_ instance: inout T, with patch: InventoryManufacturerPatch<T>)
    /// Writes the non-`nil` values of `patch` into a product. Default: ``InventoryProductPatch/apply(to:)``.
    func configure<T: InventoryProduct>(_ instance: inout T, with patch: InventoryProductPatch<T>)
}

// MARK: - Default implementations

extension InventoryConfigurator {
    /// Applies the patch as it is.
    public func configure<T: InventorySystemRequirements>(
        _ instance: inout T, with patch: InventorySystemRequirementsPatch
    ) {
        patch.apply(to: &instance)
    }

    /// Applies the patch as it is.
    public func configure<T: InventoryAddress>(_ instance: inout T, with patch: InventoryAddressPatch) {
        patch.apply(to: &instance)
    }

    /// Applies the patch as it is.
    public func configure<T: InventoryContact>(_ instance: inout T, with patch: InventoryContactPatch) {
        patch.apply(to: &instance)
    }

    /// Applies the patch as it is.
    public func configure<T: InventorySourceCode>(_ instance: inout T, with patch: InventorySourceCodePatch) {
        patch.apply(to: &instance)
    }

    /// Applies the patch as it is.
    public func configure<T: InventoryManufacturer>(_ instance: inout T, with patch: InventoryManufacturerPatch<T>) {
        patch.apply(to: &instance)
    }

    /// Applies the patch as it is.
    public func configure<T: InventoryProduct>(_ instance: inout T, with patch: InventoryProductPatch<T>) {
        patch.apply(to: &instance)
    }
}

// MARK: - API

extension InventoryConfigurator {
    /// Writes the given system requirements into `instance`; a `nil` argument keeps the existing value.
    ///
    /// Builds an ``InventorySystemRequirementsPatch`` and calls ``configure(_:with:)-(T,InventorySystemRequirementsPatch)``,
    /// so an overriding configurator sees every call.
    public func configure<T: InventorySystemRequirements>(
        _ instance: inout T, minMemory: Int64? = nil, recommendedMemory: Int64? = nil, cpuFamily: String? = nil,
        minCpuSpeedMHz: Int? = nil, video: String? = nil, audio: String? = nil, osName: String? = nil,
        minOsVersion: String? = nil, minStorage: Int64? = nil, notes: String? = nil
    ) {
        configure(
            &instance,
            with: InventorySystemRequirementsPatch(
                minMemory: minMemory, recommendedMemory: recommendedMemory, cpuFamily: cpuFamily,
                minCpuSpeedMHz: minCpuSpeedMHz, video: video, audio: audio, osName: osName,
                minOsVersion: minOsVersion, minStorage: minStorage, notes: notes))
    }

    /// Writes the given address values into `instance`; a `nil` argument keeps the existing value.
    public func configure<T: InventoryAddress>(
        _ instance: inout T, label: String? = nil, address: String? = nil, address2: String? = nil,
        city: String? = nil, region: String? = nil, postalCode: String? = nil, country: String? = nil,
        notes: String? = nil, imageIDs: [UUID]? = nil
    ) {
        configure(
            &instance,
            with: InventoryAddressPatch(
                label: label, address: address, address2: address2, city: city, region: region,
                postalCode: postalCode, country: country, notes: notes, imageIDs: imageIDs))
    }

    /// Writes the given contact values into `instance`; a `nil` argument keeps the existing value.
    public func configure<T: InventoryContact>(
        _ instance: inout T, name: String? = nil, title: String? = nil, email: String? = nil, phone: String? = nil,
        notes: String? = nil, socialMedia: [InventorySocialHandle]? = nil
    ) {
        configure(
            &instance,
            with: InventoryContactPatch(
                name: name, title: title, email: email, phone: phone, notes: notes, socialMedia: socialMedia))
    }

    /// Writes the given source code values into `instance`; a `nil` argument keeps the existing value.
    public func configure<T: InventorySourceCode>(
        _ instance: inout T, url: URL? = nil, notes: String? = nil, dateOpened: Date? = nil, license: String? = nil
    ) {
        configure(
            &instance, with: InventorySourceCodePatch(url: url, notes: notes, dateOpened: dateOpened, license: license))
    }

    /// Writes the given manufacturer values into `instance`; a `nil` argument keeps the existing value.
    public func configure<T: InventoryManufacturer>(
        _ instance: inout T, slug: String? = nil, name: String? = nil, aliases: [String]? = nil,
        summary: String? = nil, metadata: [String: String]? = nil, addresses: [T.Address]? = nil,
        email: String? = nil, website: URL? = nil, associatedPeople: [T.Contact]? = nil
    ) {
        configure(
            &instance,
            with: InventoryManufacturerPatch<T>(
                slug: slug, name: name, aliases: aliases, summary: summary, metadata: metadata,
                addresses: addresses, email: email, website: website, associatedPeople: associatedPeople))
    }

    /// Writes the given product values into `instance`; a `nil` argument keeps the existing value.
    public func configure<T: InventoryProduct>(
        _ instance: inout T, sku: String? = nil, identifiers: [ProductIdentifier]? = nil, title: String? = nil,
        summary: String? = nil, productType: String? = nil, classification: String? = nil, genre: String? = nil,
        manufacturer: T.Manufacturer? = nil, publisher: String? = nil, developer: String? = nil,
        creator: String? = nil, releaseDate: Date? = nil, productionDate: Date? = nil, platform: String? = nil,
        systemRequirements: T.SystemRequirements? = nil, productVersion: String? = nil,
        sourceCode: T.SourceCode? = nil, relatedAssetIDs: [UUID]? = nil, references: [String: String]? = nil,
        metadata: [String: String]? = nil
    ) {
        configure(
            &instance,
            with: InventoryProductPatch<T>(
                sku: sku, identifiers: identifiers, title: title, summary: summary, productType: productType,
                classification: classification, genre: genre, manufacturer: manufacturer, publisher: publisher,
                developer: developer, creator: creator, releaseDate: releaseDate, productionDate: productionDate,
                platform: platform, systemRequirements: systemRequirements, productVersion: productVersion,
                sourceCode: sourceCode, relatedAssetIDs: relatedAssetIDs, references: references,
                metadata: metadata))
    }
}

extension InventoryConfigurator where Self == DefaultInventoryConfigurator {
    /// The configurator that applies every patch as it is.
    public static var `default`: DefaultInventoryConfigurator { DefaultInventoryConfigurator() }
}
