#ifndef TEAMFLOW_CGIT2_SHIM_H
#define TEAMFLOW_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>
#include <git2/sys/repository.h>
/* zlib (linked for libgit2) inflates pack objects in the Git module's own pack reader. */
#include <zlib.h>

/* git_libgit2_opts is variadic, which Swift cannot call: one fixed-arity wrapper per use. */
static inline int teamflow_git_set_strict_object_creation(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_OBJECT_CREATION, enabled);
}
static inline int teamflow_git_set_mwindow_size(size_t bytes) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, bytes);
}
static inline int teamflow_git_set_mwindow_mapped_limit(size_t bytes) {
    return git_libgit2_opts(GIT_OPT_SET_MWINDOW_MAPPED_LIMIT, bytes);
}
static inline int teamflow_git_set_strict_hash_verification(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, enabled);
}
/* inflateInit is a macro passing the header's version and z_stream size, which Swift cannot call. */
static inline int teamflow_inflate_init(z_stream *stream) {
    return inflateInit(stream);
}
#endif
