/*
 * libgit2 for local repositories: its network transports are left out of the program.
 *
 * teamflow links Debian's libgit2 statically (libgit2.a, with zlib, PCRE2, http-parser and
 * mbedTLS's SHA-256 from their archives) and uses it only on the repository at hand: every
 * fetch and push goes through the git command, with the user's own configuration. libgit2's
 * transports still reference three libraries: libssh2 (SSH), GSSAPI (Kerberos "Negotiate" on
 * HTTP) and mbedTLS's TLS and X.509 (HTTPS). Linked dynamically, those pulled in 15 shared
 * objects (OpenSSL's libcrypto and Kerberos among them) whose loading and relocation cost
 * every command ~2-4 ms before it ran a line of its own, a third of a `goal add`.
 *
 * Their entry points are defined here instead, with the libraries' own prototypes (the
 * compiler checks each against the header). The calls libgit2 makes while it starts up
 * succeed and do nothing: mbedTLS's configuration, the seeding of its random generator, the
 * loading of the system's CA certificates (nothing is loaded: no CA bundle is parsed at
 * start), libssh2_init. Every call that would begin a connection fails. TLS streams are
 * refused before their socket connects, by a TLS stream of our own registered with libgit2
 * (teamflow_refuse_tls_streams): libgit2 1.5 frees the socket twice when mbedTLS fails to set
 * a session up, so its own TLS stream must never be created. An `ssh://` remote connects its
 * socket, then fails creating its SSH session; GSSAPI reports itself unavailable. Plain
 * `http://` and local transports are libgit2's own code and work as before.
 *
 * No other library is linked into the program: a second definition of any of these would be
 * a duplicate symbol at link time, not a silent choice.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <git2/errors.h>
#include <git2/sys/stream.h>
#include <libssh2.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/entropy.h>
#include <mbedtls/error.h>
#include <mbedtls/ssl.h>
#include <mbedtls/x509_crt.h>
#include "CGit2Local.h"

static atomic_int startup_calls;
static atomic_int refused_connections;

int teamflow_absent_transport_startup_calls(void) { return atomic_load(&startup_calls); }

int teamflow_absent_transport_refusals(void) { return atomic_load(&refused_connections); }

/* A call libgit2 makes as it starts: succeeds, doing nothing. */
#define STARTUP() atomic_fetch_add(&startup_calls, 1)
/* A call that would begin (or continue) a connection: refused. */
#define REFUSE() atomic_fetch_add(&refused_connections, 1)

static const char absent_message[] =
    "TLS is not linked into teamflow: its fetch and push run the git command";

/* ---- TLS streams: refused ---- */

static int refuse_tls_stream(git_stream **out, const char *host, const char *port) {
    (void)host, (void)port;
    *out = NULL;
    REFUSE();
    git_error_set_str(GIT_ERROR_SSL, absent_message);
    return -1;
}

/* Over a proxy's stream, which stays its caller's to close and free. */
static int refuse_tls_wrap(git_stream **out, git_stream *in, const char *host) {
    (void)in, (void)host;
    *out = NULL;
    REFUSE();
    git_error_set_str(GIT_ERROR_SSL, absent_message);
    return -1;
}

int teamflow_refuse_tls_streams(void) {
    static git_stream_registration refusal = { GIT_STREAM_VERSION, refuse_tls_stream, refuse_tls_wrap };
    return git_stream_register(GIT_STREAM_TLS, &refusal);
}

/* ---- mbedTLS: TLS, X.509, random generator ---- */

#define TLS_ABSENT MBEDTLS_ERR_SSL_FEATURE_UNAVAILABLE

/* libgit2 reads back two fields of the configuration (the CA chain and the random generator's
 * context, to free them): initialised and set as mbedTLS's own functions do. */
