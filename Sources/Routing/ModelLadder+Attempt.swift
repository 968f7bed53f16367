import Foundation
import Generation
import IntentKit

/// How one model rung ended.
enum RungOutcome<Value: Sendable>: Sendable {
    case accepted(Value)
    /// Fall back to the next rung; the error is what a `cloud-required` run ends with instead.
    case moveOn(IntentError)
    /// Meaningful text was already streamed to the person: no fallback.
    case failedAfterOutput(ModelError)
    case cancelled
}

/// A streamed call that failed after meaningful text was passed on.
struct StreamFailure: Error {
    let error: ModelError
}

extension ModelLadder {
    /// Tries one model rung within `remaining` of the run's model budget: call, validate, record.
    /// Never throws: every failure is typed and recorded in the returned trace. When the budget
    /// runs out first, the call is cancelled and the rung fails with `timeout_total`.
    func attempt<Value: Sendable>(_ rung: RouteTarget, model: any LanguageModel, request: LadderRequest<Value>,
                                  trace: LadderTrace<Value>, within remaining: Duration) async -> (RungOutcome<Value>, LadderTrace<Value>) {
        let start = clock()
        guard remaining > .milliseconds(500) else { return budgetSpent(rung, model: model, trace: trace, start: start) }
        let deadline = ContinuousClock.now + remaining
        let (result, timedOut) = await Budget.run(within: remaining) { [self] in
            var copy = trace
            let outcome = await attempt(rung, model: model, request: request, trace: &copy, deadline: deadline)
            return (outcome, copy)
        }
        if timedOut, case .cancelled = result.0 { return budgetSpent(rung, model: model, trace: trace, start: start) }
        return result
    }

    /// The rung's share of the model budget is spent: a failure with `timeout_total`.
    private func budgetSpent<Value: Sendable>(_ rung: RouteTarget, model: any LanguageModel, trace: LadderTrace<Value>,
                                              start: Date) -> (RungOutcome<Value>, LadderTrace<Value>) {
        var trace = trace
        let error = ModelError.timeout(.total)
        trace.record(rung, model: model, start: start, end: clock(), outcome: .failed, category: error.category)
        trace.moveOn(.failed(rung, category: error.category), code: .fallback)
        return (.moveOn(Self.cloudRequiredError(error)), trace)
    }

    /// The request body's size as it would be sent to `model` (messages, schema block, JSON
    /// framing): what the consent prompt shows.
    static func sentBytes<Value>(of request: LadderRequest<Value>, to model: any LanguageModel, maxTokens: Int) -> Int {
        var completion = CompletionRequest(messages: request.messages, maxTokens: request.maxTokens ?? maxTokens,
                                           temperature: request.temperature)
        if let schema = request.schema { completion = StructuredOutput.prepared(completion, schema: schema, model: model) }
        let streams = request.schema == nil && request.onText != nil && model.capabilities.streaming
        return model.requestBodyBytes(for: completion, stream: streams)
    }

    /// One try of one rung; `deadline` is when the rung's budget ends (a repair retry that
    /// cannot finish by then is not started).
    private func attempt<Value: Sendable>(_ rung: RouteTarget, model: any LanguageModel, request: LadderRequest<Value>,
                                          trace: inout LadderTrace<Value>, deadline: ContinuousClock.Instant?) async -> RungOutcome<Value> {
        let start = clock()
        let (completionRequest, schema) = request.completion(for: model.capabilities,
                                                             defaultMaxTokens: configuration.defaultMaxTokens)
        let reply: (text: String, json: JSONValue?, usage: TokenUsage?, streamed: Bool)
        do {
            reply = try await call(model, completionRequest, schema: schema, request, deadline: deadline)
        } catch let failure as StreamFailure {
            trace.record(rung, model: model, start: start, end: clock(), outcome: .failed, category: failure.error.category)
            rememberQuota(after: failure.error, rung: rung, model: model)
            return .failedAfterOutput(failure.error)
        } catch {
            let error = Self.modelError(error)
            if case .cancelled = error { return .cancelled }
            trace.record(rung, model: model, start: start, end: clock(), outcome: .failed, category: error.category)
            rememberQuota(after: error, rung: rung, model: model)
            let (reason, code) = Self.fallbackReason(for: error, rung: rung)
            trace.moveOn(reason, code: code)
            return .moveOn(Self.cloudRequiredError(error))
        }
        if rung == .cloud { remember(.available, model: model) }
        do {
            let value = try request.accept(ModelReply(text: reply.text, json: reply.json, target: rung, descriptor: model.descriptor,
                                                         compact: request.usesCompactForm(for: model.capabilities)))
            trace.verification = .passed
            trace.record(rung, model: model, start: start, end: clock(), outcome: .completed, category: nil, usage: reply.usage)
            return .accepted(value)
        } catch {
            let rule: String
            switch error {
            case let rejection as LadderRejection: rule = rejection.rule
            case let modelError as ModelError: rule = modelError.category
            default: rule = "invalid_output"
            }
            trace.verification = .failed(rule: rule)
            trace.record(rung, model: model, start: start, end: clock(), outcome: .rejected, category: rule, usage: reply.usage)
            if reply.streamed { return .failedAfterOutput(.decodingFailure(reason: "rejected by rule \(rule)")) }
            trace.moveOn(.rejected(rung, rule: rule))
            return .moveOn(.unavailable("cloud-required, but the cloud answer failed verification (rule \(rule))"))
        }
    }

