import Glibc

/// LeakSanitizer checks a process for leaks at exit, but a worker leaves
/// through `_exit` (its idle threads are still blocked in `FCGX_Accept_r`),
/// which skips that check. When the binary carries the sanitizer (`make
/// leaks` builds with `--sanitize=address`), run the check explicitly; in a
/// normal build the symbol is absent and nothing happens.
enum LeakCheck {
    /// Whether LeakSanitizer found leaks (it has written its report); false when it is absent.
    static func foundLeaks() -> Bool {
        // A nil handle is RTLD_DEFAULT: search every loaded object.
        guard let symbol = dlsym(nil, "__lsan_do_recoverable_leak_check") else { return false }
        let check = unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
        return check() != 0
    }
}
