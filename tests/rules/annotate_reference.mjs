// rules_annotate_reference: the plies that tests/data/pgn/annotate-events.pgn expects by hand
// (its Expect tags) for the events chess.js can decide, decided again by chess.js move by move:
// check (and double check), checkmate, stalemate, insufficient material, the third occurrence of a
// position (isThreefoldRepetition) and the first ply of a fifty-move stretch (isDrawByFiftyMoves),
// up to the game's end, and the first illegal move (chess.js refuses it at the same ply).
// python-chess is the reference the issue names; it is not installable here (no PyPI, no Debian
// package), so chess.js (npm) stands in.
// With JSONL (what `arbiter annotate --json PGN` wrote: real games, no Expect tags), the plies
// checked are Arbiter's own events, game by game, and the result Arbiter gives is checked against
// the game's ExpectResult tag where it has one (tests/data/pgn/real/).
// Usage: node annotate_reference.mjs CHESSJS_DIR PGN [JSONL]
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const { Chess } = require(process.argv[2]);
const text = readFileSync(process.argv[3], 'utf8');
const annotated = process.argv[4] ? readFileSync(process.argv[4], 'utf8').split('\n').filter(Boolean).map(l => JSON.parse(l))
                                  : null;

// The kinds chess.js decides (its functions), and what the Expect tag calls them.
const KINDS = new Set(['check', 'double_check', 'checkmate', 'stalemate', 'insufficient_material',
                       'threefold_available', 'fifty_moves_available']);
const ENDS = new Set(['checkmate', 'stalemate', 'insufficient_material', 'dead_position',
                      'fivefold_repetition', 'seventyfive_moves']);

function games(pgn) {
  const out = [];
  for (const block of pgn.replace(/^%.*$/gm, '').split(/\n(?=\[Event )/)) {
    if (!block.trim().startsWith('[')) continue;
    const tags = {};
    for (const m of block.matchAll(/^\[(\w+) "(.*)"\]$/gm)) tags[m[1]] = m[2];
    const movetext = block.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
    const moves = movetext.split(/\s+/).filter(t => t && !/^\d+\.+$/.test(t) && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t))
      .map(t => t.replace(/^\d+\.+/, ''));
    out.push({ tags, moves });
  }
  return out;
}

let passed = 0, failed = 0;
const all = games(text);
if (annotated && annotated.length !== all.length) {
  console.log(`FAIL: ${all.length} games in the PGN, ${annotated.length} annotated`);
  process.exit(1);
}
for (const [n, { tags, moves }] of all.entries()) {
  const expect = annotated ? (annotated[n].events || []).map(e => ({ ply: e.ply, code: e.code }))
    : (tags.Expect || '').split(';').map(s => s.trim()).filter(Boolean)
      .map(s => { const [ply, code] = s.split(' '); return { ply: Number(ply), code }; });
  if (annotated && tags.ExpectResult && annotated[n].result !== tags.ExpectResult) {
    failed++;
    console.log(`FAIL ${tags.Site || tags.Event}: the Laws give ${tags.ExpectResult}, Arbiter ${annotated[n].result}`);
    continue;
  }
  const end = expect.find(e => ENDS.has(e.code));
  const last = end ? end.ply : Infinity;
  const illegal = expect.find(e => !KINDS.has(e.code) && !ENDS.has(e.code) &&
    !['result_tag_mismatch', 'moves_after_end', 'resignation', 'resignation_draw', 'agreement',
      'agreement_too_early', 'time_forfeit', 'time_forfeit_draw', 'fivefold_repetition',
      'seventyfive_moves', 'dead_position', 'threefold_now', 'threefold_with_move', 'fifty_now',
      'fifty_with_move'].includes(e.code));
  const chess = tags.FEN ? new Chess(tags.FEN) : new Chess();
  const seen = new Map(), got = [];
  let fiftyOpen = false, refusedAt = -1;
  const look = ply => {
    if (ply > last) return;
    const key = chess.fen().split(' ').slice(0, 4).join(' ');
    seen.set(key, (seen.get(key) || 0) + 1);
    if (chess.isCheckmate()) got.push({ ply, code: 'checkmate' });
    else if (chess.isStalemate()) got.push({ ply, code: 'stalemate' });
    else if (chess.isInsufficientMaterial()) {
      if (chess.isCheck()) got.push({ ply, code: 'check' }); // a knight's check can leave K+N v K
      got.push({ ply, code: 'insufficient_material' });
    } else {
      if (chess.isCheck()) got.push({ ply, code: 'check' });
      if (ply === last) return; // a claim is not looked for where the game ended (a dead position)
      if (chess.isThreefoldRepetition() && seen.get(key) === 3) got.push({ ply, code: 'threefold_available' });
      const fifty = chess.isDrawByFiftyMoves();
      if (fifty && !fiftyOpen) got.push({ ply, code: 'fifty_moves_available' });
      fiftyOpen = fifty;
    }
  };
  look(0);
  for (let i = 0; i < moves.length; i++) {
    try {
      chess.move(moves[i]);
    } catch {
      refusedAt = i + 1;
      break;
    }
    look(i + 1);
  }
  // double_check is a check to chess.js
  const want = expect.filter(e => KINDS.has(e.code)).map(e => `${e.ply} ${e.code === 'double_check' ? 'check' : e.code}`);
  const have = got.map(e => `${e.ply} ${e.code}`);
  const ok = JSON.stringify(want) === JSON.stringify(have);
  const illegalOk = illegal ? refusedAt === illegal.ply : refusedAt < 0 || refusedAt > last;
  if (ok && illegalOk) {
    passed++;
  } else {
    failed++;
    console.log(`FAIL ${tags.Event}: expected ${JSON.stringify(want)}${illegal ? ` and an illegal move at ${illegal.ply}` : ''}, ` +
                `chess.js ${JSON.stringify(have)}${refusedAt >= 0 ? `, refused move at ply ${refusedAt}` : ''}`);
  }
}
console.log(`chess.js: ${passed} games agree with the expected plies, ${failed} do not`);
process.exit(failed ? 1 : 0);
