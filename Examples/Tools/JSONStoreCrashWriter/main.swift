// Writes product batches through a JSON-file store until it is killed: the crash-safety test's child process.
// Usage: JSONStoreCrashWriter <folder> <first-batch> <batch-count> <batch-size>
// Each batch adds `batch-size` products in one ProductModuleService.addProducts call (one atomic commit with
// their outbox entries). Prints "ready" once the store is open.

import Foundation
import InventoryKit
import InventorySync
import JSONFileStorage
import ProductModule

let arguments = CommandLine.arguments
guard arguments.count == 5, let first = Int(arguments[2]), let count = Int(arguments[3]), let size = Int(arguments[4]) else {
    FileHandle.standardError.write(Data("usage: JSONStoreCrashWriter <folder> <first-batch> <batch-count> <batch-size>\n".utf8))
    exit(2)
}
do {
    let storage = try await JSONFileStorage(root: URL(fileURLWithPath: arguments[1]))
    let service = ProductModuleService(
        storage: storage, strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
        replicaID: ReplicaID("crash-writer"))
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    for batch in first..<(first + count) {
        let products = try (0..<size).map { index in
            try Product.new(
                barcode: nil, title: "batch \(batch) item \(index)", brand: "b\(batch)",
                id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%06d%06d", batch, index)) ?? UUID(), now: Date())
        }
        try await service.addProducts(products)
    }
    FileHandle.standardOutput.write(Data("done\n".utf8))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
