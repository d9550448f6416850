import Foundation

extension PantryDevice {
    /// Starts `pantry sync` through the server without waiting for it, standard output and error going to `output`:
    /// for tests that kill the process (or the server) while it runs.
    func startSync(output: URL) throws -> Process {
        let process = try process(syncArguments)
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

extension Process {
    /// Runs the process to its end and returns its exit status and what it printed on standard output and error.
    func runCapturingOutput() throws -> (status: Int32, output: String, error: String) {
        let output = Pipe()
        let error = Pipe()
        standardOutput = output
        standardError = error
        try run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        waitUntilExit()
        return (terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }
}
