#ifndef TEAMFLOW_CYAML_SHIM_H
#define TEAMFLOW_CYAML_SHIM_H
#include <yaml.h>
#endif
