import Foundation
struct SHA1 { static func hash(_ b: some Sequence<UInt8>) -> [UInt8] { Array(b) } }
public struct InventoryNamespace: Sendable { public static let product = InventoryNamespace(); public static let manufacturer = InventoryNamespace(); public static let person = InventoryNamespace() }
public enum InventoryIDGenerator { public static func generate(for n: InventoryNamespace, semanticName: String) -> UUID { UUID() }
  public static func generate(for n: InventoryNamespace, name: String) -> UUID { UUID() } }
