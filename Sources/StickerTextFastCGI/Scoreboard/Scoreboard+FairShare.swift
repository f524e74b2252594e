import Synchronization

/// What `FairShare` reads in the scoreboard: a seat per serving thread, holding
/// the client it serves, and per pool a table of the clients it served in the
/// last moments. Relaxed atomics at fixed offsets, like the counters: a thread
/// writes its seat and, now and then, its client's entry; a thread whose
/// client holds more than one thread of a contended pool reads them all. No
/// lock, no allocation.
extension Scoreboard {
    /// The seat of thread `thread` of `pool` in the worker at `slot`.
    func seat(_ slot: Int, _ pool: ThreadPool, thread: Int) -> Seat {
        let seats = seats(slot, pool)
        precondition(thread < seats.count, "more threads than scoreboard seats")
        return Seat(scoreboard: self, index: seats.lowerBound + thread, pool: pool)
    }

    /// One serving thread's record of the client it serves.
    struct Seat: Sendable {
        let scoreboard: Scoreboard
        let index: Int
        let pool: ThreadPool

        /// The thread has accepted a request from `client` at `millis` (any
        /// monotonic clock in ms): recorded, and whether it is served
        /// (`FairShare`). Either way the seat is the client's until `leave`:
        /// a refusal is answered at once.
        func take(_ client: ClientKey, at millis: UInt64) -> Bool {
            scoreboard.counters[index].store(client.value, ordering: .relaxed)
            scoreboard.saw(client.value, in: pool, at: millis)
            return scoreboard.admits(client.value, pool: pool, at: millis)
        }

        /// The request is answered (by its thread, or by the deadline's watchdog).
        func leave() { scoreboard.counters[index].store(0, ordering: .relaxed) }

        /// Who the seat's thread serves now (0: no one).
        var client: UInt64 { scoreboard.load(index) }
    }

    /// The table entry of `client` in `pool`'s recent clients: one of
    /// `recentClients`, by the key's top bits after a multiplicative hash. Two
    /// clients on one entry take turns in it, and count as one.
    private func entry(of client: UInt64, in pool: ThreadPool) -> Int {
        recent(pool, Int(truncatingIfNeeded: (client &* 0x9E37_79B9_7F4A_7C15) >> 58) % Self.recentClients)
    }

    /// Notes that `pool` served `client` at `millis`. Written only when the
    /// entry holds another client or is a quarter of the window old, so a
    /// client served again and again (one loading the service alone) writes
    /// it a few times a second, not once a request.
    private func saw(_ client: UInt64, in pool: ThreadPool, at millis: UInt64) {
        let entry = entry(of: client, in: pool)
        guard load(entry) != client || load(entry + 1) + FairShare.recentMillis / 4 < millis + 1 else { return }
        counters[entry].store(client, ordering: .relaxed)
        counters[entry + 1].store(millis + 1, ordering: .relaxed)  // 0: never
    }

    /// `FairShare.admits` for `client` in `pool`, over the seats of every live
    /// worker: one pass copies them to the stack and counts the busy ones and
    /// the client's; only when the pool is contended and the client holds more
    /// than one does a second pass count the clients that want the pool (a
    /// few dozen seats, and the recent table).
    fileprivate func admits(_ client: UInt64, pool: ThreadPool, at millis: UInt64) -> Bool {
        let width = pool == .main ? mainThreads : largeThreads
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: slots * width) { holders in
            var capacity = 0
            var busy = 0
            var mine = 0
            for slot in 0..<slots where load(pid(slot)) != 0 {
                capacity += width
                for seat in seats(slot, pool) {
                    let holder = load(seat)
                    guard holder != 0 else { continue }
                    holders[busy] = holder
                    busy += 1
                    if holder == client { mine += 1 }
                }
            }
            guard FairShare.isContended(busy: busy, capacity: capacity, cores: cores), mine >= 2 else { return true }
            let served = UnsafeMutableBufferPointer(rebasing: holders[..<busy])
            var clients = 0
            for i in served.indices where !served[..<i].contains(served[i]) { clients += 1 }
            for table in 0..<Self.recentClients {
                let entry = recent(pool, table)
                let other = load(entry)
                guard other != 0, load(entry + 1) + FairShare.recentMillis > millis, !served.contains(other) else {
                    continue
                }
                clients += 1
            }
            return FairShare.admits(busy: busy, capacity: capacity, cores: cores, mine: mine, clients: clients)
        }
    }
}
