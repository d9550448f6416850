import Foundation

/// `serve` could not listen: another program already listens on the address it was given (`EADDRINUSE`), said in
/// words instead of NIO's `bind(descriptor:ptr:bytes:): Address already in use (errno: 98)`. Exit status 69.
struct AddressInUse: Error, CustomStringConvertible {
    /// The address `serve` was to listen on.
    let host: String
    /// The API's port and, when configured, the metrics port.
    let ports: [Int]

    var description: String {
        let addresses = ports.map { "\(host):\($0)" }.joined(separator: " or ")
        return "Cannot listen on \(addresses): another server or program already listens there. "
            + "Stop it, or choose another port with --port (or INVENTORYKIT_PORT)."
    }

    /// `EX_UNAVAILABLE`: what the server needs is taken.
    static let exitStatus: Int32 = 69
}
