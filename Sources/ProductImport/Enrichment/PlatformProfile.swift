/// What software for a platform typically needed, by era: the data ``SystemRequirementsInferenceStrategy``
/// infers requirements from.
///
/// ```json
/// {"names": ["Apple II", "Apple ][", "Apple IIe"], "cpuFamily": "6502", "minCpuSpeedMHz": 1, "osName": "Apple DOS",
///  "eras": [{"fromYear": 1977, "minMemory": 16384}, {"fromYear": 1979, "minMemory": 49152, "minOsVersion": "3.3"}]}
/// ```
public struct PlatformProfile: Hashable, Sendable, Codable {
    /// The platform's names, in any spelling (case, punctuation and spaces do not matter).
    public var names: [String]
    /// The processor family.
    public var cpuFamily: String?
    /// The processor speed, in whole MHz.
    public var minCpuSpeedMHz: Int?
    /// The operating system.
    public var osName: String?
    /// Typical requirements from a year on, in ascending years.
    public var eras: [PlatformEra]

    /// Creates a profile.
    public init(
        names: [String], cpuFamily: String? = nil, minCpuSpeedMHz: Int? = nil, osName: String? = nil,
        eras: [PlatformEra] = []
    ) {
        self.names = names
        self.cpuFamily = cpuFamily
        self.minCpuSpeedMHz = minCpuSpeedMHz
        self.osName = osName
        self.eras = eras
    }

    /// The era a year falls in: the last one starting at or before it, else the first.
    public func era(for year: Int?) -> PlatformEra? {
        guard let year else { return eras.first }
        return eras.last { $0.fromYear <= year } ?? eras.first
    }
}
