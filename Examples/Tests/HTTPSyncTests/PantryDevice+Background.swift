import Foundation

extension PantryDevice {
    /// Starts `pantry sync` through the server without waiting for it, standard output and error going to `output`:
    /// for tests that kill the process (or the server) while it runs.
    func startSync(output: URL) throws -> Process {
        let process = Process()
        process.executableURL = try Self.executable()
        var arguments = ["sync"]
        if !usesEnvironment {
            arguments += ["--server", server.absoluteString, "--token", token, "--household", household.uuidString]
        }
        process.arguments = arguments + ["--store", store, "--path", folder.appendingPathComponent("store").path]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for name in ["PANTRY_SERVER", "PANTRY_TOKEN", "PANTRY_HOUSEHOLD", "PANTRY_HOME"] { environment[name] = nil }
        if usesEnvironment {
            environment["PANTRY_SERVER"] = server.absoluteString
            environment["PANTRY_TOKEN"] = token
            environment["PANTRY_HOUSEHOLD"] = household.uuidString
        }
        process.environment = environment
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let file = try FileHandle(forWritingTo: output)
        defer { try? file.close() }
        process.standardOutput = file
        process.standardError = file
        try process.run()
        return process
    }
}
