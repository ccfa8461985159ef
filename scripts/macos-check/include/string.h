/* A stand-in for the SDK's <string.h> (scripts/macos-check/README.md): the declarations
   ring's C code uses. */
#include <stddef.h>
void *memcpy(void *, const void *, size_t);
void *memmove(void *, const void *, size_t);
void *memset(void *, int, size_t);
int memcmp(const void *, const void *, size_t);
size_t strlen(const char *);
