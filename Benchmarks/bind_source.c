// LD_PRELOAD shim for the fairness benchmark: binds every IPv4 TCP socket to
// a source address before it connects, so that wrk, which has no option for
// it, loads from addresses of its own and nginx's per-address limits and the
// backend's fair share see them as clients apart. All of 127.0.0.0/8 is local
// on Linux. BIND_SOURCE is the address (e.g. 127.0.0.2); with BIND_SOURCES=N,
// a socket takes one of N addresses from BIND_SOURCE on (127.0.1.1, 127.0.1.2,
// …) by its descriptor: wrk -cN opens its N sockets on N descriptors in a row,
// so each has an address of its own, and a socket that replaces a closed one
// reuses its descriptor, so its address too.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

int connect(int fd, const struct sockaddr *address, socklen_t length) {
    static int (*real_connect)(int, const struct sockaddr *, socklen_t);
    if (!real_connect) real_connect = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "connect");
    const char *source = getenv("BIND_SOURCE");
    if (source && address->sa_family == AF_INET) {
        struct sockaddr_in local;
        memset(&local, 0, sizeof local);
        local.sin_family = AF_INET;
        if (inet_pton(AF_INET, source, &local.sin_addr) == 1) {
            const char *count = getenv("BIND_SOURCES");
            unsigned sources = count ? (unsigned)atoi(count) : 1;
            unsigned index = sources > 1 ? (unsigned)fd % sources : 0;
            local.sin_addr.s_addr = htonl(ntohl(local.sin_addr.s_addr) + index);
            bind(fd, (struct sockaddr *)&local, sizeof local);
        }
    }
    return real_connect(fd, address, length);
}
