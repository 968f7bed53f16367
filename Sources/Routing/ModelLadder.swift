import Foundation
import Generation
import IntentKit
import Secrets
import Store

/// The model ladder of a run: cloud → local → deterministic (DESIGN §7). Built once per run by the
/// composition root (`ModelLadder.live`) or by a test with scripted models, and handed to intents
/// as `context.ladder`.
///
/// `run` plans after the payload is final, asks for cloud consent only when the plan needs it,
/// tries the rungs in order, remembers cloud quota outcomes, and writes one content-free receipt.
public final class ModelLadder: Sendable {
    public let cloud: (any LanguageModel)?
    public let local: (any LanguageModel)?
    public let store: IntentStore
    public let configuration: RoutingConfiguration
    /// Why the live ladder could not be built (unreadable config.json or secrets file); `run`
    /// throws it.
    public let setupError: RoutingError?
    let clock: @Sendable () -> Date

    /// - Parameters:
    ///   - cloud: the cloud model, nil when none is configured. It is never contacted before consent.
    ///   - local: the local model, nil when none is configured. An `OpenAICompatibleClient` is
    ///     probed (loopback `GET /models`) before planning; other models report `availability`.
    ///   - clock: wall time for attempts, receipts and quota resets.
    public init(cloud: (any LanguageModel)?, local: (any LanguageModel)?, store: IntentStore,
                configuration: RoutingConfiguration = .standard, clock: @escaping @Sendable () -> Date,
                setupError: RoutingError? = nil) {
        self.setupError = setupError
        self.cloud = cloud
        self.local = local
        self.store = store
        self.configuration = configuration
        self.clock = clock
    }

    /// The availability snapshots the planner uses. The cloud is never contacted; the local server
    /// is probed only when `probeLocal` is true.
    public func snapshots(probeLocal: Bool) async throws -> (cloud: TargetSnapshot, local: TargetSnapshot) {
        try await snapshots(probeLocal: probeLocal, unsuitable: localUnsuitability(intent: nil, allowsUnnamed: true))
    }

    /// Why the local model is present but not the rung of a run of `intent`, from the intents it
    /// declares (`ModelCapabilities.intents`), or nil. A request without an intent name is
    /// answered by a model with a declared list only when `allowsUnnamed`.
    func localUnsuitability(intent: String?, allowsUnnamed: Bool) -> LocalUnsuitability? {
        guard let local else { return nil }
        switch local.capabilities.intents {
        case .any: return nil
        case .notSelected: return .notSelected
        case .only(let names): return intent.map(names.contains) ?? allowsUnnamed ? nil : .notUsedByIntent
        }
    }

    func snapshots(probeLocal: Bool, unsuitable: LocalUnsuitability?) async throws -> (cloud: TargetSnapshot, local: TargetSnapshot) {
        var cloudSnapshot = TargetSnapshot.unconfigured(.cloud)
        if let cloud {
            let quota = try QuotaMemory(store: store).state(of: cloud, at: clock())
            cloudSnapshot = TargetSnapshot(target: .cloud, descriptor: cloud.descriptor, base: cloud.availability,
                                           quota: quota, budget: cloud.tokenBudget)
        }
        var localSnapshot = TargetSnapshot.unconfigured(.local)
        if let local {
            localSnapshot = TargetSnapshot(target: .local, descriptor: local.descriptor, base: local.availability,
                                           quota: .available, budget: local.tokenBudget,
                                           unsuitable: unsuitable)
            if probeLocal, unsuitable == nil, localSnapshot.base == .available {
                localSnapshot.probe = await Self.probe(local, timeout: configuration.localProbeTimeout)
            }
        }
        return (cloudSnapshot, localSnapshot)
    }

    /// Plans and runs `request` on the ladder.
    /// - Throws: `IntentError.unavailable` (69) / `.notPermitted` (77) / `.configuration` (78) when
    ///   `cloud-required` cannot be honoured; `.temporary` (75) when a cloud-required call fails
    ///   transiently or a streamed answer fails after output; `.cancelled` on cancellation.
    ///   Every other model failure falls back and is recorded, never thrown.
    public func run<Value: Sendable>(_ request: LadderRequest<Value>, in context: RunContext) async throws -> LadderOutcome<Value> {
        if let setupError { throw setupError }
        let started = ContinuousClock.now
        let policy = context.policy
        let wantsModel = request.need == .improvable
        // Named intents follow the model's declared intents (what `intent doctor` reports); others their request.
        let unsuitable = localUnsuitability(intent: request.intent, allowsUnnamed: request.allowsEmbedded)
        let probe = wantsModel && policy != .cloudRequired && local != nil
        let (cloudSnapshot, localSnapshot) = try await snapshots(probeLocal: probe, unsuitable: unsuitable)
        let consent = try ConsentBook(store: store).load()
        let input = PlanInput(policy: policy, need: request.need, promptTokens: request.promptTokens,
                              payloadMustStayLocal: request.payloadMustStayLocal, cloud: cloudSnapshot,
                              local: localSnapshot, presence: context.presence, consent: consent, fallback: request.fallback)
        let plan = try Planner().plan(input, id: context.ids.make("plan"))
        var trace = LadderTrace(plan: plan, request: request, quota: cloudSnapshot.configured ? cloudSnapshot.quota.category : "not_configured",
                                digest: HomeKeys.load(directory: store.paths.configDirectory).digest(request.envelope),
                                started: clock())
        for rung in plan.rungs {
            switch rung {
            case .deterministic, .abstain:
                return finish(value: request.deterministic, completed: rung, trace: trace, context: context)
            case .cloud, .local:
                guard let model = rung == .cloud ? cloud : local else { continue }
                if rung == .cloud {
                    guard obtainConsent(plan: plan, model: model, request: request, trace: &trace, context: context) else {
                        if policy == .cloudRequired {
                            recordFailure(trace, context: context)
                            throw IntentError.notPermitted("cloud-required, and consent to send this payload was denied")
                        }
                        continue
                    }
                }
                let remaining = configuration.modelBudget - (ContinuousClock.now - started)
                let outcome: RungOutcome<Value>
                (outcome, trace) = await attempt(rung, model: model, request: request, trace: trace, within: remaining)
                switch outcome {
                case .accepted(let value):
                    return finish(value: value, completed: rung, trace: trace, context: context)
                case .failedAfterOutput(let error):
                    recordFailure(trace, context: context)
                    throw IntentError.temporary("the \(rung.rawValue) model failed after it started answering (\(error.category)); the partial answer was discarded")
                case .cancelled:
                    throw IntentError.cancelled
                case .moveOn(let failure):
                    if policy == .cloudRequired {
                        recordFailure(trace, context: context)
                        throw failure
                    }
                }
            }
        }
        // Only `cloud-required` plans have no fallback rung; reaching here means cloud was skipped.
        recordFailure(trace, context: context)
        throw IntentError.unavailable("cloud-required, but the cloud model could not be used")
    }

