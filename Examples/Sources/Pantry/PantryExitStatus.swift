import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import ProductImport
import ProductModule

/// The exit statuses of `pantry`, documented in the README so scripts can tell failures apart.
enum PantryExitStatus: Int32, CaseIterable {
    /// Everything worked.
    case ok = 0
    /// Something else failed (an I/O error, an unexpected storage failure).
    case failure = 1
    /// The input was refused: an unknown product or location, an invalid amount, barcode or date, a file that
    /// cannot be read, an import of which every record was rejected.
    case badInput = 2
    /// An import stored some records and rejected others (the summary lists them).
    case partialImport = 3
    /// The store is damaged: a record, file or journal that cannot be read (named in the message).
    case damagedStore = 4
    /// Another process holds the store.
    case lockedStore = 5
    /// The sync server refused the device (a revoked or unknown token): nothing was synced, pending changes are
    /// kept.
    case unauthorized = 6
    /// A sync pass did not complete: changes are left unsent (the remote unreachable or failing, changes
    /// quarantined) or a pull failed. Every change is kept for the next sync.
    case syncIncomplete = 7
    /// The sync server's address does not answer like the sync server (a wrong path, a web page, a redirect, a TLS
    /// failure, a host name that does not resolve): nothing was synced, no change was charged an attempt or
    /// quarantined, every change is kept.
    case misconfiguredServer = 8
    /// The command line itself was wrong (swift-argument-parser's usage error).
    case usage = 64

    /// The status for an error a command threw; `nil` for swift-argument-parser's own errors (help, usage).
    init?(for error: any Error) {
        switch error {
        case let error as PantryError:
            self = error.exitStatus
        case let error as StorageError:
            switch error {
            case .locked: self = .lockedStore
            case .corruptRecord, .corruptBlob, .corruptFile: self = .damagedStore
            case .backendFailure(_, let reason) where PlatformErrorText.isSQLiteDamage(reason): self = .damagedStore
            case .invalidIdentifier, .invalidCollectionName, .invalidQuery, .invalidCursor: self = .badInput
            default: self = .failure
            }
        case let error as ScanError:
            if case .invalidBarcode = error { self = .badInput } else { self = .failure }
        case is InventoryError, is ProductModuleError, is ProductValidationError, is ImportError, is GTINError,
            is InventoryIDError, is CSVReadError:
            self = .badInput
        default:
            return nil
        }
    }
}

extension Pantry {
    /// Runs the command, printing a failure as one line and exiting with its ``PantryExitStatus``.
    static func main() async {
        do {
            var command = try await asyncParseAsRoot(nil)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            // A file-system, network or POSIX error thrown as it is: one line in words, not the platform's dump.
            if PantryExitStatus(for: error) == nil, let (line, status) = PlatformErrorText.line(for: error) {
                FileHandle.standardError.write(Data("Error: \(Output.terminalSafe(line))\n".utf8))
                Foundation.exit(status.rawValue)
            }
            guard let status = PantryExitStatus(for: error) else {
                // Help exits 0 with its text; a usage error is one line, like every other failure.
                guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
                let line = UsageError.line(for: error, arguments: Array(CommandLine.arguments.dropFirst()))
                FileHandle.standardError.write(Data("Error: \(line)\n".utf8))
                Foundation.exit(PantryExitStatus.usage.rawValue)
            }
            let line = PlatformErrorText.humanized(String(describing: error))
            FileHandle.standardError.write(Data("Error: \(Output.terminalSafe(line))\n".utf8))
            Foundation.exit(status.rawValue)
        }
    }
}
