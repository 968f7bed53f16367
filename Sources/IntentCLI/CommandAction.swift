/// The first word of a command with several actions (`intent library add`): one enum case per
/// action, so the help, the usage error that names `ACTION` and the dispatch share one list.
protocol CommandAction: ArgumentValue, RawRepresentable, CaseIterable where RawValue == String {}

extension CommandAction {
    init?(argument: String) { self.init(rawValue: argument) }

    static var expectation: String { "one of \(choices)" }

    /// The actions in declaration order for the help: "set, delete or list".
    static var choices: String {
        let names = allCases.map(\.rawValue)
        guard let last = names.last, names.count > 1 else { return names.joined() }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
