// LD_PRELOAD shim for the fairness benchmark: binds every IPv4 TCP socket to
// BIND_SOURCE (e.g. 127.0.0.2) before it connects, so that wrk, which has no
// option for it, loads from an address of its own and nginx's per-address
// limits see it as one client. All of 127.0.0.0/8 is local on Linux.
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
        if (inet_pton(AF_INET, source, &local.sin_addr) == 1) bind(fd, (struct sockaddr *)&local, sizeof local);
    }
    return real_connect(fd, address, length);
}
