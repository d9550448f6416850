import Foundation
import InventoryKit

/// One scan of a barcode at a time among the pantry processes of one store: a `flock` on one of 64 lock files
/// beside the store, chosen by the barcode (two barcodes may share a file; they then wait for each other).
///
/// A process that waited finds what the scan before it stored in the catalog and answers from it, so concurrent
/// scans of one code send one request and store one product.
enum ScanBarcodeLock {
    /// The number of lock files.
    static let stripes: UInt64 = 64

    /// Takes the lock of `barcode` in `folder`.
    ///
    /// - Returns: the lock (held until it is unlocked or released) and whether another scan held it first.
    /// - Throws: a ``FileLockError`` when the lock file cannot be created or locked; `CancellationError`.
    static func acquire(_ barcode: GTIN, in folder: URL) async throws -> (lock: FileLock, waited: Bool) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // FNV-1a: stable across processes and runs, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in barcode.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = "scan-\(String(format: "%02d", Int(hash % stripes))).lock"
        return try await FileLock.acquire(folder.appendingPathComponent(name))
    }
}
