@preconcurrency import Glibc
import Dispatch
import Foundation
import IntentCLI
import IntentKit
import Intents

// The composition root: live effects in, exit code out.
umask(0o077)
let environment = CLIEnvironment(services: .live(environment: ProcessInfo.processInfo.environment),
                                 streams: StandardStreams(), registry: intentRegistry)
let work = Task { await IntentCommandLine.run(Array(CommandLine.arguments.dropFirst()), in: environment) }

// SIGINT cancels the run; whatever has not finished a second later is abandoned with exit 130.
// Writes are SQLite transactions, so an abandoned one leaves nothing behind.
signal(SIGINT, SIG_IGN)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
interrupt.setEventHandler { @Sendable in
    work.cancel()
    DispatchQueue.global().asyncAfter(deadline: .now() + 1) { @Sendable in
        TTYTerminal.restoreEcho()
        fputs("intent: interrupted\n", stderr)
        _exit(130)
    }
}
interrupt.resume()

let code = await work.value
exit(code)