void mbedtls_ssl_config_init(mbedtls_ssl_config *conf) { memset(conf, 0, sizeof *conf); STARTUP(); }
int mbedtls_ssl_config_defaults(mbedtls_ssl_config *conf, int endpoint, int transport, int preset) {
    (void)conf, (void)endpoint, (void)transport, (void)preset;
    STARTUP();
    return 0;
}
void mbedtls_ssl_config_free(mbedtls_ssl_config *conf) { (void)conf; }
void mbedtls_ssl_conf_min_version(mbedtls_ssl_config *conf, int major, int minor) { (void)conf, (void)major, (void)minor; }
void mbedtls_ssl_conf_authmode(mbedtls_ssl_config *conf, int authmode) { (void)conf, (void)authmode; }
void mbedtls_ssl_conf_ciphersuites(mbedtls_ssl_config *conf, const int *ciphersuites) { (void)conf, (void)ciphersuites; }
void mbedtls_ssl_conf_rng(mbedtls_ssl_config *conf, int (*f_rng)(void *, unsigned char *, size_t), void *p_rng) {
    conf->f_rng = f_rng;
    conf->p_rng = p_rng;
}
void mbedtls_ssl_conf_ca_chain(mbedtls_ssl_config *conf, mbedtls_x509_crt *ca_chain, mbedtls_x509_crl *ca_crl) {
    conf->ca_chain = ca_chain;
    conf->ca_crl = ca_crl;
}
/* libgit2's start-up gives up unless at least one of its ciphers is known: any non-zero id
 * will do, since no session can be set up to use it. */
int mbedtls_ssl_get_ciphersuite_id(const char *ciphersuite_name) { (void)ciphersuite_name; return 1; }

void mbedtls_entropy_init(mbedtls_entropy_context *ctx) { memset(ctx, 0, sizeof *ctx); }
void mbedtls_entropy_free(mbedtls_entropy_context *ctx) { (void)ctx; }
int mbedtls_entropy_func(void *data, unsigned char *output, size_t len) {
    (void)data, (void)output, (void)len;
    REFUSE();
    return MBEDTLS_ERR_ENTROPY_SOURCE_FAILED;
}
void mbedtls_ctr_drbg_init(mbedtls_ctr_drbg_context *ctx) { memset(ctx, 0, sizeof *ctx); }
void mbedtls_ctr_drbg_free(mbedtls_ctr_drbg_context *ctx) { (void)ctx; }
int mbedtls_ctr_drbg_seed(mbedtls_ctr_drbg_context *ctx, int (*f_entropy)(void *, unsigned char *, size_t),
                          void *p_entropy, const unsigned char *custom, size_t len) {
    (void)ctx, (void)f_entropy, (void)p_entropy, (void)custom, (void)len;
    STARTUP();
    return 0;
}
int mbedtls_ctr_drbg_random(void *p_rng, unsigned char *output, size_t output_len) {
    (void)p_rng, (void)output, (void)output_len;
    REFUSE();
    return MBEDTLS_ERR_CTR_DRBG_ENTROPY_SOURCE_FAILED;
}

void mbedtls_x509_crt_init(mbedtls_x509_crt *crt) { memset(crt, 0, sizeof *crt); }
void mbedtls_x509_crt_free(mbedtls_x509_crt *crt) { (void)crt; }
/* The CA bundle libgit2 loads as it starts (and on GIT_OPT_SET_SSL_CERT_LOCATIONS): nothing
 * is parsed; success, as no session can be set up to need it. */
int mbedtls_x509_crt_parse_file(mbedtls_x509_crt *chain, const char *path) { (void)chain, (void)path; STARTUP(); return 0; }
int mbedtls_x509_crt_parse_path(mbedtls_x509_crt *chain, const char *path) { (void)chain, (void)path; STARTUP(); return 0; }
int mbedtls_x509_crt_verify_info(char *buf, size_t size, const char *prefix, uint32_t flags) {
    (void)prefix, (void)flags;
    if (size > 0) buf[0] = '\0';
    return 0;
}