    /// One model call: structured (schema), streamed (`onText`), or a plain completion.
    func call<Value: Sendable>(_ model: any LanguageModel, _ completionRequest: CompletionRequest, schema: ResponseSchema?,
                               _ request: LadderRequest<Value>, deadline: ContinuousClock.Instant?) async throws
        -> (text: String, json: JSONValue?, usage: TokenUsage?, streamed: Bool) {
        if let schema {
            let result = try await StructuredOutput.generate(model, request: completionRequest, schema: schema,
                                                             deadline: deadline)
            return (result.completion.text, result.value, result.completion.usage, false)
        }
        if let onText = request.onText, model.capabilities.streaming {
            var accumulator = CompletionAccumulator()
            do {
                for try await delta in model.stream(completionRequest) {
                    accumulator.add(delta)
                    if case .text(let fragment) = delta { onText(fragment) }
                }
            } catch {
                if accumulator.hasMeaningfulText { throw StreamFailure(error: Self.modelError(error)) }
                throw error
            }
            let completion = accumulator.completion(model: model.descriptor.model)
            try Self.check(completion)
            return (completion.text, nil, completion.usage, accumulator.hasMeaningfulText)
        }
        let completion = try await model.complete(completionRequest)
        try Self.check(completion)
        return (completion.text, nil, completion.usage, false)
    }

    /// A reply stopped by a content filter is a refusal; an empty reply is invalid.
    static func check(_ completion: Completion) throws {
        if completion.finishReason == .contentFilter { throw ModelError.refusal }
        if !completion.text.contains(where: { !$0.isWhitespace }) && completion.toolCalls.isEmpty {
            throw ModelError.invalidResponse(reason: "empty reply")
        }
    }

    static func modelError(_ error: Error) -> ModelError {
        switch error {
        case let e as ModelError: return e
        case is CancellationError: return .cancelled
        case let e as URLError where e.code == .cancelled: return .cancelled
        default: return .invalidResponse(reason: "unexpected failure")
        }
    }

    /// The fallback reason recorded when a rung fails, and the reason code it adds.
    static func fallbackReason(for error: ModelError, rung: RouteTarget) -> (FallbackReason, ReasonCode?) {
        switch (rung, error) {
        case (.cloud, .network): return (.code(.networkUnavailable), .networkUnavailable)
        case (.cloud, .rateLimited): return (.code(.cloudQuotaReached), .cloudQuotaReached)
        case (.local, .network(let kind)): return (.failed(.local, category: kind), .fallback)
        case (.local, .contextOverflow): return (.code(.localContextExceeded), .localContextExceeded)
        default: return (.failed(rung, category: error.category), .fallback)
        }
    }

    /// What a `cloud-required` run ends with when its cloud call fails.
    static func cloudRequiredError(_ error: ModelError) -> IntentError {
        switch error {
        case .rateLimited:
            return .unavailable("cloud-required, but the cloud rate limit or quota is reached (HTTP 429); it is not retried")
        case .unauthorized:
            return .unavailable("cloud-required, but the cloud endpoint rejected the key; run `intent keys set cloud`, then `intent models check cloud`")
        default:
            let text = "cloud-required, but the cloud call failed: \(error.description)"
            return error.isTransient ? .temporary(text) : .unavailable(text)
        }
    }

    /// Cloud outcomes are remembered: 429 → limit reached, 401/403 → credentials rejected.
    func rememberQuota(after error: ModelError, rung: RouteTarget, model: any LanguageModel) {
        guard rung == .cloud else { return }
        switch error {
        case .rateLimited(let info):
            remember(.limitReached(until: info.resetAt ?? clock().addingTimeInterval(configuration.quotaResetFallback)), model: model)
        case .unauthorized:
            remember(.credentialsRejected, model: model)
        default:
            break
        }
    }

    func remember(_ state: QuotaState, model: any LanguageModel) {
        try? QuotaMemory(store: store).remember(state, of: model, at: clock())
    }
}
