import Foundation

/// A ready-made ``InventorySystemRequirements`` value, for clients that do not need their own type.
public struct StandardSystemRequirements: InventorySystemRequirements, Codable, Hashable {
    /// The minimum memory, in bytes.
    public var minMemory: Int64?
    /// The recommended memory, in bytes.
    public var recommendedMemory: Int64?
    /// The processor family.
    public var cpuFamily: String?
    /// The minimum processor speed, in MHz.
    public var minCpuSpeedMHz: Int?
    /// The video hardware required.
    public var video: String?
    /// The audio hardware required.
    public var audio: String?
    /// The operating system's name.
    public var osName: String?
    /// The minimum operating system version.
    public var minOsVersion: String?
    /// The minimum free storage, in bytes.
    public var minStorage: Int64?
    /// Free-form notes.
    public var notes: String?

    /// Creates requirements; every value defaults to `nil`.
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
}
