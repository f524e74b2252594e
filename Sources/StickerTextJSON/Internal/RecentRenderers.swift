import StickerText
import Synchronization

/// The renderers of the last few non-default options a process was asked for,
/// most recent first, for every thread of it.
final class RecentRenderers: Sendable {
    private static let capacity = 8
    private let renderers = Mutex<[JSONStringHTML]>([])

    func renderer(for options: RenderOptions) -> JSONStringHTML? {
        renderers.withLock { list in
            guard let k = list.firstIndex(where: { $0.renderer.options == options }) else { return nil }
            let found = list.remove(at: k)
            list.insert(found, at: 0)
            return found
        }
    }

    func keep(_ renderer: JSONStringHTML) {
        renderers.withLock { list in
            list.removeAll { $0.renderer.options == renderer.renderer.options }
            list.insert(renderer, at: 0)
            if list.count > Self.capacity { list.removeLast() }
        }
    }
}
