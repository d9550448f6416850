import ArgumentParser

extension ValidationError {
    /// An argument that should be an id is not one: `HOUSEHOLD 'abc' is not a UUID.`
    static func notAUUID(_ argument: String, _ text: String) -> ValidationError {
        ValidationError("\(argument) '\(text)' is not a UUID (an id as `household create`, `device add`, … print it).")
    }
}
