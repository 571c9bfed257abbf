#ifndef TEAMFLOW_CGIT2TLS_H
#define TEAMFLOW_CGIT2TLS_H

/* While `deferring` is non-zero, libgit2's loading of the system's CA certificates and its
 * initialisation of libssh2 are skipped (see tls_defer.c). Set around git_libgit2_init only. */
void teamflow_defer_transport_setup(int deferring);

/* How many certificate loads were skipped since the process started (for tests). */
int teamflow_tls_deferred_loads(void);

/* How many libssh2 initialisations were skipped since the process started (for tests). */
int teamflow_ssh_deferred_inits(void);

/* libssh2_init(0) as libgit2 would call it outside the deferral: libssh2's own result (0 on
 * success). For tests: the call must reach libssh2. */
int teamflow_ssh_init_now(void);

#endif
