/* A stand-in for the macOS SDK's header, for `cargo check --target aarch64-apple-darwin`
   on Linux (scripts/macos-check/README.md): the target is macOS, not iOS. */
#define TARGET_OS_MAC 1
#define TARGET_OS_OSX 1
#define TARGET_OS_IPHONE 0
