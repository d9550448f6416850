import Foundation

/// The hardware and software a product needs to run, stored in a client-owned type.
///
/// System requirements are a *value component* of a product, not an entity: they have no identity of their own,
/// so the protocol does not refine `Identifiable`. It does not refine `Codable` either, because a Core Data or
/// SwiftData model object usually cannot be; conform your type to `Codable` yourself when it can be (a plain
/// struct gets it for free).
///
/// Every requirement is a mutable property so ``InventoryConfigurator`` can populate it. There are no defaults:
/// an implementer stores each value and returns exactly what was last set.
///
/// ```swift
/// struct Requirements: InventorySystemRequirements, Codable {
///     var minMemory: Int64?
///     var recommendedMemory: Int64?
///     var cpuFamily: String?
///     var minCpuSpeedMHz: Int?
///     var video: String?
///     var audio: String?
///     var osName: String?
///     var minOsVersion: String?
///     var minStorage: Int64?
///     var notes: String?
/// }
/// ```
public protocol InventorySystemRequirements: Sendable {
    /// The minimum memory, in bytes.
    var minMemory: Int64? { get set }
    /// The recommended memory, in bytes.
    var recommendedMemory: Int64? { get set }
    /// The processor family, such as `"6502"`, `"68000"` or `"x86-64"`.
    var cpuFamily: String? { get set }
    /// The minimum processor clock speed, in megahertz.
    var minCpuSpeedMHz: Int? { get set }
    /// The video hardware required, such as `"VGA"` or `"Metal 3"`.
    var video: String? { get set }
    /// The audio hardware required, such as `"Sound Blaster 16"`.
    var audio: String? { get set }
    /// The operating system's name, such as `"MS-DOS"` or `"macOS"`.
    var osName: String? { get set }
    /// The minimum operating system version, such as `"6.22"` or `"14.0"`.
    var minOsVersion: String? { get set }
    /// The minimum free storage, in bytes.
    var minStorage: Int64? { get set }
    /// Free-form notes (peripherals, copy protection, known issues).
    var notes: String? { get set }
}
