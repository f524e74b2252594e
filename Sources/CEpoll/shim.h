// Linux's epoll and eventfd, which Swift's Glibc module leaves out: the
// worker's KeptConnectionPoller waits on them.
#include <sys/epoll.h>
#include <sys/eventfd.h>