void mbedtls_ssl_init(mbedtls_ssl_context *ssl) { memset(ssl, 0, sizeof *ssl); }
void mbedtls_ssl_free(mbedtls_ssl_context *ssl) { (void)ssl; }
/* Never reached (see teamflow_refuse_tls_streams); refused all the same. */
int mbedtls_ssl_setup(mbedtls_ssl_context *ssl, const mbedtls_ssl_config *conf) { (void)ssl, (void)conf; REFUSE(); return TLS_ABSENT; }
int mbedtls_ssl_set_hostname(mbedtls_ssl_context *ssl, const char *hostname) { (void)ssl, (void)hostname; REFUSE(); return TLS_ABSENT; }
void mbedtls_ssl_set_bio(mbedtls_ssl_context *ssl, void *p_bio, mbedtls_ssl_send_t *f_send, mbedtls_ssl_recv_t *f_recv,
                         mbedtls_ssl_recv_timeout_t *f_recv_timeout) {
    (void)ssl, (void)p_bio, (void)f_send, (void)f_recv, (void)f_recv_timeout;
    REFUSE();
}
int mbedtls_ssl_handshake(mbedtls_ssl_context *ssl) { (void)ssl; REFUSE(); return TLS_ABSENT; }
int mbedtls_ssl_read(mbedtls_ssl_context *ssl, unsigned char *buf, size_t len) { (void)ssl, (void)buf, (void)len; REFUSE(); return TLS_ABSENT; }
int mbedtls_ssl_write(mbedtls_ssl_context *ssl, const unsigned char *buf, size_t len) { (void)ssl, (void)buf, (void)len; REFUSE(); return TLS_ABSENT; }
int mbedtls_ssl_close_notify(mbedtls_ssl_context *ssl) { (void)ssl; return TLS_ABSENT; }
const mbedtls_x509_crt *mbedtls_ssl_get_peer_cert(const mbedtls_ssl_context *ssl) { (void)ssl; REFUSE(); return NULL; }
/* Every verification flag set: nothing was verified. */
uint32_t mbedtls_ssl_get_verify_result(const mbedtls_ssl_context *ssl) { (void)ssl; REFUSE(); return UINT32_MAX; }

void mbedtls_strerror(int errnum, char *buffer, size_t buflen) {
    (void)errnum;
    if (buflen == 0) return;
    size_t n = sizeof absent_message - 1 < buflen - 1 ? sizeof absent_message - 1 : buflen - 1;
    memcpy(buffer, absent_message, n);
    buffer[n] = '\0';
}

/* ---- libssh2 ---- */

#define SSH_ABSENT LIBSSH2_ERROR_METHOD_NOT_SUPPORTED

int libssh2_init(int flags) { (void)flags; STARTUP(); return 0; }
void libssh2_exit(void) {}
/* Where an ssh:// connection through libgit2 stops (after its socket connected). */
LIBSSH2_SESSION *libssh2_session_init_ex(LIBSSH2_ALLOC_FUNC((*my_alloc)), LIBSSH2_FREE_FUNC((*my_free)),
                                         LIBSSH2_REALLOC_FUNC((*my_realloc)), void *abstract) {
    (void)my_alloc, (void)my_free, (void)my_realloc, (void)abstract;
    REFUSE();
    return NULL;
}
/* A session can never exist, so nothing below is reached; each refuses all the same. */
void **libssh2_session_abstract(LIBSSH2_SESSION *session) { (void)session; REFUSE(); return NULL; }
int libssh2_session_free(LIBSSH2_SESSION *session) { (void)session; return SSH_ABSENT; }
int libssh2_session_handshake(LIBSSH2_SESSION *session, libssh2_socket_t sock) { (void)session, (void)sock; REFUSE(); return SSH_ABSENT; }
int libssh2_session_disconnect_ex(LIBSSH2_SESSION *session, int reason, const char *description, const char *lang) {
    (void)session, (void)reason, (void)description, (void)lang;
    return SSH_ABSENT;
}
const char *libssh2_session_hostkey(LIBSSH2_SESSION *session, size_t *len, int *type) {
    (void)session, (void)type;
    if (len) *len = 0;
    REFUSE();
    return NULL;
}
const char *libssh2_hostkey_hash(LIBSSH2_SESSION *session, int hash_type) { (void)session, (void)hash_type; REFUSE(); return NULL; }
int libssh2_session_last_error(LIBSSH2_SESSION *session, char **errmsg, int *errmsg_len, int want_buf) {
    (void)session, (void)want_buf;
    if (errmsg) *errmsg = (char *)"SSH is not linked into teamflow: its fetch and push run the git command";
    if (errmsg_len) *errmsg_len = errmsg ? (int)strlen(*errmsg) : 0;
    return SSH_ABSENT;
}
int libssh2_session_method_pref(LIBSSH2_SESSION *session, int method_type, const char *prefs) {
    (void)session, (void)method_type, (void)prefs;
    REFUSE();
    return SSH_ABSENT;
}
void libssh2_session_set_blocking(LIBSSH2_SESSION *session, int blocking) { (void)session, (void)blocking; REFUSE(); }

