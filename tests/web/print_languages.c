/* Prints the engine's languages (arb_languages()), one a line, for web_languages. */
#include <stdio.h>

#include "arbiter.h"

int main(void)
{
    for (const char *const *l = arb_languages(); *l; l++)
        printf("%s\n", *l);
    return 0;
}