    /// Writes the receipt (a failure to write never changes the outcome) and builds the outcome.
    private func finish<Value: Sendable>(value: Value, completed: RouteTarget, trace: LadderTrace<Value>,
                                         context: RunContext) -> LadderOutcome<Value> {
        var receipt = trace.receipt(id: context.ids.make("rcpt"), runID: context.runID, completed: completed, at: clock())
        receipt.grounding = trace.receiptCounts?(value)
        let savedID = save(receipt, context: context)
        if let reason = trace.fallbackReason(completed: completed), reason.isFailure {
            // Declared on stderr: a cron job's mail says why the answer is the deterministic one.
            context.log.warning("\(receipt.intent ?? "the run") answered with its \(completed.rawValue) fallback: \(reason)"
                                + (reason.target == .local ? " (the local model is present, so the cloud was not asked instead)" : ""))
        }
        return LadderOutcome(value: value, route: receipt.route, receiptID: savedID, receipt: receipt, plan: trace.plan)
    }

    /// Writes the receipt of a run that ends with an error on the ladder (no completed target).
    private func recordFailure<Value: Sendable>(_ trace: LadderTrace<Value>, context: RunContext) {
        _ = save(trace.receipt(id: context.ids.make("rcpt"), runID: context.runID, completed: nil, at: clock()), context: context)
    }

    private func save(_ receipt: Receipt, context: RunContext) -> String? {
        do {
            try ReceiptBook(store: store).save(receipt, deferredTo: context.runWrites)
            return receipt.id
        } catch {
            context.log.warning("the execution receipt was not recorded (\(Redactor().redact(String(describing: error))))")
            return nil
        }
    }

    /// Consent for the cloud rung, asked only now that the payload is final. Headless never prompts.
    private func obtainConsent<Value>(plan: RoutePlan, model: any LanguageModel, request: LadderRequest<Value>,
                                      trace: inout LadderTrace<Value>, context: RunContext) -> Bool {
        switch plan.cloudConsent ?? .unavailable {
        case .remembered:
            trace.consent = .remembered
            return true
        case .unavailable:
            trace.skip(.cloud, model: model, category: "consent_unavailable", reason: .consentUnavailable, at: clock())
            return false
        case .ask:
            guard context.presence == .interactive else {
                trace.skip(.cloud, model: model, category: "consent_unavailable", reason: .consentUnavailable, at: clock())
                return false
            }
            let d = model.descriptor
            let ask = ConsentRequest(provider: d.provider, model: d.model, host: d.hostPort, path: d.path ?? "/",
                                     sentBytes: Self.sentBytes(of: request, to: model, maxTokens: configuration.defaultMaxTokens),
                                     promptBytes: request.envelope.promptBytes, contextBytes: request.envelope.contextBytes,
                                     chunkCount: request.envelope.chunkCount,
                                     reason: plan.cloudReason ?? (plan.policy == .cloudRequired ? .userRequiredCloud : .userPreferredCloud))
            switch ConsentPrompt.ask(ask, on: context.terminal) {
            case .allowOnce:
                trace.consent = .once
                return true
            case .alwaysAllow:
                trace.consent = .always
                do {
                    try ConsentBook(store: store).remember(.allow, for: d, at: clock())
                } catch {
                    context.log.warning("the consent was not remembered (\(String(describing: error)))")
                }
                return true
            case .deny:
                trace.skip(.cloud, model: model, category: "consent_denied", reason: .consentUnavailable, at: clock())
                trace.consent = .denied
                return false
            }
        }
    }

    /// Probes a local model that declares `probedBeforePlanning` (a server on loopback) within
    /// `timeout`; other models are taken at their word.
    static func probe(_ model: any LanguageModel, timeout: Duration) async -> ModelAvailability {
        guard model.capabilities.probedBeforePlanning else { return model.availability }
        guard model.descriptor.target == .local else { return .unreachable(reason: "not_local") }
        let (result, timedOut) = await Budget.run(within: timeout) { () -> ModelAvailability in
            do {
                _ = try await model.verify()
                return .available
            } catch let error as ModelError {
                switch error {
                case .unauthorized: return .credentialsRejected
                case .network(let kind): return .unreachable(reason: kind)
                default: return .unreachable(reason: error.category)
                }
            } catch {
                return .unreachable(reason: "probe_failed")
            }
        }
        return timedOut && result != .available ? .unreachable(reason: "probe_timeout") : result
    }
}