LIBSSH2_KNOWNHOSTS *libssh2_knownhost_init(LIBSSH2_SESSION *session) { (void)session; REFUSE(); return NULL; }
void libssh2_knownhost_free(LIBSSH2_KNOWNHOSTS *hosts) { (void)hosts; }
int libssh2_knownhost_readfile(LIBSSH2_KNOWNHOSTS *hosts, const char *filename, int type) {
    (void)hosts, (void)filename, (void)type;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_knownhost_checkp(LIBSSH2_KNOWNHOSTS *hosts, const char *host, int port, const char *key, size_t keylen,
                             int typemask, struct libssh2_knownhost **knownhost) {
    (void)hosts, (void)host, (void)port, (void)key, (void)keylen, (void)typemask, (void)knownhost;
    REFUSE();
    return LIBSSH2_KNOWNHOST_CHECK_FAILURE;
}

char *libssh2_userauth_list(LIBSSH2_SESSION *session, const char *username, unsigned int username_len) {
    (void)session, (void)username, (void)username_len;
    REFUSE();
    return NULL;
}
int libssh2_userauth_authenticated(LIBSSH2_SESSION *session) { (void)session; REFUSE(); return 0; }
int libssh2_userauth_password_ex(LIBSSH2_SESSION *session, const char *username, unsigned int username_len,
                                 const char *password, unsigned int password_len,
                                 LIBSSH2_PASSWD_CHANGEREQ_FUNC((*passwd_change_cb))) {
    (void)session, (void)username, (void)username_len, (void)password, (void)password_len, (void)passwd_change_cb;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_userauth_keyboard_interactive_ex(LIBSSH2_SESSION *session, const char *username, unsigned int username_len,
                                             LIBSSH2_USERAUTH_KBDINT_RESPONSE_FUNC((*response_callback))) {
    (void)session, (void)username, (void)username_len, (void)response_callback;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_userauth_publickey(LIBSSH2_SESSION *session, const char *username, const unsigned char *pubkeydata,
                               size_t pubkeydata_len, LIBSSH2_USERAUTH_PUBLICKEY_SIGN_FUNC((*sign_callback)),
                               void **abstract) {
    (void)session, (void)username, (void)pubkeydata, (void)pubkeydata_len, (void)sign_callback, (void)abstract;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_userauth_publickey_fromfile_ex(LIBSSH2_SESSION *session, const char *username, unsigned int username_len,
                                           const char *publickey, const char *privatekey, const char *passphrase) {
    (void)session, (void)username, (void)username_len, (void)publickey, (void)privatekey, (void)passphrase;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_userauth_publickey_frommemory(LIBSSH2_SESSION *session, const char *username, size_t username_len,
                                          const char *publickeyfiledata, size_t publickeyfiledata_len,
                                          const char *privatekeyfiledata, size_t privatekeyfiledata_len,
                                          const char *passphrase) {
    (void)session, (void)username, (void)username_len, (void)publickeyfiledata, (void)publickeyfiledata_len;
    (void)privatekeyfiledata, (void)privatekeyfiledata_len, (void)passphrase;
    REFUSE();
    return SSH_ABSENT;
}

LIBSSH2_AGENT *libssh2_agent_init(LIBSSH2_SESSION *session) { (void)session; REFUSE(); return NULL; }
int libssh2_agent_connect(LIBSSH2_AGENT *agent) { (void)agent; REFUSE(); return SSH_ABSENT; }
int libssh2_agent_disconnect(LIBSSH2_AGENT *agent) { (void)agent; return SSH_ABSENT; }
void libssh2_agent_free(LIBSSH2_AGENT *agent) { (void)agent; }
int libssh2_agent_list_identities(LIBSSH2_AGENT *agent) { (void)agent; REFUSE(); return SSH_ABSENT; }
int libssh2_agent_get_identity(LIBSSH2_AGENT *agent, struct libssh2_agent_publickey **store,
                               struct libssh2_agent_publickey *prev) {
    (void)agent, (void)store, (void)prev;
    REFUSE();
    return SSH_ABSENT;
}
int libssh2_agent_userauth(LIBSSH2_AGENT *agent, const char *username, struct libssh2_agent_publickey *identity) {
    (void)agent, (void)username, (void)identity;
    REFUSE();
    return SSH_ABSENT;
}

LIBSSH2_CHANNEL *libssh2_channel_open_ex(LIBSSH2_SESSION *session, const char *channel_type, unsigned int channel_type_len,
                                         unsigned int window_size, unsigned int packet_size, const char *message,
                                         unsigned int message_len) {
    (void)session, (void)channel_type, (void)channel_type_len, (void)window_size, (void)packet_size, (void)message;
    (void)message_len;
    REFUSE();
    return NULL;
}
int libssh2_channel_process_startup(LIBSSH2_CHANNEL *channel, const char *request, unsigned int request_len,
                                    const char *message, unsigned int message_len) {
    (void)channel, (void)request, (void)request_len, (void)message, (void)message_len;
    REFUSE();
    return SSH_ABSENT;
}
ssize_t libssh2_channel_read_ex(LIBSSH2_CHANNEL *channel, int stream_id, char *buf, size_t buflen) {
    (void)channel, (void)stream_id, (void)buf, (void)buflen;
    REFUSE();
    return SSH_ABSENT;
}
ssize_t libssh2_channel_write_ex(LIBSSH2_CHANNEL *channel, int stream_id, const char *buf, size_t buflen) {
    (void)channel, (void)stream_id, (void)buf, (void)buflen;
    REFUSE();
    return SSH_ABSENT;
}
void libssh2_channel_set_blocking(LIBSSH2_CHANNEL *channel, int blocking) { (void)channel, (void)blocking; REFUSE(); }
int libssh2_channel_close(LIBSSH2_CHANNEL *channel) { (void)channel; return SSH_ABSENT; }
int libssh2_channel_free(LIBSSH2_CHANNEL *channel) { (void)channel; return SSH_ABSENT; }

/* ---- GSSAPI (RFC 2744's C bindings; Debian ships no header without Kerberos's -dev) ---- */

typedef uint32_t OM_uint32;
typedef struct gss_buffer_desc_struct { size_t length; void *value; } *gss_buffer_t;
typedef struct gss_OID_desc_struct { OM_uint32 length; void *elements; } *gss_OID;
typedef struct gss_OID_set_desc_struct { size_t count; gss_OID elements; } *gss_OID_set;
typedef struct gss_name_struct *gss_name_t;
typedef struct gss_ctx_id_struct *gss_ctx_id_t;
typedef struct gss_cred_id_struct *gss_cred_id_t;
typedef struct gss_channel_bindings_struct *gss_channel_bindings_t;

#define GSS_S_UNAVAILABLE (((OM_uint32)16) << 16)

/* The name type libgit2 passes to gss_import_name, which refuses it. */
static struct gss_OID_desc_struct hostbased_service = { 10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04" };
gss_OID GSS_C_NT_HOSTBASED_SERVICE = &hostbased_service;

OM_uint32 gss_indicate_mechs(OM_uint32 *minor, gss_OID_set *mech_set);
OM_uint32 gss_import_name(OM_uint32 *minor, const gss_buffer_t input_name_buffer, const gss_OID input_name_type,
                          gss_name_t *output_name);
OM_uint32 gss_init_sec_context(OM_uint32 *minor, const gss_cred_id_t cred, gss_ctx_id_t *context, const gss_name_t target,
                               const gss_OID mech, OM_uint32 req_flags, OM_uint32 time_req,
                               const gss_channel_bindings_t bindings, const gss_buffer_t input_token, gss_OID *actual_mech,
                               gss_buffer_t output_token, OM_uint32 *ret_flags, OM_uint32 *time_rec);
OM_uint32 gss_delete_sec_context(OM_uint32 *minor, gss_ctx_id_t *context, gss_buffer_t output_token);
OM_uint32 gss_display_status(OM_uint32 *minor, OM_uint32 status_value, int status_type, const gss_OID mech_type,
                             OM_uint32 *message_context, gss_buffer_t status_string);
OM_uint32 gss_release_buffer(OM_uint32 *minor, gss_buffer_t buffer);
OM_uint32 gss_release_name(OM_uint32 *minor, gss_name_t *name);
OM_uint32 gss_release_oid_set(OM_uint32 *minor, gss_OID_set *set);

OM_uint32 gss_indicate_mechs(OM_uint32 *minor, gss_OID_set *mech_set) {
    if (minor) *minor = 0;
    if (mech_set) *mech_set = NULL;
    REFUSE();
    return GSS_S_UNAVAILABLE;
}
OM_uint32 gss_import_name(OM_uint32 *minor, const gss_buffer_t input_name_buffer, const gss_OID input_name_type,
                          gss_name_t *output_name) {
    (void)input_name_buffer, (void)input_name_type;
    if (minor) *minor = 0;
    if (output_name) *output_name = NULL;
    REFUSE();
    return GSS_S_UNAVAILABLE;
}
OM_uint32 gss_init_sec_context(OM_uint32 *minor, const gss_cred_id_t cred, gss_ctx_id_t *context, const gss_name_t target,
                               const gss_OID mech, OM_uint32 req_flags, OM_uint32 time_req,
                               const gss_channel_bindings_t bindings, const gss_buffer_t input_token, gss_OID *actual_mech,
                               gss_buffer_t output_token, OM_uint32 *ret_flags, OM_uint32 *time_rec) {
    (void)cred, (void)context, (void)target, (void)mech, (void)req_flags, (void)time_req, (void)bindings;
    (void)input_token, (void)actual_mech, (void)ret_flags, (void)time_rec;
    if (minor) *minor = 0;
    if (output_token) { output_token->length = 0; output_token->value = NULL; }
    REFUSE();
    return GSS_S_UNAVAILABLE;
}
OM_uint32 gss_delete_sec_context(OM_uint32 *minor, gss_ctx_id_t *context, gss_buffer_t output_token) {
    (void)output_token;
    if (minor) *minor = 0;
    if (context) *context = NULL;
    return 0;
}
OM_uint32 gss_display_status(OM_uint32 *minor, OM_uint32 status_value, int status_type, const gss_OID mech_type,
                             OM_uint32 *message_context, gss_buffer_t status_string) {
    (void)status_value, (void)status_type, (void)mech_type;
    static const char message[] = "GSSAPI is not linked into teamflow";
    if (minor) *minor = 0;
    if (message_context) *message_context = 0;
    if (status_string) { status_string->length = sizeof message - 1; status_string->value = (void *)message; }
    return 0;
}
/* Only ever given the buffers above (static) or empty ones: nothing to free. */
OM_uint32 gss_release_buffer(OM_uint32 *minor, gss_buffer_t buffer) {
    if (minor) *minor = 0;
    if (buffer) { buffer->length = 0; buffer->value = NULL; }
    return 0;
}
OM_uint32 gss_release_name(OM_uint32 *minor, gss_name_t *name) {
    if (minor) *minor = 0;
    if (name) *name = NULL;
    return 0;
}
OM_uint32 gss_release_oid_set(OM_uint32 *minor, gss_OID_set *set) {
    if (minor) *minor = 0;
    if (set) *set = NULL;
    return 0;
}
