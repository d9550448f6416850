import Foundation
import InventoryModule
import InventorySync
import ProductModule

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a long sync on one updating standard-error line (`syncing: pushed 500, pulled 1200`), drawn from
/// the modules' event streams and erased when the sync ends.
///
/// Drawn only when standard error is a terminal and the command does not print JSON: scripts and logs never see
/// it.
///
/// ```swift
/// let progress = await SyncProgress.start(products: products, inventory: inventory, enabled: !json)
/// … sync …
/// await progress.finish()
/// ```
struct SyncProgress {
    private let watchers: [Task<Void, Never>]
    private let line: ProgressLine?

    /// Starts watching both modules' events; does nothing unless `enabled` and standard error is a terminal.
    static func start(
        products: ProductModuleService, inventory: InventoryModuleService, enabled: Bool
    ) async -> SyncProgress {
        guard enabled, isatty(STDERR_FILENO) == 1 else { return SyncProgress(watchers: [], line: nil) }
        let line = ProgressLine()
        let productEvents = await products.events()
        let inventoryEvents = await inventory.events()
        let watchers = [
            Task {
                for await event in productEvents { await line.record(pushed: event.pushedCount, pulled: event.pulledCount) }
            },
            Task {
                for await event in inventoryEvents { await line.record(pushed: event.pushedCount, pulled: event.pulledCount) }
            },
        ]
        return SyncProgress(watchers: watchers, line: line)
    }

    /// Stops watching and erases the line, so the command's own output starts on a clean line.
    func finish() async {
        for watcher in watchers { watcher.cancel() }
        for watcher in watchers { await watcher.value }
        await line?.erase()
    }
}

/// The line itself: running totals, redrawn at most ten times a second.
private actor ProgressLine {
    private var pushed = 0
    private var pulled = 0
    private var drawn = false
    private var lastDraw = Date.distantPast

    /// Adds to the totals and redraws when something changed and the last draw is old enough.
    func record(pushed: Int, pulled: Int) {
        guard pushed > 0 || pulled > 0 else { return }
        self.pushed += pushed
        self.pulled += pulled
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        drawn = true
        FileHandle.standardError.write(Data("\r\u{1B}[2Ksyncing: pushed \(self.pushed), pulled \(self.pulled)".utf8))
    }

    /// Clears the line when it was drawn.
    func erase() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        drawn = false
    }
}

extension SyncEvent {
    /// How many operations this event says were pushed.
    fileprivate var pushedCount: Int {
        if case .pushed(let operations) = self { return operations.count }
        return 0
    }

    /// How many remote changes this event says were applied.
    fileprivate var pulledCount: Int {
        if case .pulled(_, let count) = self { return count }
        return 0
    }
}
