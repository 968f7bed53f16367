import Foundation
import Primitives
import Testing

@Suite struct HashTests {
    @Test func sha256MatchesPublishedVectors() {
        #expect(SHA256.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        // Two blocks: 56 bytes force the length into a second block.
        #expect(SHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func fnv1aMatchesPublishedVectors() {
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
        var h = FNV1a()
        h.combine(scalars: "foobar".unicodeScalars)
        #expect(h.value == 0x8594_4171_f739_67e8)
    }

    @Test func seededGeneratorIsSplitMix64() {
        // SplitMix64 from seed 0: the reference implementation's first outputs.
        var g = SeededGenerator(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        #expect((0..<5).map { _ in a.next() } == (0..<5).map { _ in b.next() })
    }
}

@Suite struct CivilTests {
    @Test func dayNumbersAndISOWeekdays() {
        #expect(Civil.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(Civil.isoWeekday(0) == 4, "1970-01-01 was a Thursday")
        let monday = Civil.dayNumber(year: 2026, month: 11, day: 30)
        #expect(Civil.isoWeekday(monday) == 1)
        #expect(Civil.isoWeekday(monday + 6) == 7)
        #expect(Civil.isoWeekday(Civil.dayNumber(year: 1969, month: 12, day: 28)) == 7, "negative day numbers")
        #expect(Civil.date(of: monday) == (2026, 11, 30))
        #expect(Civil.isValid(year: 2024, month: 2, day: 29) && !Civil.isValid(year: 2026, month: 2, day: 29))
    }
}

@Suite struct FastMathTests {
    @Test func softmaxOfHandComputedRow() {
        // softmax(0, ln 2, ln 3, ln 4, -inf-ish) = (1, 2, 3, 4, 0) / 10; nine lanes cover the SIMD tail.
        var row: [Float] = [0, Float(log(2.0)), Float(log(3.0)), Float(log(4.0)), -200, -200, -200, -200, -200]
        row.withUnsafeMutableBufferPointer { FastMath.softmax($0.baseAddress!, count: $0.count) }
        let expected: [Float] = [0.1, 0.2, 0.3, 0.4, 0, 0, 0, 0, 0]
        for (a, b) in zip(row, expected) { #expect(abs(a - b) < 1e-6) }
    }

    @Test func vectorAndScalarExpAgree() {
        for x: Float in [-20, -1, 0, 0.5, 10, 80] {
            let exact = Foundation.exp(Double(x))
            #expect(abs(Double(FastMath.exp(x)) - exact) / exact < 3e-7)
            #expect(abs(Double(FastMath.exp(SIMD4(repeating: x))[2]) - exact) / exact < 3e-7)
        }
    }
}

@Suite struct DurationAndFileTests {
    @Test func durationConversions() {
        #expect(Duration.milliseconds(1_500).inMilliseconds == 1_500)
        #expect(Duration.microseconds(250).inMilliseconds == 0.25)
        #expect(Duration.seconds(2).inSeconds == 2)
        #expect(Duration.milliseconds(3).timerNanoseconds() == 3_000_000)
        #expect(Duration.seconds(-1).timerNanoseconds() == 0)
        #expect(Duration.seconds(1_000_000).timerNanoseconds() == 86_400 * 1_000_000_000)
    }

    @Test func mappedFileReadsBytesAndNamesTheMissingFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString)")
        try Data([1, 2, 3]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = try MappedFile(path: url.path)
        #expect(file.count == 3 && file.base.load(fromByteOffset: 2, as: UInt8.self) == 3)
        #expect(throws: MappedFileError(path: "/nonexistent/x", reason: "No such file or directory")) {
            try MappedFile(path: "/nonexistent/x")
        }
    }

    @Test func posixFormatIgnoresTheLocale() {
        let date = Date(timeIntervalSince1970: 0)
        #expect(PosixDateFormat.string(date, "EEE yyyy-MM-dd HH:mm", timeZone: TimeZone(identifier: "Asia/Kolkata")!)
            == "Thu 1970-01-01 05:30")
    }
}
