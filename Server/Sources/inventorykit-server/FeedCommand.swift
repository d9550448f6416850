import ArgumentParser
import Foundation
import Logging
import SyncServer

/// `feed`: a household's calendar feed tokens (read-only; the calendar is `calendar.ics?feed=TOKEN`).
struct FeedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Manage households' calendar feed tokens.",
        subcommands: [Add.self, Revoke.self, List.self]
    )

    /// `feed add HOUSEHOLD [--label TEXT]`: prints the feed id, its token (shown this once only) and its path.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a calendar feed; prints its token once.")

        @Argument(help: "The household id.") var household: String
        @Option(help: "A name for the feed, shown by `feed list` (1 to 200 bytes).") var label: String?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let label, !CalendarFeedService.isValidLabel(label) {
                throw ValidationError("--label must be 1 to \(CalendarFeedService.maxLabelBytes) bytes without control characters.")
            }
        }

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            let logger = Logger(label: "inventorykit-server")
            let label = self.label
            let (feed, token) = try await database.withStore(logger: logger) { _, store in
                try await store.addFeed(to: householdID, label: label)
            }
            print("feed: \(feed)")
            print("token: \(token.rawValue)")
            print("path: \(CalendarFeedService.calendarPath(of: householdID, token: token))")
            print("The token is shown only now; it reads the household's calendar and nothing else.")
        }
    }

    /// `feed revoke HOUSEHOLD FEED_ID`: the feed's token stops working at once.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a calendar feed's token.")

        @Argument(help: "The household id.") var household: String
        @Argument(help: "The feed id.") var feed: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            guard let feedID = FeedID(feed) else { throw ValidationError.notAUUID("FEED_ID", feed) }
            let logger = Logger(label: "inventorykit-server")
            try await database.withStore(logger: logger) { _, store in
                try await store.revokeFeed(feedID, of: householdID)
            }
            print("revoked: \(feedID)")
        }
    }

    /// `feed list HOUSEHOLD`: one line per feed, oldest first — id, created, `live` or `revoked`, label. Never a token.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a household's calendar feeds (never their tokens).")

        @Argument(help: "The household id.") var household: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            let logger = Logger(label: "inventorykit-server")
            let feeds = try await database.withStore(logger: logger) { _, store in
                try await store.feeds(of: householdID)
            }
            for feed in feeds {
                let state = feed.revokedAt == nil ? "live" : "revoked"
                let created = feed.createdAt.formatted(Date.ISO8601FormatStyle())
                print([feed.id.description, created, state, feed.label ?? ""].joined(separator: "\t"))
            }
        }
    }
}
