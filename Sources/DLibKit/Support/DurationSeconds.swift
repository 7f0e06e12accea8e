extension Duration {
    /// The duration as a number of seconds, for rates, logs and messages.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
