#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: one wrapper per option Peach sets.

// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE (SQLite 3.16): whether the connection leaves its WAL out of
// the database file when it closes as the last connection (1) or copies it in, as usual (0).
static inline int peach_sqlite_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}

// SQLite's process-wide settings, which take effect only before SQLite's first use in the process
// (later calls return SQLITE_MISUSE and change nothing). Multi-thread mode: no lock around each
// call on a connection or statement, since GRDB uses each connection from one thread at a time;
// no memory statistics, which take a lock around every allocation.
static inline int peach_sqlite_configure_before_first_use(void) {
    int threading = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    int statistics = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    return threading != SQLITE_OK ? threading : statistics;
}
