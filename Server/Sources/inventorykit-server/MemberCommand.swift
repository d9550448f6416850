import ArgumentParser
import Foundation
import Logging
import SyncServer
import SyncWire

/// `member`: the people who use a household's web app (invitations, listing, revocation).
struct MemberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "member",
        abstract: "Manage the people who sign in to a household's web pages.",
        subcommands: [Invite.self, List.self, Revoke.self]
    )

    /// `member invite HOUSEHOLD --name NAME [--base-url URL] [--expires-in-seconds N]`: prints the member id, the
    /// one-time invitation link (shown this once only) and when it expires.
    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Invite a person; prints a one-time sign-in link.")

        @Argument(help: "The household id.") var household: String
        @Option(help: "The member's name, shown on the pages (1 to \(MemberService.maxNameLength) characters).")
        var name: String
        @Option(help: "The server's address as browsers reach it, put before the link's path (e.g. https://pantry.example).")
        var baseURL: String?
        @Option(help: "Seconds the invitation works (default: 7 days).") var expiresInSeconds: Int?
        @OptionGroup var database: DatabaseOptions

        func validate() throws {
            if let expiresInSeconds, expiresInSeconds < 1 { throw ValidationError("--expires-in-seconds must be positive.") }
        }

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            let logger = Logger(label: "inventorykit-server")
            let (name, lifetime) = (self.name, expiresInSeconds.map { Duration.seconds($0) })
            let invitation = try await database.withStore(logger: logger) { _, store in
                do {
                    return try await MemberService(service: SyncService(store: store), store: store)
                        .invite(name, to: householdID, lifetime: lifetime)
                } catch let error as APIError where error.code == .notFound {
                    throw SyncStoreError.householdNotFound(householdID)  // the command line names the household
                }
            }
            let base = (baseURL ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            print("member: \(invitation.memberId)")
            print("invitation: \(base.isEmpty ? invitation.invitationPath : base + invitation.invitationPath)")
            print("expires: \(invitation.expiresAt.formatted(Date.ISO8601FormatStyle()))")
            print("The link is shown only now and signs in once.")
        }
    }

    /// `member list HOUSEHOLD`: one line per member, oldest first — id, invited, `live` or `revoked`, open
    /// sessions, name.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a household's members (never a token).")

        @Argument(help: "The household id.") var household: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            let logger = Logger(label: "inventorykit-server")
            let members = try await database.withStore(logger: logger) { _, store in try await store.members(of: householdID) }
            for member in members {
                let state = member.revokedAt == nil ? "live" : "revoked"
                let created = member.createdAt.formatted(Date.ISO8601FormatStyle())
                print([member.memberId.description, created, state, "sessions=\(member.openSessions)", member.name]
                    .joined(separator: "\t"))
            }
        }
    }

    /// `member revoke HOUSEHOLD MEMBER_ID`: the member's sessions end at once; their invitations stop working.
    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a member: sessions end, invitations stop working.")

        @Argument(help: "The household id.") var household: String
        @Argument(help: "The member id.") var member: String
        @OptionGroup var database: DatabaseOptions

        func run() async throws {
            guard let householdID = HouseholdID(household) else { throw ValidationError.notAUUID("HOUSEHOLD", household) }
            guard let memberID = MemberID(member) else { throw ValidationError.notAUUID("MEMBER_ID", member) }
            let logger = Logger(label: "inventorykit-server")
            try await database.withStore(logger: logger) { _, store in try await store.revokeMember(memberID, of: householdID) }
            print("revoked: \(memberID)")
        }
    }
}
