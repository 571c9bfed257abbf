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

void teamflow_tls_defer_certificates(int value) { atomic_store(&deferring, value); }

int teamflow_tls_deferred_loads(void) { return atomic_load(&deferred_loads); }

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
