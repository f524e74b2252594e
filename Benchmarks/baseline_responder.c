/* The baseline for the server benchmark: the smallest useful libfcgi
 * responder, with the same process model as stickertext-server (W forked
 * workers × T threads on one socket), answering every request with a fixed
 * JSON body. What nginx + FastCGI can do here, minus any real work.
 *
 * usage: baseline_responder SOCKET WORKERS THREADS */
#include <errno.h>
#include <fcgiapp.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int sock;

/* As stickertext-server's master does on SIGTERM: shutting the listening
 * socket down wakes every thread blocked in accept in every worker, so the
 * workers leave their loops and exit (and a profiler sees them exit). */
static void stop(int sig) {
    (void)sig;
    shutdown(sock, SHUT_RDWR);
}

static void *serve(void *arg) {
    (void)arg;
    FCGX_Request r;
    FCGX_InitRequest(&r, sock, 0);
    static const char reply[] = "Status: 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: 11\r\n\r\n{\"ok\":true}";
    char buf[4096];
    while (FCGX_Accept_r(&r) >= 0) {
        while (FCGX_GetStr(buf, sizeof buf, r.in) > 0) {}  /* read the body, as a real handler must */
        FCGX_PutStr(reply, sizeof reply - 1, r.out);
        FCGX_Finish_r(&r);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: %s SOCKET WORKERS THREADS\n", argv[0]); return 2; }
    int workers = atoi(argv[2]), threads = atoi(argv[3]);
    FCGX_Init();
    unlink(argv[1]);
    sock = FCGX_OpenSocket(argv[1], 1024);
    if (sock < 0) { perror("FCGX_OpenSocket"); return 1; }
    chmod(argv[1], 0666);
    signal(SIGPIPE, SIG_IGN);
    for (int w = 0; w < workers; w++) {
        if (fork() == 0) {
            pthread_t t[256];
            for (int i = 0; i < threads && i < 256; i++) pthread_create(&t[i], NULL, serve, NULL);
            for (int i = 0; i < threads && i < 256; i++) pthread_join(t[i], NULL);
            _exit(0);
        }
    }
    signal(SIGTERM, stop);  /* the parent's alone: set after the forks */
    while (wait(NULL) > 0 || errno == EINTR) {}
    return 0;
}
