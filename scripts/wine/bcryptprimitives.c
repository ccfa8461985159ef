/* Wine 8 (Debian 12) lacks bcryptprimitives.dll, which Rust's standard library on Windows
 * imports for ProcessPrng (its random numbers) since Rust 1.78. Real Windows 10 and later
 * have it; this stand-in forwards to RtlGenRandom so that test programs run under Wine.
 * Built by scripts/wine-run.sh into the Wine prefix, never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x7fffffff ? 0x7fffffff : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
