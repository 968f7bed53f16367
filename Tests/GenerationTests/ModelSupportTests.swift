import Foundation
import Testing
@testable import Generation
import ModelTestSupport

@Suite("Token budgets, SSE framing, error mapping, scripted model")
struct ModelSupportTests {
    @Test func budgetsAsData() {
        #expect(TokenBudget.local == TokenBudget(contextWindow: 4_096, promptBudget: 3_200, replyReserve: 256))
        #expect(TokenBudget.cloud.contextWindow == 32_768)
        #expect(TokenBudget.forLocalWindow(4_096) == .local)
        #expect(TokenBudget.local.fits(promptTokens: 3_200))
        #expect(!TokenBudget.local.fits(promptTokens: 3_201))
    }

    @Test func estimateIsConservativeForProse() {
        // 44 words, 253 bytes: a BPE tokenizer gives about 55 tokens for this English text.
        let text = "The quick brown fox jumps over the lazy dog while the meeting notes describe three open tasks, two calendar events on Tuesday, and a reminder to call Mira about the invoice before five o'clock; nothing else was scheduled for that week at all."
        let estimate = TokenEstimator.estimate(text)
        #expect(estimate >= 55 && estimate <= 80)
        #expect(TokenEstimator.estimate("") == 0)
        #expect(TokenEstimator.estimate("hi") == 2)
        #expect(TokenEstimator.estimate([.user("hi")]) == 3 + 2 + TokenEstimator.perMessageOverhead)
    }

    @Test func lineSplitterAcrossChunkBoundaries() {
        var splitter = SSELineSplitter()
        var lines: [String] = []
        for piece in ["data: a\r", "\ndata: b\rdata: c\n", "\n", "da", "ta: é"] {
            lines += splitter.feed(Data(piece.utf8))
        }
        lines += splitter.feed(Data("\n".utf8))
        #expect(lines == ["data: a", "data: b", "data: c", "", "data: é"])
        // A UTF-8 character split across two chunks is reassembled.
        var split = SSELineSplitter()
        let bytes = Array("x: é\n".utf8)
        let first = split.feed(Data(bytes[0..<4]))
        #expect(first.isEmpty && split.hasPartialLine)
        #expect(split.feed(Data(bytes[4...])) == ["x: é"])
    }

    @Test func eventParserFollowsEventSourceRules() {
        var parser = SSEEventParser()
        let lines = [": keep-alive", "event: message", "data: line one", "data:line two", "id: 7", "", "data: [DONE]", ""]
        let events = lines.compactMap { parser.consume($0) }
        #expect(events == [SSEEvent(event: "message", data: "line one\nline two", id: "7"), SSEEvent(event: nil, data: "[DONE]", id: "7")])
        var tail = SSEEventParser()
        _ = tail.consume("data: {}")
        #expect(tail.finish()?.data == "{}")
    }

    @Test func rateLimitHeaders() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        #expect(OpenAIErrorMapper.parseDuration("6ms") == 0.006)
        #expect(OpenAIErrorMapper.parseDuration("6m0s") == 360)
        #expect(OpenAIErrorMapper.parseDuration("1h2m3.5s") == 3723.5)
        #expect(OpenAIErrorMapper.parseDuration("soon") == nil)
        #expect(OpenAIErrorMapper.rateLimit(headers: ["retry-after": "20"], now: now).resetAt == now.addingTimeInterval(20))
        #expect(OpenAIErrorMapper.rateLimit(headers: ["retry-after-ms": "1500", "retry-after": "9"], now: now).retryAfter == 1.5)
        let date = OpenAIErrorMapper.rateLimit(headers: ["retry-after": "Mon, 12 Jan 1970 13:47:40 GMT"], now: now)
        #expect(date.retryAfter == 60)
        #expect(OpenAIErrorMapper.rateLimit(headers: [:], now: now) == RateLimitInfo())
        let quota = OpenAIErrorMapper.map(status: 429, headers: [:],
                                          body: Data(#"{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota", "code": "insufficient_quota"}}"#.utf8), now: now)
        guard case .rateLimited(let info) = quota else { Issue.record("expected rateLimited"); return }
        #expect(info.isQuotaExhausted)
    }

    @Test func errorCodesAreSanitized() {
        let error = OpenAIErrorMapper.map(status: 403, headers: [:], body: Data(#"{"error": {"message": "m", "code": "Your key sk-abc is blocked"}}"#.utf8), now: TestEffects.now)
        #expect(error == .unauthorized(status: 403, code: nil))
        #expect(OpenAIErrorMapper.map(status: 502, headers: [:], body: Data("<html>bad gateway</html>".utf8), now: TestEffects.now) == .server(status: 502, code: nil))
        #expect(OpenAIErrorMapper.map(status: 400, headers: [:], body: Data(#"{"error": {"message": "the request exceeds the available context size", "type": "exceed_context_size_error"}}"#.utf8), now: TestEffects.now)
                == .contextOverflow(estimatedTokens: nil, limit: nil))
        #expect(ModelError.timeout(.firstByte).category == "timeout_first_byte")
        #expect(ModelError.rateLimited(RateLimitInfo()).isTransient == false)
    }

    @Test func scriptedModelStreamsAndRecords() async throws {
        let model = ScriptedModel()
        model.enqueue(reply: "three word reply")
        model.enqueue(.deltasThenError([.text("partial ")], .timeout(.idle)))
        let deltas = try await collect(model.stream(CompletionRequest(messages: [.user("one")])))
        #expect(deltas == [.text("three "), .text("word "), .text("reply"), .finish(.stop)])
        var received: [Delta] = []
        let error = await modelError {
            for try await delta in model.stream(CompletionRequest(messages: [.user("two")])) { received.append(delta) }
        }
        #expect(received == [.text("partial ")])
        #expect(error == .timeout(.idle))
        #expect(model.history.map { $0.messages[0].content } == ["one", "two"])
        let unscripted = await modelError { _ = try await model.complete(CompletionRequest(messages: [])) }
        #expect(unscripted?.category == "invalid_response")
    }
}
