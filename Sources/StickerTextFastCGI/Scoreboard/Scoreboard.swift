import Glibc
import StickerTextHTTP
import Synchronization

/// The counters behind `/metrics`, in one block of shared memory that the
/// master maps before it forks (MAP_SHARED | MAP_ANONYMOUS): every worker
/// records into the same counters, the master adds its restarts and nginx's
/// rejections, and any worker answers a scrape for all of them. The layout
/// is fixed, every label set being a closed enum, so recording a request is
/// a few relaxed atomic adds at known offsets: no lock, no allocation.
///
/// Each worker has a slot of its own, holding its pid, its requests in
/// flight, and whether it is retiring: when a worker dies mid-request the
/// master clears its slot, so the in-flight gauge does not keep the dead
/// requests forever; a worker that begins to retire on its own says so, and
/// the master forks its replacement at once.
///
/// Each worker slot has a seat per serving thread too, holding the client the
/// thread serves (0: none), and each pool a table of the clients it served
/// last, which `FairShare` reads across all the workers
/// (`Scoreboard+FairShare.swift`).
struct Scoreboard: @unchecked Sendable {  // shared memory, touched through atomics only
    let counters: UnsafeMutablePointer<Atomic<UInt64>>
    let slots: Int
    /// Seats per worker slot, per pool: the main pool's first, then the large pool's.
    let mainThreads: Int
    let largeThreads: Int
    /// The host's cores, which the workers' threads take turns on (`FairShare`).
    let cores: Int

    // Where each group of counters starts, in counters: constants the
    // compiler folds (a `static let` would be a lazy global, checked on each use).
    private static var endpoints: Int { Endpoint.slots }
    private static var requests: Int { 0 }
    private static var buckets: Int { requests + endpoints * ResponseStatus.slots }
    private static var micros: Int { buckets + endpoints * LatencyBucket.slots }
    private static var restarts: Int { micros + endpoints }
    private static var rejections: Int { restarts + WorkerExit.slots }
    /// Then, per worker slot: its pid (0: free), its requests in flight, and whether it is retiring.
    private static var workerSlots: Int { rejections + NginxRejection.slots }

