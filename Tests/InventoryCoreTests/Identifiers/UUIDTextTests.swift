import Foundation
import Testing

@testable import InventoryKit

/// `UUIDText` replaces Foundation's formatted UUID I/O on hot paths; every answer must be Foundation's.
@Suite("UUID text without formatted I/O")
struct UUIDTextTests {
    /// Random UUIDs with the edge bytes mixed in (all zero, all one, a byte of 0x0F or 0xF0 at every position).
    static let uuids: [UUID] = {
        var generator = SystemRandomNumberGenerator()
        var uuids = (0..<2_000).map { _ in UUID() }
        uuids.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
        uuids.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
        for position in 0..<16 {
            for byte: UInt8 in [0x0F, 0xF0, 0x9A, UInt8.random(in: 0...255, using: &generator)] {
                var raw = [UInt8](repeating: 0x55, count: 16)
                raw[position] = byte
                uuids.append(
                    UUID(uuid: (raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9], raw[10],
                        raw[11], raw[12], raw[13], raw[14], raw[15])))
            }
        }
        return uuids
    }()

    @Test("Writes what uuidString and uuidString.lowercased() write")
    func writesFoundationsText() {
        for uuid in Self.uuids {
            #expect(UUIDText.uppercase(uuid) == uuid.uuidString)
            #expect(UUIDText.lowercase(uuid) == uuid.uuidString.lowercased())
        }
    }

    @Test("Reads every letter case as UUID(uuidString:) does")
    func readsEveryLetterCase() {
        for uuid in Self.uuids {
            let upper = uuid.uuidString
            let mixed = String(upper.enumerated().map { $0.offset % 3 == 0 ? Character($0.element.lowercased()) : $0.element })
            for text in [upper, upper.lowercased(), mixed] {
                #expect(UUIDText.parse(text) == uuid, "\(text)")
                #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text)")
            }
        }
    }

    @Test("Text that is not the canonical form gets Foundation's answer")
    func otherTextGetsFoundationsAnswer() {
        let base = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
        var texts = [
            "", "6ba7b810", base + "0", String(base.dropLast()), base.replacingOccurrences(of: "-", with: ""),
            " " + String(base.dropFirst()), "+ba7b810-9dad-11d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-80b4-00c04fd430cg",
            "6ba7b810_9dad-11d1-80b4-00c04fd430c8", "6ba7b8109-dad-11d1-80b4-00c04fd430c8", "{\(base)}",
            "6ba7b810-9dad-11d1-80b4-00c04fd430c\u{0665}", "6ba7b810-9dad-11d1-80b4-00c04fd43\u{00E9}",
            "６ba7b810-9dad-11d1-80b4-00c04fd430c8", "6ba7b810-9dad-11d1-80b4-00c04fd430c\u{202E}",
        ]
        for position in [0, 7, 8, 9, 13, 35] {
            var bytes = Array(base.utf8)
            bytes[position] = UInt8(ascii: "x")
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        for text in texts {
            #expect(UUIDText.parse(text) == UUID(uuidString: text), "\(text.debugDescription)")
        }
    }

    @Test("Orders UUIDs as their uuidString text sorts")
    func ordersAsTheTextSorts() {
        let uuids = Self.uuids
        for (index, lhs) in uuids.enumerated() {
            for rhs in [uuids[(index + 1) % uuids.count], uuids[(index * 7 + 3) % uuids.count], lhs] {
                #expect(UUIDText.precedes(lhs, rhs) == (lhs.uuidString < rhs.uuidString), "\(lhs) \(rhs)")
            }
        }
    }

    @Test("A journal-style keyed member decodes as UUID's Codable decodes it, and refuses what it refuses")
    func keyedMemberDecodesAsUUIDDoes() throws {
        struct Holder: Decodable {
            let id: UUID
            enum CodingKeys: String, CodingKey { case id }
            init(from decoder: any Decoder) throws {
                id = try decoder.container(keyedBy: CodingKeys.self).decodeUUID(forKey: .id, of: decoder)
            }
        }
        let uuid = UUID()
        let text = JSONDecoder()
        text.userInfo[.uuidsAreText] = true
        for decoder in [JSONDecoder(), text] {
            for string in [uuid.uuidString, uuid.uuidString.lowercased()] {
                let held = try decoder.decode(Holder.self, from: Data(#"{"id":"\#(string)"}"#.utf8))
                #expect(held.id == uuid)
            }
            for json in [#"{"id":"nope"}"#, #"{"id":12}"#, #"{}"#] {
                #expect(throws: DecodingError.self) { try decoder.decode(Holder.self, from: Data(json.utf8)) }
            }
        }
        let record = try RecordCoding.decode(Holder.self, from: Data(#"{"id":"\#(uuid.uuidString.lowercased())"}"#.utf8))
        #expect(record.id == uuid)
    }
}
