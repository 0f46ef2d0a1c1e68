/* The one table of explanation codes, split by area into files reasons/AREA.def. Each line:
 * ARB_REASON(name, FIDE article or "", ARB_P_* parameters the code fills in).
 * Included with ARB_REASON defined; a correction to an article number is one edit. Codes are
 * part of the API by name, not by number: add new areas or codes freely. */
#include "arbiter/reasons/input.def"
#include "arbiter/reasons/position.def"
#include "arbiter/reasons/dead.def"
#include "arbiter/reasons/rules.def"
#include "arbiter/reasons/pgn.def"
#include "arbiter/reasons/moves.def"
#include "arbiter/reasons/castling.def"
#include "arbiter/reasons/status.def"
#include "arbiter/reasons/validation.def"
#include "arbiter/reasons/solver.def"
#include "arbiter/reasons/warnings.def"
#include "arbiter/reasons/retrograde.def"
#include "arbiter/reasons/annotate.def"
