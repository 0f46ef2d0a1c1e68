// bench/annotate/run.sh's yardstick: what a user writes instead of `arbiter annotate` with a
// chess library (chess.js here; python-chess, the one issue 26 names, is not installable on this
// machine): every game of a PGN file read, replayed, and at every ply asked for check, mate,
// stalemate, insufficient material, threefold repetition and the fifty-move rule. Prints the
// games read and the events found, so that a run that read nothing shows.
// Usage: node replay.mjs CHESSJS_DIR PGN
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { Chess } = require(process.argv[2]);
const text = readFileSync(process.argv[3], 'utf8');
let games = 0, unreadable = 0, events = 0;
for (const block of text.split(/\r?\n(?=\[Event )/)) {
  if (!block.trim()) continue;
  const game = new Chess();
  try {
    game.loadPgn(block);
  } catch {
    unreadable++;
    continue;
  }
  games++;
  const moves = game.history();
  const fen = game.getHeaders().FEN;
  const chess = fen ? new Chess(fen) : new Chess();
  for (const m of moves) {
    chess.move(m);
    if (chess.isCheckmate() || chess.isStalemate() || chess.isInsufficientMaterial()) { events++; break; }
    if (chess.isCheck()) events++;
    if (chess.isThreefoldRepetition()) events++;
    if (chess.isDrawByFiftyMoves()) events++;
  }
}
console.log(`chess.js: ${games} games, ${unreadable} unreadable, ${events} events`);
