import ArgumentParser
import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import SyncWire

extension HouseholdCommand {
    /// `pantry household invite --name NAME [--expires-in-seconds N]`: a person for the household's web pages, and
    /// the one-time link that signs them in.
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Invite a person to the household's web pages: prints a one-time sign-in link.",
            discussion: """
                Asks the sync server this pantry joined (or --server, $PANTRY_SERVER with its token and household) \
                to create a member of the household with an invitation. Prints the member id, the link \
                (the server's address and /invite/<token>) and when it expires. The link signs in once, in one \
                browser, and is shown only now: hand it to the person. The server keeps only its hash; \
                `inventorykit-server member revoke` ends the member's sessions and voids the link. Needs no store: \
                without one, give the server, token and household. A device the server refuses exits with \
                status 6.
                """)
        @OptionGroup var options: StoreOptions
        @OptionGroup var server: ServerOptions
        @Option(help: "The person's name, shown on the pages (1 to \(Self.maxNameLength) characters).")
        var name: String
        @Option(help: "Seconds the link works, 1 to 30 days' worth (default: the server's, 7 days).")
        var expiresInSeconds: Int?
        @Option(help: "Your name, so the invitation page says who sent the link (1 to \(Self.maxNameLength) characters).")
        var from: String?

        /// The longest name the server takes.
        static let maxNameLength = 100
        /// The longest invitation the server gives a device, in seconds (30 days).
        static let maxSeconds = 30 * 24 * 3600

        /// What `--json` prints.
        struct Report: JSONObjectOutput {
            var householdId: String
            var memberId: String
            var name: String
            /// The sign-in link: the server's address and the invitation's path.
            var link: String
            var expiresAt: Date
        }

        func validate() throws {
            for (option, text) in [("--name", name), ("--from", from)] {
                guard let text else { continue }
                let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty, trimmed.count <= Self.maxNameLength,
                    !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                else {
                    throw ValidationError("\(option) takes 1 to \(Self.maxNameLength) characters without control characters.")
                }
            }
            if let expiresInSeconds, !(1...Self.maxSeconds).contains(expiresInSeconds) {
                throw ValidationError("--expires-in-seconds takes 1 to \(Self.maxSeconds) (30 days).")
            }
        }

        func run() async throws {
            let configuration = try await serverConfiguration()
            let invitation = try await Self.invite(name, expiresInSeconds: expiresInSeconds, from: from, on: configuration)
            let report = Report(
                householdId: configuration.householdID.rawValue, memberId: invitation.memberId,
                name: invitation.name, link: invitation.link(on: configuration).absoluteString,
                expiresAt: invitation.expiresAt)
            if options.json {
                try Output.json(report)
            } else {
                print("invited \(Output.terminalSafe(report.name)) to household \(report.householdId)")
                print("member:     \(report.memberId)")
                print("invitation: \(Output.terminalSafe(report.link))")
                print("expires:    \(report.expiresAt.formatted(Date.ISO8601FormatStyle()))")
                print("The link signs in once and is shown only now: hand it to \(Output.terminalSafe(report.name)).")
            }
        }

        /// The server of the options, the `PANTRY_*` variables, else the one `pantry household join` saved in the
        /// store (read when a store is there; none is created).
        ///
        /// - Throws: ``PantryError/syncTarget(_:)`` when no server is named or a setting is unusable, or a storage
        ///   error.
        private func serverConfiguration() async throws -> HTTPSyncConfiguration {
            let variables = ProcessInfo.processInfo.environment
            var saved = PantrySettings()
            if StoreLocation.exists(options.store, at: options.location) {
                let opened = try await PantryEnvironment.openStorage(options.store, at: options.location)
                do {
                    saved = try await PantrySettings.load(from: opened.storage)
                } catch {
                    await opened.close()
                    throw error
                }
                await opened.close()
            }
            guard let configuration = try server.configuration(variables, saved: saved) else {
                throw PantryError.syncTarget(
                    "household invite needs --server URL (or $PANTRY_SERVER, or a server saved by `pantry household join`)")
            }
            return configuration
        }

        /// Asks the server for the member and the invitation.
        ///
        /// - Throws: ``PantryError/refused(_:)`` when the server refuses the device, else ``PantryError/server(_:)``.
        static func invite(
            _ name: String, expiresInSeconds: Int?, from sender: String? = nil, on configuration: HTTPSyncConfiguration
        ) async throws -> MemberInvitation {
            let server = configuration.apiRoot.absoluteString
            do {
                return try await HTTPSyncClient(configuration: configuration)
                    .inviteMember(named: name, expiresInSeconds: expiresInSeconds, invitedBy: sender)
            } catch let error as RemoteSyncError {
                switch error {
                case .unauthorized(let reason):
                    throw PantryError.refused(
                        "the server \(server) refused this device for household \(configuration.householdID) "
                            + "(\(reason)); nobody was invited")
                case .offline:
                    throw PantryError.server("cannot reach the sync server at \(server); nobody was invited")
                case .timeout:
                    throw PantryError.server(
                        "the sync server at \(server) did not answer in time; a member may have been created without "
                            + "its link reaching you (`inventorykit-server member list` shows it)")
                default:
                    throw PantryError.server("the sync server at \(server) did not invite \(name): \(error)")
                }
            }
        }
    }
}
