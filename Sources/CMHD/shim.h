#ifndef TEAMFLOW_CMHD_SHIM_H
#define TEAMFLOW_CMHD_SHIM_H
/* GNU libmicrohttpd (Debian's libmicrohttpd-dev). Swift cannot call C variadic functions, so
   the three calls that take options or return a union go through the small wrappers below;
   everything else is called directly from Sources/WebBoard/MHDServer.swift. */
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* Starts a daemon listening on `address` (an IPv4 dotted quad or an IPv6 address such as ::1)
   and `port` (0: any free port) with its limits; NULL when the address does not parse or the
   socket cannot be bound. An IPv6 address adds MHD_USE_IPv6 to `flags`. */
static inline struct MHD_Daemon *teamflow_mhd_start(unsigned int flags, const char *address, uint16_t port,
                                                    MHD_AccessHandlerCallback handler, void *context,
                                                    MHD_RequestCompletedCallback completed,
                                                    unsigned int connection_limit, unsigned int per_ip_limit,
                                                    unsigned int timeout_seconds, size_t header_memory) {
    struct sockaddr_in addr4;
    struct sockaddr_in6 addr6;
    const struct sockaddr *addr;
    memset(&addr4, 0, sizeof addr4);
    memset(&addr6, 0, sizeof addr6);
    if (inet_pton(AF_INET, address, &addr4.sin_addr) == 1) {
        addr4.sin_family = AF_INET;
        addr4.sin_port = htons(port);
        addr = (const struct sockaddr *)&addr4;
    } else if (inet_pton(AF_INET6, address, &addr6.sin6_addr) == 1) {
        addr6.sin6_family = AF_INET6;
        addr6.sin6_port = htons(port);
        addr = (const struct sockaddr *)&addr6;
        flags |= MHD_USE_IPv6;
    } else {
        return NULL;
    }
    return MHD_start_daemon(flags, port, NULL, NULL, handler, context,
                            MHD_OPTION_SOCK_ADDR, addr,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, header_memory,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                            MHD_OPTION_END);
}

/* The port the daemon listens on (the real one after port 0), 0 when unknown. */
static inline uint16_t teamflow_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

/* The client's address as text into `buffer`; 0 on success. */
static inline int teamflow_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || size == 0) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *raw = NULL;
    if (address->sa_family == AF_INET) raw = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) raw = &((const struct sockaddr_in6 *)address)->sin6_addr;
    else return -1;
    return inet_ntop(address->sa_family, raw, buffer, (socklen_t)size) == NULL ? -1 : 0;
}
#endif
