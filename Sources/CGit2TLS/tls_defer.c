/*
 * git_libgit2_init parses the whole system CA bundle into mbedTLS (Debian's libgit2 1.5 is
 * built against mbedTLS and loads /etc/ssl/certs at init, with no option to turn that off):
 * measured 11-12 ms of a ~1 ms init, paid by every command, though teamflow never uses
 * libgit2's transports (fetch and push go through the git command).
 *
 * The two mbedTLS entry points libgit2 calls for that are defined here as well. The
 * executable's definitions come first in the dynamic linker's lookup, so libgit2's calls land
 * here: while loading is deferred (only around git_libgit2_init) they load nothing and report
 * success, which leaves libgit2 with an empty CA chain: a TLS connection would then fail
 * verification, never pass unverified. At any other time they forward to mbedTLS's own (the
 * next definition in lookup order), so setting GIT_OPT_SET_SSL_CERT_LOCATIONS before a
 * network operation loads certificates as usual.
 *
 * Where libgit2 is built against OpenSSL instead, these are never called and nothing changes.
 *
 * libssh2_init is deferred the same way, for the same reason: libgit2's start-up initialises
 * libssh2 for its SSH transport, and libssh2 (with OpenSSL as its backend) then loads every
 * builtin OpenSSL engine: ~960,000 instructions, 4-5 % of a `goal add`. While deferred it does
 * nothing and reports success, leaving libssh2 uninitialised; libssh2 initialises itself when
 * a session is first created (libssh2_session_init_ex calls _libssh2_init_if_needed), and its
 * libssh2_exit does nothing if it never started. At any other time it forwards.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include "CGit2TLS.h"

/* mbedTLS's certificate chain, used here only through a pointer. */
struct mbedtls_x509_crt;

/* mbedTLS's MBEDTLS_ERR_X509_FEATURE_UNAVAILABLE: returned if the real function is missing. */
#define TEAMFLOW_X509_UNAVAILABLE (-0x2080)

static atomic_int deferring;
static atomic_int deferred_loads;
static atomic_int deferred_ssh_inits;

void teamflow_defer_transport_setup(int value) { atomic_store(&deferring, value); }

int teamflow_tls_deferred_loads(void) { return atomic_load(&deferred_loads); }

int teamflow_ssh_deferred_inits(void) { return atomic_load(&deferred_ssh_inits); }

typedef int (*parse_function)(struct mbedtls_x509_crt *, const char *);

static int forward(const char *name, struct mbedtls_x509_crt *chain, const char *path) {
    if (atomic_load(&deferring)) {
        atomic_fetch_add(&deferred_loads, 1);
        return 0;
    }
    parse_function real = (parse_function)dlsym(RTLD_NEXT, name);
    if (real == NULL) return TEAMFLOW_X509_UNAVAILABLE;
    return real(chain, path);
}

int mbedtls_x509_crt_parse_file(struct mbedtls_x509_crt *chain, const char *path) {
    return forward("mbedtls_x509_crt_parse_file", chain, path);
}

int mbedtls_x509_crt_parse_path(struct mbedtls_x509_crt *chain, const char *path) {
    return forward("mbedtls_x509_crt_parse_path", chain, path);
}

/* libssh2's LIBSSH2_ERROR_ALLOC: returned if the real function is missing. */
#define TEAMFLOW_SSH2_UNAVAILABLE (-6)

typedef int (*ssh_init_function)(int);

int libssh2_init(int flags) {
    if (atomic_load(&deferring)) {
        atomic_fetch_add(&deferred_ssh_inits, 1);
        return 0;
    }
    ssh_init_function real = (ssh_init_function)dlsym(RTLD_NEXT, "libssh2_init");
    if (real == NULL) return TEAMFLOW_SSH2_UNAVAILABLE;
    return real(flags);
}

int teamflow_ssh_init_now(void) { return libssh2_init(0); }
