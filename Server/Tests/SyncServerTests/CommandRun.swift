import Foundation
import ThrowawayPostgres

/// One run of the built `inventorykit-server` to its exit, bounded in time, with its standard output and error
/// kept apart: for tests of what a command prints and the status it exits with.
struct CommandRun: Sendable {
    /// The exit status (`-1` when the process died of a signal).
    let status: Int32
    /// What it printed on standard output.
    let output: String
    /// What it printed on standard error.
    let error: String
    /// How long it ran.
    let elapsed: Duration

    /// The non-empty lines of standard error.
    var errorLines: [String] { error.split(separator: "\n").map(String.init) }

    /// Runs `arguments` with `environment` over the test's own (less its `INVENTORYKIT_` variables); the process is
    /// killed after `timeout`.
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(30))
        async throws -> CommandRun
    {
        let base = NSTemporaryDirectory() + "inventorykit-command-\(UUID().uuidString)"
        defer { unlink(base + ".out"); unlink(base + ".err") }
        let start = ContinuousClock.now
        let pid = try ChildProcess.spawn(
            ServerProcess.executablePath, arguments, outputPath: base + ".out", errorPath: base + ".err",
            environment: ServerProcess.childEnvironment(environment))
        guard let status = await waitForExit(pid, timeout: timeout) else {
            throw ServerProcess.Failure(description: "`\(arguments.joined(separator: " "))` did not exit within \(timeout)")
        }
        return CommandRun(
            status: status,
            output: (try? String(contentsOfFile: base + ".out", encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: base + ".err", encoding: .utf8)) ?? "",
            elapsed: ContinuousClock.now - start)
    }

    /// Runs `--help` once, unmeasured, so the executable is loaded before a test times it (on a loaded machine
    /// the first start of the 100+ MB debug build alone has taken 15 s).
    static func warmUp() async throws {
        _ = try await run(["--help"], timeout: .seconds(60))
    }

    /// Polls `waitpid` until `pid` exits, or kills it after `timeout` and returns `nil`; `-1` for a death by
    /// signal.
    static func waitForExit(_ pid: pid_t, timeout: Duration) async -> Int32? {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1 }
            if reaped == -1, errno != EINTR { return nil }
            try? await Task.sleep(for: .milliseconds(20))
        }
        _ = kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return nil
    }
}
