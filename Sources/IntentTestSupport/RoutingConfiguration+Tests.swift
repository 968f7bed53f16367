import Routing

extension RoutingConfiguration {
    /// The routing of tests whose models are scripted: a local probe and a whole-run model budget
    /// no loaded machine exhausts (20 s, 10 min), so the rung that answers never depends on how
    /// busy the CPUs are. Tests of the budget or the probe set their own short values.
    public static let unhurried = RoutingConfiguration(localProbeTimeout: .seconds(20), modelBudget: .seconds(600))
}
