#ifndef TEAMFLOW_CGIT2LOCAL_H
#define TEAMFLOW_CGIT2LOCAL_H

/* libgit2's network transports are not linked (see transports_absent.c): their libraries'
 * entry points are defined there. These count the calls that reached them, for tests. */

/* Registers with libgit2 a TLS stream that refuses to connect (before any socket is opened).
 * To be called once, after git_libgit2_init. 0 on success. */
int teamflow_refuse_tls_streams(void);

/* Calls libgit2 made while starting up (answered with success, doing nothing). */
int teamflow_absent_transport_startup_calls(void);

/* Calls that would have begun or continued a connection (refused). */
int teamflow_absent_transport_refusals(void);

#endif
