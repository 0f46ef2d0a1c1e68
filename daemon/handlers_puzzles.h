/* The bundled puzzles arbiterd serves (handlers_puzzles.c): read once before the server starts
 * from <lessons>/puzzles/puzzles.txt, freed after it stops. */
#ifndef AD_HANDLERS_PUZZLES_H
#define AD_HANDLERS_PUZZLES_H

/* Returns how many puzzles were read, -1 when the file cannot be opened. */
int ad_puzzles_load(const char *lessons_dir);
void ad_puzzles_free(void);

#endif
