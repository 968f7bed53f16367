import IntentKit
@testable import IntentCLI
import Testing

@Suite struct CommandActionTests {
    private func parseKeys(_ args: [String]) throws -> KeysCommand {
        let (command, slots) = KeysCommand.declared()
        _ = try ArgumentParser.parse(args, slots: slots, otherNames: GlobalOptions.names, command: "keys")
        return command
    }

    @Test func anActionParsesToItsCase() throws {
        #expect(try parseKeys(["delete", "cloud"]).action == .delete)
        #expect(RemindersCommand.Action(argument: "where") == .where)
        #expect(ConsentCommand.Action(argument: "Allow") == nil, "actions are matched exactly")
    }

    @Test func anUnknownActionIsAUsageErrorThatNamesTheChoices() {
        do {
            _ = try parseKeys(["remove", "cloud"])
            Issue.record("an unknown action parsed")
        } catch let error as IntentError {
            #expect(error == .usage("ACTION: 'remove' is not one of set, delete or list"))
            #expect(error.exitCode == .usage)
        } catch {
            Issue.record("unexpected error: \(error)")
        }
    }

    @Test func theHelpListsTheActionsInDeclarationOrder() {
        #expect(LibraryCommand.Action.choices == "add, list, status, remove, reindex or process")
        #expect(ModelCommand.Action.choices == "tokenize, run or bench")
        #expect(KeysCommand.declared().1.first { $0.name == "ACTION" }?.help == "set, delete or list")
    }
}
