import Foundation

/// System requirements as a collectibles catalogue writes them: texts such as `"48K"`, `"1 MHz"`, `"DOS 3.3"`.
///
/// Decoding is tolerant: numbers are read as texts, other wrong types are left out and noted in
/// `decodingWarnings`.
public struct CollectibleRequirements: Hashable, Sendable, Codable {
    /// The minimum memory, such as `"48K"`, `"640 KB"`, `"4 MB"`.
    public var memory: String?
    /// The recommended memory.
    public var recommendedMemory: String?
    /// The processor family, such as `"6502"`.
    public var cpu: String?
    /// The minimum processor speed, such as `"1 MHz"` or `"4.77MHz"`.
    public var cpuSpeed: String?
    /// The video hardware.
    public var video: String?
    /// The audio hardware.
    public var audio: String?
    /// The operating system, such as `"MS-DOS"`.
    public var os: String?
    /// The minimum operating system version, such as `"3.3"`.
    public var osVersion: String?
    /// The free storage needed, such as `"140K"` or `"20 MB"`.
    public var storage: String?
    /// Free-form notes.
    public var notes: String?
    /// What decoding noticed; not encoded.
    public var decodingWarnings: [ImportWarning] = []

    /// Creates requirements; every value defaults to `nil`.
    public init(
        memory: String? = nil, recommendedMemory: String? = nil, cpu: String? = nil, cpuSpeed: String? = nil,
        video: String? = nil, audio: String? = nil, os: String? = nil, osVersion: String? = nil,
        storage: String? = nil, notes: String? = nil
    ) {
        self.memory = memory
        self.recommendedMemory = recommendedMemory
        self.cpu = cpu
        self.cpuSpeed = cpuSpeed
        self.video = video
        self.audio = audio
        self.os = os
        self.osVersion = osVersion
        self.storage = storage
        self.notes = notes
    }

    private enum CodingKeys: String, CodingKey {
        case memory, recommendedMemory, cpu, cpuSpeed, video, audio, os, osVersion, storage, notes
    }

    /// Reads the values field by field.
    init(json object: [String: JSONValue], prefix: String) {
        var reader = LenientObjectReader(object, prefix: prefix)
        memory = reader.text(CodingKeys.memory.rawValue)
        recommendedMemory = reader.text(CodingKeys.recommendedMemory.rawValue)
        cpu = reader.text(CodingKeys.cpu.rawValue)
        cpuSpeed = reader.text(CodingKeys.cpuSpeed.rawValue)
        video = reader.text(CodingKeys.video.rawValue)
        audio = reader.text(CodingKeys.audio.rawValue)
        os = reader.text(CodingKeys.os.rawValue)
        osVersion = reader.text(CodingKeys.osVersion.rawValue)
        storage = reader.text(CodingKeys.storage.rawValue)
        notes = reader.text(CodingKeys.notes.rawValue)
        decodingWarnings = reader.warnings
    }

    /// Decodes tolerantly.
    ///
    /// - Throws: `DecodingError` only when the input is not a JSON object.
    public init(from decoder: any Decoder) throws {
        guard let object = try JSONValue(from: decoder).objectValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "system requirements must be an object"))
        }
        self.init(json: object, prefix: "systemRequirements.")
    }

    /// Encodes the values that are present.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(memory, forKey: .memory)
        try container.encodeIfPresent(recommendedMemory, forKey: .recommendedMemory)
        try container.encodeIfPresent(cpu, forKey: .cpu)
        try container.encodeIfPresent(cpuSpeed, forKey: .cpuSpeed)
        try container.encodeIfPresent(video, forKey: .video)
        try container.encodeIfPresent(audio, forKey: .audio)
        try container.encodeIfPresent(os, forKey: .os)
        try container.encodeIfPresent(osVersion, forKey: .osVersion)
        try container.encodeIfPresent(storage, forKey: .storage)
        try container.encodeIfPresent(notes, forKey: .notes)
    }
}
