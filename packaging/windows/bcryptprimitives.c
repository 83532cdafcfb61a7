/* A stand-in for Windows' bcryptprimitives.dll, for the tests under wine ONLY
 * (scripts/package-windows-test builds it into its throw-away Windows profile; it is never
 * shipped). Rust's standard library (1.78 and later) takes its random bytes from
 * ProcessPrng, which every Windows 10 and 11 has and Debian 12's wine 8.0 lacks: without it,
 * atout.exe does not start under that wine. Here the bytes come from RtlGenRandom
 * (advapi32's SystemFunction036), which wine has. */
#include <windows.h>
#include <ntsecapi.h>

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!RtlGenRandom(data, n))
            return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
