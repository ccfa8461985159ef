/* A stand-in for the SDK's <assert.h> (scripts/macos-check/README.md). */
#define assert(x) ((void)0)
