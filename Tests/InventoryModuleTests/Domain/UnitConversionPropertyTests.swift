import Foundation
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Conversions over generated chains of units (seeded): round trips, transitivity, no drift in `Decimal`, and
/// refused cycles and zero factors — the bug class household apps' users meet most.
@Suite("Unit conversion properties over 10,000 generated chains")
struct UnitConversionPropertyTests {
    /// Factors whose inverses terminate in decimal (2^i · 5^j): every conversion through them is exact.
    static let exactFactors: [Decimal] = ["2", "4", "5", "8", "10", "25", "100", "1000", "0.5", "0.25", "0.1", "0.02"]
        .compactMap { Decimal(string: $0) }
    /// Factors with repeating inverses (1/3, 1/6, 1/12): exact one way, rounded to 10⁻⁹ the other.
    static let repeatingFactors: [Decimal] = [3, 6, 12]

    static let units = (0..<8).map { UnitID.derived(name: "unit \($0)") }

    /// A chain unit 0 → unit 1 → … of `length` conversions with random factors, in a random direction each.
    static func chain(
        length: Int, factors: [Decimal], random: inout SeededRandomNumberGenerator
    ) -> (conversions: [UnitConversion], factor: Decimal) {
        var conversions: [UnitConversion] = []
        var total: Decimal = 1
        for index in 0..<length {
            let factor = factors[Int.random(in: 0..<factors.count, using: &random)]
            if Bool.random(using: &random) {
                conversions.append(UnitConversion(from: units[index], to: units[index + 1], factor: factor))
            } else {
                conversions.append(UnitConversion(from: units[index + 1], to: units[index], factor: 1 / factor))
            }
            total *= factor
        }
        return (conversions.shuffled(using: &random), total)
    }

    static func amount(_ random: inout SeededRandomNumberGenerator) -> Decimal {
        Decimal(Int.random(in: 1...1_000_000, using: &random)) / 1000
    }

    @Test("10,000 chains: the factor along a chain is the product of its steps; a round trip gives back the amount")
    func chainsAreTransitiveAndRoundTrip() throws {
        var random = SeededRandomNumberGenerator(seed: 14)
        var roundTrips = 0
        for _ in 0..<10_000 {
            let length = Int.random(in: 1...4, using: &random)
            let (conversions, total) = Self.chain(length: length, factors: Self.exactFactors, random: &random)
            let converter = UnitConverter(conversions: conversions)
            let first = Self.units[0], last = Self.units[length]
            #expect(try converter.factor(from: first, to: last, product: nil) == total)
            // Transitive: any unit in between splits the factor exactly.
            let middle = Self.units[Int.random(in: 0...length, using: &random)]
            let split = try converter.factor(from: first, to: middle, product: nil)
                * converter.factor(from: middle, to: last, product: nil)
            #expect(split == total)
            let amount = Self.amount(&random)
            let there = try converter.convert(amount, from: first, to: last, product: nil)
            // Amounts are kept to 10⁻⁹: a round trip gives the amount back whenever the way there kept every digit.
            guard there == amount * total else { continue }
            roundTrips += 1
            #expect(try converter.convert(there, from: last, to: first, product: nil) == amount)
        }
        #expect(roundTrips > 5_000)
    }

    @Test("converting back and forth 100 times does not drift, and repeating factors stay within 10⁻⁹")
    func noDrift() throws {
        var random = SeededRandomNumberGenerator(seed: 1_217)
        for _ in 0..<1_000 {
            let exact = Bool.random(using: &random)
            let (conversions, _) = Self.chain(
                length: 2, factors: exact ? Self.exactFactors : Self.repeatingFactors, random: &random)
            let converter = UnitConverter(conversions: conversions)
            let start = Self.amount(&random)
            var amount = start
            for _ in 0..<100 {
                amount = try converter.convert(amount, from: Self.units[0], to: Self.units[2], product: nil)
                amount = try converter.convert(amount, from: Self.units[2], to: Self.units[0], product: nil)
            }
            if exact {
                #expect(amount == start)
            } else {
                #expect(abs(amount - start) <= Decimal(string: "0.000001") ?? 0, "drifted from \(start) to \(amount)")
            }
        }
    }

    /// A state with the eight units and the conversions folded in.
    static func state(with conversions: [UnitConversion]) throws -> (InventoryState, InventoryCommandContext) {
        var kitchen = try F.kitchen()
        for unit in units.indices { try kitchen.run(.defineUnit(UnitDefinition(id: units[unit], name: "unit \(unit)"))) }
        for conversion in conversions { try kitchen.run(.defineConversion(conversion)) }
        return (kitchen.state, kitchen.context())
    }

    @Test("1,000 chains: a conversion that closes a cycle is refused, with both units named")
    func cyclesRefused() throws {
        var random = SeededRandomNumberGenerator(seed: 2_066)
        for _ in 0..<1_000 {
            let length = Int.random(in: 2...4, using: &random)
            let (conversions, total) = Self.chain(length: length, factors: Self.exactFactors, random: &random)
            let (state, context) = try Self.state(with: conversions)
            let closing = UnitConversion(from: Self.units[length], to: Self.units[0], factor: 1 / total)
            #expect(throws: InventoryError.conversionCycle(from: Self.units[length], to: Self.units[0], product: nil)) {
                _ = try InventoryCommandHandler.decide(.defineConversion(closing), in: state, context: context)
            }
            // Replacing a step of the chain (the same two units) is not a cycle.
            let step = conversions[Int.random(in: 0..<conversions.count, using: &random)]
            let replaced = UnitConversion(from: step.to, to: step.from, factor: 2)
            #expect(!(try InventoryCommandHandler.decide(.defineConversion(replaced), in: state, context: context)).isEmpty)
        }
    }

    @Test("zero, negative and invalid factors are refused", arguments: ["0", "-1", "-0.001"])
    func zeroFactorsRefused(_ text: String) throws {
        let (state, context) = try Self.state(with: [])
        let factor = try #require(Decimal(string: text))
        #expect(throws: InventoryError.self) {
            _ = try InventoryCommandHandler.decide(
                .defineConversion(UnitConversion(from: Self.units[0], to: Self.units[1], factor: factor)),
                in: state, context: context)
        }
        // A synced entry with such a factor is reported by the fold and ignored.
        var folded = state
        folded.apply(
            .fixture(
                .defineConversion(UnitConversion(from: Self.units[0], to: Self.units[1], factor: factor)), in: F.home,
                recordedAt: F.t0 + 86_400, replica: "z"))
        #expect(!folded.unitConverter.canConvert(from: Self.units[0], to: Self.units[1], product: nil))
    }
}
