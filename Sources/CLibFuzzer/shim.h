// libFuzzer's driver, for a program that keeps its own main (SwiftPM links an executable
// target's main under another name, which hides libFuzzer's). Declared here, defined by the
// toolchain's libFuzzer runtime: only referenced when teamflow-fuzz is built with -DFUZZING.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