    /// Room for `slots` workers at once, each with `threads` serving threads per pool, on `cores` cores.
    init(slots: Int, threads: (main: Int, large: Int) = (1, 1), cores: Int = 1) {
        mainThreads = threads.main
        largeThreads = threads.large
        self.cores = cores
        let count =
            Self.workerSlots + (3 + threads.main + threads.large) * slots + 2 * ThreadPool.allCases.count
            * Self.recentClients
        let size = count * MemoryLayout<Atomic<UInt64>>.stride
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0),
            memory != MAP_FAILED
        else {
            fatalError("cannot map the scoreboard (\(size) bytes): \(String(cString: strerror(errno)))")
        }
        counters = memory.bindMemory(to: Atomic<UInt64>.self, capacity: count)
        for i in 0..<count { (counters + i).initialize(to: Atomic(0)) }
        self.slots = slots
    }

    private func add(_ index: Int, _ amount: UInt64 = 1) {
        counters[index].wrappingAdd(amount, ordering: .relaxed)
    }

    func load(_ index: Int) -> UInt64 {
        counters[index].load(ordering: .relaxed)
    }

    func pid(_ slot: Int) -> Int { Self.workerSlots + 3 * slot }
    private func inFlight(_ slot: Int) -> Int { Self.workerSlots + 3 * slot + 1 }
    private func retiring(_ slot: Int) -> Int { Self.workerSlots + 3 * slot + 2 }
    /// After every slot's three: each slot's seats, `mainThreads + largeThreads` of them.
    private func seats(_ slot: Int) -> Int { Self.workerSlots + 3 * slots + (mainThreads + largeThreads) * slot }
    func seats(_ slot: Int, _ pool: ThreadPool) -> Range<Int> {
        switch pool {
        case .main: seats(slot)..<seats(slot) + mainThreads
        case .large: seats(slot) + mainThreads..<seats(slot) + mainThreads + largeThreads
        }
    }
    /// After every slot's seats: per pool, `recentClients` entries of a client
    /// and when it was last served (`FairShare.recent`), the client's first.
    static var recentClients: Int { 64 }
    func recent(_ pool: ThreadPool, _ entry: Int) -> Int {
        Self.workerSlots + (3 + mainThreads + largeThreads) * slots + 2
            * (Self.recentClients * (pool == .main ? 0 : 1) + entry)
    }

    // MARK: - The master

    /// A slot no worker holds, for the worker about to be forked.
    func freeSlot() -> Int {
        guard let slot = vacantSlot() else { preconditionFailure("more workers than scoreboard slots") }
        return slot
    }

    /// A slot no worker holds, if there is one.
    func vacantSlot() -> Int? {
        (0..<slots).first { load(pid($0)) == 0 }
    }

    /// The workers that have begun to retire on their own, each reported
    /// once: the flag is cleared as it is read.
    func takeRetiring() -> [pid_t] {
        (0..<slots).compactMap { slot in
            guard load(retiring(slot)) != 0 else { return nil }
            let worker = pid_t(truncatingIfNeeded: load(pid(slot)))
            counters[retiring(slot)].store(0, ordering: .relaxed)
            return worker == 0 ? nil : worker
        }
    }

    func occupy(_ slot: Int, by worker: pid_t) {
        counters[pid(slot)].store(UInt64(worker), ordering: .relaxed)
    }

    /// Frees a dead worker's slot, and forgets the requests it had in flight
    /// and the clients its threads served.
    func release(_ worker: pid_t) {
        guard let slot = (0..<slots).first(where: { load(pid($0)) == UInt64(worker) }) else { return }
        for seat in seats(slot)..<seats(slot) + mainThreads + largeThreads {
            counters[seat].store(0, ordering: .relaxed)
        }
        counters[inFlight(slot)].store(0, ordering: .relaxed)
        counters[retiring(slot)].store(0, ordering: .relaxed)
        counters[pid(slot)].store(0, ordering: .relaxed)
    }

    func countRestart(_ exit: WorkerExit) { add(Self.restarts + exit.rawValue) }

    func count(_ rejection: NginxRejection) { add(Self.rejections + rejection.rawValue) }

    // MARK: - A worker

    /// What a worker records through: its own slot of the scoreboard.
    func slot(_ slot: Int) -> Slot { Slot(scoreboard: self, index: slot) }

    struct Slot: Sendable {
        let scoreboard: Scoreboard
        let index: Int

        func started() { scoreboard.add(scoreboard.inFlight(index)) }

        func finished(_ endpoint: Endpoint, _ status: ResponseStatus, micros: UInt64) {
            scoreboard.add(Scoreboard.requests + endpoint.rawValue * ResponseStatus.slots + status.rawValue)
            scoreboard.add(
                Scoreboard.buckets + endpoint.rawValue * LatencyBucket.slots + LatencyBucket(micros: micros).rawValue)
            scoreboard.add(Scoreboard.micros + endpoint.rawValue, micros)
            scoreboard.counters[scoreboard.inFlight(index)].wrappingSubtract(1, ordering: .relaxed)
        }

        /// This worker has begun to retire (`--max-requests`, the deadline):
        /// the master forks its replacement now rather than when it exits.
        func retire() { scoreboard.counters[scoreboard.retiring(index)].store(1, ordering: .relaxed) }
    }

    // MARK: - A scrape

    func snapshot() -> MetricsSnapshot {
        var snapshot = MetricsSnapshot()
        for i in snapshot.requests.indices { snapshot.requests[i] = load(Self.requests + i) }
        for i in snapshot.latencyBuckets.indices { snapshot.latencyBuckets[i] = load(Self.buckets + i) }
        for i in snapshot.latencyMicros.indices { snapshot.latencyMicros[i] = load(Self.micros + i) }
        for i in snapshot.restarts.indices { snapshot.restarts[i] = load(Self.restarts + i) }
        for i in snapshot.nginxRejections.indices { snapshot.nginxRejections[i] = load(Self.rejections + i) }
        for slot in 0..<slots where load(pid(slot)) != 0 {
            snapshot.workersAlive += 1
            snapshot.inFlight += load(inFlight(slot))
        }
        return snapshot
    }
}
