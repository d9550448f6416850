import Foundation

/// The values to write into an ``InventorySystemRequirements`` instance; `nil` keeps the existing value.
public struct InventorySystemRequirementsPatch: Sendable, Hashable {
    /// The new minimum memory in bytes, or `nil` to keep it.
    public var minMemory: Int64?
    /// The new recommended memory in bytes, or `nil` to keep it.
    public var recommendedMemory: Int64?
    /// The new processor family, or `nil` to keep it.
    public var cpuFamily: String?
    /// The new minimum processor speed in MHz, or `nil` to keep it.
    public var minCpuSpeedMHz: Int?
    /// The new video requirement, or `nil` to keep it.
    public var video: String?
    /// The new audio requirement, or `nil` to keep it.
    public var audio: String?
    /// The new operating system name, or `nil` to keep it.
    public var osName: String?
    /// The new minimum operating system version, or `nil` to keep it.
    public var minOsVersion: String?
    /// The new minimum storage in bytes, or `nil` to keep it.
    public var minStorage: Int64?
    /// The new notes, or `nil` to keep them.
    public var notes: String?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(
        minMemory: Int64? = nil, recommendedMemory: Int64? = nil, cpuFamily: String? = nil,
        minCpuSpeedMHz: Int? = nil, video: String? = nil, audio: String? = nil, osName: String? = nil,
        minOsVersion: String? = nil, minStorage: Int64? = nil, notes: String? = nil
    ) {
        self.minMemory = minMemory
        self.recommendedMemory = recommendedMemory
        self.cpuFamily = cpuFamily
        self.minCpuSpeedMHz = minCpuSpeedMHz
        self.video = video
        self.audio = audio
        self.osName = osName
        self.minOsVersion = minOsVersion
        self.minStorage = minStorage
        self.notes = notes
    }

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply<T: InventorySystemRequirements>(to instance: inout T) {
        if let minMemory { instance.minMemory = minMemory }
        if let recommendedMemory { instance.recommendedMemory = recommendedMemory }
        if let cpuFamily { instance.cpuFamily = cpuFamily }
        if let minCpuSpeedMHz { instance.minCpuSpeedMHz = minCpuSpeedMHz }
        if let video { instance.video = video }
        if let audio { instance.audio = audio }
        if let osName { instance.osName = osName }
        if let minOsVersion { instance.minOsVersion = minOsVersion }
        if let minStorage { instance.minStorage = minStorage }
        if let notes { instance.notes = notes }
    }
}
