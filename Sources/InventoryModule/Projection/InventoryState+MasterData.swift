import Foundation

extension InventoryState {
    /// Creates the entry's household in the zone of its creation, or renames an existing one (keeping its creation
    /// time and its zone).
    ///
    /// The household's zone is the last `setHouseholdTimeZone` in journal order, else the zone of its first
    /// creation in journal order: the entries arrive in that order, so a creation that finds the household —
    /// another device's earlier creation, or a zone change — leaves the zone alone. Two devices that both created
    /// the household before they synced end on the earlier creation's zone, in whatever order they sync.
    mutating func foldCreateHousehold(name: String, timeZone: HouseholdTimeZone, entry: InventoryJournalEntry) {
        if let existing = households[entry.householdID] {
            households[entry.householdID]?.name = name
            households[entry.householdID]?.createdAt = min(existing.createdAt, entry.recordedAt)
        } else {
            households[entry.householdID] = Household(
                id: entry.householdID, name: name, createdAt: entry.recordedAt, timeZone: timeZone)
        }
    }

    /// Sets the household's time zone: a change made on purpose, which replaces whatever zone the household had.
    ///
    /// Earlier versions booked a creation's zone as this entry, in the creation's transaction and at its recording
    /// time, so the zone may come first in the total order: it then starts the household (unnamed until its
    /// `createHousehold` entry names it). Such an entry keeps the meaning it had: those journals fold as before.
    mutating func foldSetTimeZone(_ zone: HouseholdTimeZone, entry: InventoryJournalEntry) {
        if households[entry.householdID] == nil {
            households[entry.householdID] = Household(
                id: entry.householdID, name: "", createdAt: entry.recordedAt, timeZone: zone)
        }
        households[entry.householdID]?.timeZone = zone
    }

    /// Defines a location; a parent that would close a cycle is dropped, an unknown parent is kept and reported.
    mutating func foldDefineLocation(_ location: StorageLocation, entry: InventoryJournalEntry) {
        var location = location
        if let parent = location.parentID {
            if wouldCloseCycle(location.id, parent: parent) {
                anomalies.append(.locationCycle(entry: entry.id, location: location.id, parent: parent))
                location.parentID = nil
            } else if locations[parent] == nil {
                anomalies.append(.unknownLocation(entry: entry.id, location: parent))
            }
        }
        locations[location.id] = location
    }

    /// Removes a location, unless it holds stock or sublocations (then it is kept and reported).
    mutating func foldRemoveLocation(_ id: LocationID, entry: InventoryJournalEntry) {
        let holdsStock = lotTable.hasLots(at: id)
        let hasChildren = locations.values.contains { $0.parentID == id }
        if holdsStock || hasChildren {
            anomalies.append(.locationNotEmpty(entry: entry.id, location: id))
            return
        }
        locations[id] = nil
    }

    /// Defines a conversion, unless its factor is not a positive number or it links a unit to itself.
    mutating func foldDefineConversion(_ conversion: UnitConversion, entry: InventoryJournalEntry) {
        guard conversion.factor > 0, InventoryQuantity.isValid(conversion.factor), conversion.from != conversion.to
        else {
            anomalies.append(.invalidOperation(entry: entry.id, reason: "invalid conversion"))
            return
        }
        conversions[conversion.key] = conversion
    }

    /// Whether making `parent` the parent of `id` would make `id` its own ancestor.
    func wouldCloseCycle(_ id: LocationID, parent: LocationID) -> Bool {
        var current: LocationID? = parent
        var visited: Set<LocationID> = []
        while let location = current {
            if location == id { return true }
            guard visited.insert(location).inserted else { return true }
            current = locations[location]?.parentID
        }
        return false
    }
}
