#ifndef TEAMFLOW_CGIT2TLS_H
#define TEAMFLOW_CGIT2TLS_H

/* While `deferring` is non-zero, libgit2's loading of the system's CA certificates is
 * skipped (see tls_defer.c). Set around git_libgit2_init only. */
void teamflow_tls_defer_certificates(int deferring);

/* How many certificate loads were skipped since the process started (for tests). */
int teamflow_tls_deferred_loads(void);

#endif
