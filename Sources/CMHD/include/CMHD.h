#ifndef TEAMFLOW_CMHD_H
#define TEAMFLOW_CMHD_H
/* GNU libmicrohttpd for `teamflow serve`, loaded when a server starts instead of linked: linking
   it made every command load libmicrohttpd and its TLS chain (gnutls, p11-kit, nettle, gmp, ...)
   and run their constructors, ~2 ms of each start-up. microhttpd.h (Debian's libmicrohttpd-dev)
   is included for its types only; its functions are not linked, so Swift calls the teamflow_mhd_
   wrappers below (mhd_loader.c), which go through pointers resolved by teamflow_mhd_load. The
   wrappers also make the calls Swift cannot make (variadic options, unions). */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* The library's file name: Debian's libmicrohttpd12 (the soname, not the -dev symlink). */
#define TEAMFLOW_MHD_LIBRARY "libmicrohttpd.so.12"

/* Loads the library `name` and resolves every function the wrappers call. 0 on success;
   otherwise -1 with the loader's reason in `message` (NUL-terminated, cut to `size`). The first
   library that loads is the one the wrappers call, for the life of the process: its handle is
   owned by mhd_loader.c and never closed (daemon threads run its code until they stop). */
int teamflow_mhd_load(const char *name, char *message, size_t size);

/* Starts a daemon listening on `address` (an IPv4 dotted quad or an IPv6 address such as ::1)
   and `port` (0: any free port) with its limits; NULL when the library is not loaded, the
   address does not parse or the socket cannot be bound. An IPv6 address adds MHD_USE_IPv6. */
struct MHD_Daemon *teamflow_mhd_start(unsigned int flags, const char *address, uint16_t port,
                                      MHD_AccessHandlerCallback handler, void *context,
                                      MHD_RequestCompletedCallback completed,
                                      unsigned int connection_limit, unsigned int per_ip_limit,
                                      unsigned int timeout_seconds, size_t header_memory);

/* The port the daemon listens on (the real one after port 0), 0 when unknown. */
uint16_t teamflow_mhd_port(struct MHD_Daemon *daemon);

/* The client's address as text into `buffer`; 0 on success. */
int teamflow_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size);

/* libmicrohttpd's functions of the same names (MHD_quiesce_daemon, ...), through the loaded
   library; each returns its failure value (-1, NULL, MHD_NO, 0) if the library is not loaded. */
int teamflow_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
void teamflow_mhd_stop_daemon(struct MHD_Daemon *daemon);
int teamflow_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                       MHD_KeyValueIterator iterator, void *context);
struct MHD_Response *teamflow_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                              enum MHD_ResponseMemoryMode mode);
struct MHD_Response *teamflow_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                                MHD_ContentReaderCallback reader, void *context,
                                                                MHD_ContentReaderFreeCallback free_context);
void teamflow_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result teamflow_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result teamflow_mhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                            struct MHD_Response *response);
#endif
