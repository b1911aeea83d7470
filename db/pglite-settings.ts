/**
 * Postgres settings of the embedded database, after PGlite's own. Its buffers live in the
 * process's WebAssembly memory, which never shrinks: 128 MB of shared_buffers (Postgres's
 * default) were half of an idle server's memory. The operating system caches the data folder's
 * files as well, so a page not in the buffers is a read from that cache, not from the disk.
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];
