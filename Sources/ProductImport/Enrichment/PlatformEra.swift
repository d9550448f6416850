/// Typical requirements of a platform's software from a year on; `nil` values keep the platform's.
public struct PlatformEra: Hashable, Sendable, Codable {
    /// The first year of the era.
    public var fromYear: Int
    /// The memory software needed, in bytes.
    public var minMemory: Int64?
    /// The processor family, when it changed.
    public var cpuFamily: String?
    /// The processor speed, in whole MHz, when it changed.
    public var minCpuSpeedMHz: Int?
    /// The operating system version software needed.
    public var minOsVersion: String?

    /// Creates an era.
    public init(
        fromYear: Int, minMemory: Int64? = nil, cpuFamily: String? = nil, minCpuSpeedMHz: Int? = nil,
        minOsVersion: String? = nil
    ) {
        self.fromYear = fromYear
        self.minMemory = minMemory
        self.cpuFamily = cpuFamily
        self.minCpuSpeedMHz = minCpuSpeedMHz
        self.minOsVersion = minOsVersion
    }
}
