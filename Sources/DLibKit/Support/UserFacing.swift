/// An error that carries the one sentence the user is shown for it.
public protocol UserFacing: Error {
    var userMessage: String { get }
}

extension CatalogueError: UserFacing {}
extension PageFetchError: UserFacing {}
extension TransportError: UserFacing {}
extension StateError: UserFacing {}
extension ConfigFile.Failure: UserFacing {}
extension SnapshotLock.Failure: UserFacing {}
extension Snapshotter.Failure: UserFacing {}
extension SnapshotDiff.Failure: UserFacing {}
