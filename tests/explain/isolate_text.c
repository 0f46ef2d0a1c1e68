/* For the bidi test (test_bidi.py): each line of standard input, a text in the language given
 * as the argument, written back as lesson and puzzle prose is served (arb_message_isolate). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arbiter.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: isolate_text LANG < texts\n");
        return 2;
    }
    static char line[65536], out[3 * 65536];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        arb_message_isolate(argv[1], line, out, sizeof out);
        puts(out);
    }
    return 0;
}
