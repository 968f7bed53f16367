@preconcurrency import Glibc
import Dispatch
import AppServices
import Foundation
import IntentCLI
import IntentKit
import Intents

// The composition root: live effects in, exit code out.
umask(0o077)
let environment = CLIEnvironment(services: .live(environment: ProcessEnvironment.read()),
                                 streams: StandardStreams(), registry: intentRegistry)
let work = Task {
    let arguments: [String]
    do throws(IntentError) {
        arguments = try RawArguments.decode(RawArguments.processArguments())
    } catch {
        return IntentCommandLine.fail(error, environment)
    }
    return await IntentCommandLine.run(arguments, in: environment)
}

// SIGINT cancels the run; whatever has not finished a second later is abandoned with exit 130.
// Writes are SQLite transactions, so an abandoned one leaves nothing behind.
// A private queue: the global one shares its width with a busy cooperative pool.
signal(SIGINT, SIG_IGN)
let signals = DispatchQueue(label: "intent.signals")
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: signals)
interrupt.setEventHandler { @Sendable in
    work.cancel()
    signals.asyncAfter(deadline: .now() + 1) { @Sendable in
        TTYTerminal.restoreEcho()
        fputs("intent: interrupted\n", stderr)
        _exit(130)
    }
}
interrupt.resume()

let code = await work.value
exit(code)
