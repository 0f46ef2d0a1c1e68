/* The script files of a folder (lessons, quiz generators): every *.lua file, in name order. */
#ifndef ARBL_SCRIPT_DIR_H
#define ARBL_SCRIPT_DIR_H

/* Calls load(ctx, path) for each non-hidden *.lua file in dir, sorted by name, and returns the
 * sum of what the calls returned; -1 if dir cannot be opened or memory runs out. */
int arbl_each_script(const char *dir, int (*load)(void *ctx, const char *path), void *ctx);

#endif
