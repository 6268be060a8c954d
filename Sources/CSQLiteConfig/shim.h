#include <sqlite3.h>

// sqlite3_db_config is variadic, which Swift cannot call: one wrapper per option Peach sets.

// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE (SQLite 3.16): whether the connection leaves its WAL out of
// the database file when it closes as the last connection (1) or copies it in, as usual (0).
static inline int peach_sqlite_no_checkpoint_on_close(sqlite3 *db, int on) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, on, (int *)0);
}
