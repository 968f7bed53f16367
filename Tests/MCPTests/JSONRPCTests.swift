import Foundation
import IntentKit
@testable import MCP
import Testing

struct LineSplitterTests {
    @Test func splitsOnNewlinesAcrossChunksAndStripsCarriageReturns() {
        var splitter = LineSplitter(maxLineBytes: 64)
        #expect(splitter.append(Array("{\"a\":".utf8)) == [])
        #expect(splitter.append(Array("1}\r\n{\"b\":2}\n\n   \n{\"c\"".utf8)) == [
            .line(Data("{\"a\":1}".utf8)), .line(Data("{\"b\":2}".utf8)),
        ])
        #expect(splitter.finish() == [.line(Data("{\"c\"".utf8))])
        #expect(splitter.finish() == [])
    }

    @Test func anOversizedLineIsDroppedWholeAndTheNextLineSurvives() {
        var splitter = LineSplitter(maxLineBytes: 8)
        let frames = splitter.append(Array("0123456789abcdef\nok\n".utf8))
        #expect(frames == [.oversized, .line(Data("ok".utf8))])
        #expect(splitter.append(Array(String(repeating: "x", count: 20).utf8)) == [.oversized])
        #expect(splitter.finish() == [])
    }

    @Test func multiByteUTF8IsKeptIntactAcrossChunks() {
        var splitter = LineSplitter(maxLineBytes: 64)
        let bytes = Array("\"café ☕\"\n".utf8)
        var frames: [LineSplitter.Frame] = []
        for byte in bytes { frames += splitter.append([byte]) }
        #expect(frames == [.line(Data("\"café ☕\"".utf8))])
    }
}

struct JSONRPCDecoderTests {
    func decode(_ text: String) -> JSONRPCDecoder.Outcome { JSONRPCDecoder.decode(Data(text.utf8)) }

    @Test func requestsNotificationsAndResponsesAreTold() {
        #expect(decode(#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#) == .message(.request(id: .number(7), method: "ping", params: nil)))
        #expect(decode(#"{"jsonrpc":"2.0","id":"a","method":"x","params":{"k":1}}"#)
                == .message(.request(id: .string("a"), method: "x", params: .object(["k": .number(1)]))))
        #expect(decode(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
                == .message(.notification(method: "notifications/initialized", params: nil)))
        #expect(decode(#"{"jsonrpc":"2.0","id":3,"result":{}}"#) == .message(.response(id: .number(3), result: .object([:]))))
        #expect(decode(#"{"jsonrpc":"2.0","id":3,"error":{"code":-1,"message":"no"}}"#)
                == .message(.errorResponse(id: .number(3), error: JSONRPCError(code: -1, message: "no"))))
    }

    @Test(arguments: [
        ("not json", -32700, false),
        ("[1,2]", -32600, false),
        ("[]", -32600, false),
        ("\"text\"", -32600, false),
        (#"{"id":1,"method":"ping"}"#, -32600, true),
        (#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, -32600, false),
        (#"{"jsonrpc":"2.0","id":null,"method":"ping"}"#, -32600, false),
        (#"{"jsonrpc":"2.0","id":1,"method":5}"#, -32600, true),
        (#"{"jsonrpc":"2.0","id":1,"method":"x","params":3}"#, -32600, true),
        (#"{"jsonrpc":"2.0","id":1}"#, -32600, true),
    ])
    func malformedMessagesBecomeTheRightError(text: String, code: Int, keepsID: Bool) {
        guard case .invalid(let error, let id) = decode(text) else { Issue.record("accepted \(text)"); return }
        #expect(error.code == code, "\(text)")
        #expect((id != nil) == keepsID, "\(text)")
    }

    @Test func encodingIsOneLineAndEchoesTheIdExactly() {
        let message = JSONRPCMessage.response(id: .string("x\n1"), result: .object(["text": .string("two\nlines")]))
        let line = String(decoding: message.encodedLine(), as: UTF8.self)
        #expect(!line.contains("\n"))
        #expect(decode(line) == .message(message))
        let error = JSONRPCMessage.errorResponse(id: nil, error: .parseError("bad"))
        #expect(String(decoding: error.encodedLine(), as: UTF8.self) == #"{"error":{"code":-32700,"message":"bad"},"id":null,"jsonrpc":"2.0"}"#)
        #expect(RequestID.number(12).description == "12")
    }
}

struct HMACTests {
    func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// RFC 4231 test cases 1, 2 and 6 (a key longer than the block).
    @Test func matchesRFC4231() {
        #expect(hex(HMACSHA256.mac(key: [UInt8](repeating: 0x0b, count: 20), message: Array("Hi There".utf8)))
                == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        #expect(hex(HMACSHA256.mac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        #expect(hex(HMACSHA256.mac(key: [UInt8](repeating: 0xaa, count: 131),
                                   message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    @Test func base64URLRoundTripsAndRejectsForeignCharacters() {
        let bytes: [UInt8] = [0xfb, 0xff, 0x00, 0x3e, 0x3f]
        let text = Base64URL.encode(bytes)
        #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
        #expect(Base64URL.decode(text) == bytes)
        #expect(Base64URL.decode("ab+c") == nil)
        #expect(Base64URL.decode("a b") == nil)
    }
}
