#ifndef TEAMFLOW_CGIT2_SHIM_H
#define TEAMFLOW_CGIT2_SHIM_H
#include <git2.h>
#include <git2/sys/odb_backend.h>
#include <git2/sys/mempack.h>
#endif
