import Foundation

/// Starting a child process for a test: standard input from `/dev/null`, standard output and error into a file,
/// and no other descriptor of the parent.
///
/// A child must not inherit the test's sockets: `pg_ctl restart` leaves a PostgreSQL daemon behind, and a daemon
/// holding a copy of an HTTP client's socket keeps that connection open after the test is done with it.
public enum ChildProcess {
    /// Spawns `executable` with `arguments` and the parent's environment (or `environment` when given); returns its
    /// process id. Standard error goes to `errorPath` when given, else with standard output to `outputPath`.
    /// - Throws: ``PostgresCluster/Failure`` when `posix_spawn` fails.
    public static func spawn(
        _ executable: String, _ arguments: [String], outputPath: String, errorPath: String? = nil,
        environment: [String: String]? = nil
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if let errorPath {
            posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        #if canImport(Darwin)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #else
            // glibc's `posix_spawn` ignores a close of a descriptor closed since it was listed.
            let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
            for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        #endif
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned =
            if let envp {
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            } else {
                posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            }
        guard spawned == 0 else { throw PostgresCluster.Failure(description: "posix_spawn \(executable) failed: \(spawned)") }
        return pid
    }
}
