#ifndef TEAMFLOW_CCMARK_SHIM_H
#define TEAMFLOW_CCMARK_SHIM_H
/* GitHub's CommonMark (cmark-gfm) and its extensions (table, tasklist, strikethrough,
   autolink, tagfilter). Debian ships the extensions without a pkg-config file of their own:
   libcmark-gfm.pc names both libraries, and the links above say so too. */
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
#endif
