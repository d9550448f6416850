/// Where a setting's value came from, named in configuration errors.
enum SettingSource: Sendable, CustomStringConvertible {
    /// The command line's flag.
    case flag(Setting)
    /// The setting's environment variable.
    case environment(Setting)
    /// A key of the `--config` file.
    case file(path: String, Setting)

    /// `--port`, `INVENTORYKIT_PORT`, or `/etc/inventorykit.conf: port`.
    var description: String {
        switch self {
        case .flag(let setting): setting.flag
        case .environment(let setting): setting.environmentVariable
        case .file(let path, let setting): "\(path): \(setting.fileKey)"
        }
    }
}
