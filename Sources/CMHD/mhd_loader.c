/*
 * libmicrohttpd, loaded with dlopen when `teamflow serve` starts a server (see CMHD.h for why it
 * is not linked). This file is the one owner of the library's handle and of the table of
 * function pointers; the table is published once, complete, and never changed or freed after.
 */
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "CMHD.h"

/* The functions called, typed from microhttpd.h's own declarations (never referenced as
   symbols: __typeof__ does not evaluate its operand). */
struct functions {
    __typeof__(MHD_start_daemon) *start_daemon;
    __typeof__(MHD_get_daemon_info) *get_daemon_info;
    __typeof__(MHD_get_connection_info) *get_connection_info;
    __typeof__(MHD_quiesce_daemon) *quiesce_daemon;
    __typeof__(MHD_stop_daemon) *stop_daemon;
    __typeof__(MHD_get_connection_values) *get_connection_values;
    __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
    __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
    __typeof__(MHD_destroy_response) *destroy_response;
    __typeof__(MHD_add_response_header) *add_response_header;
    __typeof__(MHD_queue_response) *queue_response;
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
static struct functions table;
/* &table once every pointer in it is set (release), NULL before. */
static _Atomic(const struct functions *) loaded;

static const struct functions *library(void) { return atomic_load_explicit(&loaded, memory_order_acquire); }

int teamflow_mhd_load(const char *name, char *message, size_t size) {
    pthread_mutex_lock(&loading);
    int result = -1;
    /* Opened again on every call (a library already loaded costs a reference count), so that
       a name that does not load fails whatever was loaded before. */
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, size, "%s", reason != NULL ? reason : name);
    } else {
        struct functions found;
        const char *missing = NULL;
#define RESOLVE(field, symbol) \
    if (missing == NULL && (found.field = (__typeof__(found.field))dlsym(handle, #symbol)) == NULL) missing = #symbol
        RESOLVE(start_daemon, MHD_start_daemon);
        RESOLVE(get_daemon_info, MHD_get_daemon_info);
        RESOLVE(get_connection_info, MHD_get_connection_info);
        RESOLVE(quiesce_daemon, MHD_quiesce_daemon);
        RESOLVE(stop_daemon, MHD_stop_daemon);
        RESOLVE(get_connection_values, MHD_get_connection_values);
        RESOLVE(create_response_from_buffer, MHD_create_response_from_buffer);
        RESOLVE(create_response_from_callback, MHD_create_response_from_callback);
        RESOLVE(destroy_response, MHD_destroy_response);
        RESOLVE(add_response_header, MHD_add_response_header);
        RESOLVE(queue_response, MHD_queue_response);
#undef RESOLVE
        if (missing != NULL) {
            snprintf(message, size, "%s: no symbol %s", name, missing);
            dlclose(handle);
        } else if (library() == NULL) {
            /* The first library that loads is kept open for the life of the process: only the
               table refers to it, and daemon threads may run its code until they stop. */
            table = found;
            atomic_store_explicit(&loaded, &table, memory_order_release);
            result = 0;
        } else {
            /* A table is published already and never replaced: drop this extra reference. */
            dlclose(handle);
            result = 0;
        }
    }
    pthread_mutex_unlock(&loading);
    return result;
}

struct MHD_Daemon *teamflow_mhd_start(unsigned int flags, const char *address, uint16_t port,
                                      MHD_AccessHandlerCallback handler, void *context,
                                      MHD_RequestCompletedCallback completed,
                                      unsigned int connection_limit, unsigned int per_ip_limit,
                                      unsigned int timeout_seconds, size_t header_memory) {
    const struct functions *mhd = library();
    if (mhd == NULL) return NULL;
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
    return mhd->start_daemon(flags, port, NULL, NULL, handler, context,
                             MHD_OPTION_SOCK_ADDR, addr,
                             MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                             MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_limit,
                             MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
                             MHD_OPTION_CONNECTION_MEMORY_LIMIT, header_memory,
                             MHD_OPTION_NOTIFY_COMPLETED, completed, context,
                             MHD_OPTION_END);
}

uint16_t teamflow_mhd_port(struct MHD_Daemon *daemon) {
    const struct functions *mhd = library();
    if (mhd == NULL) return 0;
    const union MHD_DaemonInfo *info = mhd->get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

int teamflow_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size) {
    const struct functions *mhd = library();
    if (mhd == NULL || size == 0) return -1;
    const union MHD_ConnectionInfo *info = mhd->get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return -1;
    const struct sockaddr *address = info->client_addr;
    const void *raw = NULL;
    if (address->sa_family == AF_INET) raw = &((const struct sockaddr_in *)address)->sin_addr;
    else if (address->sa_family == AF_INET6) raw = &((const struct sockaddr_in6 *)address)->sin6_addr;
    else return -1;
    return inet_ntop(address->sa_family, raw, buffer, (socklen_t)size) == NULL ? -1 : 0;
}

int teamflow_mhd_quiesce_daemon(struct MHD_Daemon *daemon) {
    const struct functions *mhd = library();
    return mhd == NULL ? -1 : mhd->quiesce_daemon(daemon);
}

void teamflow_mhd_stop_daemon(struct MHD_Daemon *daemon) {
    const struct functions *mhd = library();
    if (mhd != NULL) mhd->stop_daemon(daemon);
}

int teamflow_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                       MHD_KeyValueIterator iterator, void *context) {
    const struct functions *mhd = library();
    return mhd == NULL ? 0 : mhd->get_connection_values(connection, kind, iterator, context);
}

struct MHD_Response *teamflow_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                              enum MHD_ResponseMemoryMode mode) {
    const struct functions *mhd = library();
    return mhd == NULL ? NULL : mhd->create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *teamflow_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                                MHD_ContentReaderCallback reader, void *context,
                                                                MHD_ContentReaderFreeCallback free_context) {
    const struct functions *mhd = library();
    return mhd == NULL ? NULL : mhd->create_response_from_callback(size, block_size, reader, context, free_context);
}

void teamflow_mhd_destroy_response(struct MHD_Response *response) {
    const struct functions *mhd = library();
    if (mhd != NULL) mhd->destroy_response(response);
}

enum MHD_Result teamflow_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    const struct functions *mhd = library();
    return mhd == NULL ? MHD_NO : mhd->add_response_header(response, name, value);
}

enum MHD_Result teamflow_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                            struct MHD_Response *response) {
    const struct functions *mhd = library();
    return mhd == NULL ? MHD_NO : mhd->queue_response(connection, status, response);
}
