/// An error that carries the one sentence the user is shown for it.
public protocol UserFacing: Error {
    var userMessage: String { get }
}
