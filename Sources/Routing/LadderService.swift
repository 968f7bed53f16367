import Foundation
import LocalModel
import Generation
import IntentKit
import Secrets
import Store

/// The model ladder as a run service: `context.ladder`.
public enum LadderKey: ServiceKey {
    public static var defaultValue: ModelLadder {
        preconditionFailure("no ModelLadder was provided to this RunContext (set context.ladder)")
    }
}

extension RunContext {
    /// The run's model ladder. The composition root sets `ModelLadder.live(...)` (through `AppServices.home`); tests set a
    /// ladder over `ScriptedModel`s.
    public var ladder: ModelLadder {
        get { services[LadderKey.self] }
        set { services[LadderKey.self] = newValue }
    }
}

extension ModelLadder {
    /// The live ladder: endpoints from `config.json` (`models`), keys from `keys` (the secrets
    /// file or the environment), the network through `transport`, wall time from `clock`.
    /// Builds clients only; opens no connection.
    /// It never throws: when config.json or the secrets file cannot be read, the ladder carries
    /// the error in `setupError` and `run` throws it (78), so runs that never consult the ladder
    /// are unaffected.
    public static func live(paths: AppPaths, store: IntentStore, keys: any KeyStore, transport: any HTTPTransport,
                            clock: @escaping @Sendable () -> Date,
                            configuration: RoutingConfiguration = .standard) -> ModelLadder {
        do {
            let settings = try ModelSettings.load(paths)
            let server = try client(settings.localConfiguration, keys: keys, transport: transport, clock: clock)
            return ModelLadder(cloud: try client(settings.cloudConfiguration, keys: keys, transport: transport, clock: clock),
                               local: server ?? embedded(settings.local, paths: paths),
                               store: store, configuration: configuration, clock: clock)
        } catch {
            let message = (error as? RoutingError)?.description ?? (error as? IntentError)?.description ?? String(describing: error)
            return ModelLadder(cloud: nil, local: nil, store: store, configuration: configuration, clock: clock,
                               setupError: .configuration(message))
        }
    }

    /// A ladder with no models: every run completes on its declared fallback (and still gets a
    /// receipt stamped by `clock`).
    public static func deterministicOnly(store: IntentStore, clock: @escaping @Sendable () -> Date) -> ModelLadder {
        ModelLadder(cloud: nil, local: nil, store: store, clock: clock)
    }

    /// The in-process model when no local server is configured and its weights are installed.
    /// It answers only when selected (`models.local.embedded: "smollm2"`) and only for intents
    /// that opt in; installed but unselected it is a present-but-unsuitable local model (runs
    /// answer deterministically under `prefer-local`, never from the cloud). `"off"` removes it.
    /// Nothing is read until a run asks it for an answer.
    static func embedded(_ local: ModelTargetSettings?, paths: AppPaths) -> (any LanguageModel)? {
        let choice = local?.embedded
        guard choice != "off", let url = EmbeddedLanguageModel.installed(in: paths.modelDirectories) else { return nil }
        return EmbeddedLanguageModel(url: url, name: "smollm2", selected: choice == "smollm2")
    }

    static func client(_ configuration: OpenAIConfiguration?, keys: any KeyStore,
                       transport: any HTTPTransport, clock: @escaping @Sendable () -> Date) throws -> OpenAICompatibleClient? {
        guard let configuration else { return nil }
        do {
            return try OpenAICompatibleClient(configuration: configuration, keys: keys, transport: transport, clock: clock)
        } catch {
            throw RoutingError.configuration("cannot read the \(configuration.target.rawValue) model's key: \(error)")
        }
    }
}
