// Reference servers for bench/http: Node's http module answering the same POST /v1/move and
// POST /v1/analyze requests as arbiterd, with chessops or chess.js; LIB "none" answers without
// any chess (bare Node: the most a Node server can do here). Usage: node server.mjs LIB PORT
//
// The status is the one arbiterd reports (API.md): checkmate, stalemate, insufficient_material,
// fivefold_repetition, seventyfive_moves, or ongoing, with the result. What the libraries cannot
// tell is left out rather than faked: the dead positions beyond insufficient material, and in
// /v1/analyze the claims, castling and explanations (arbiterd's answer is the larger one).
import http from 'node:http';

const [lib, portArg] = process.argv.slice(2);
const port = Number(portArg);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const UCI = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

let engine;
if (lib === 'chessops') {
  const { Chess, equalsIgnoreMoves } = await import('chessops/chess');
  const { parseFen, makeFen } = await import('chessops/fen');
  const { parseSan, makeSan } = await import('chessops/san');
  const { parseUci, makeUci, makeSquare } = await import('chessops/util');
  // The positions since the last capture or pawn move: the only ones the current one can repeat.
  const load = (fen, moves) => {
    const pos = Chess.fromSetup(parseFen(fen || START).unwrap()).unwrap();
    const since = [pos.clone()];
    for (const m of moves || []) play(pos, since, UCI.test(m) ? parseUci(m) : parseSan(pos, m), m);
    return { pos, since };
  };
  const play = (pos, since, mv, text) => {
    if (!mv || !pos.isLegal(mv)) throw new Error('illegal move in moves: ' + text);
    pos.play(mv);
    if (pos.halfmoves === 0) since.length = 0;
    since.push(pos.clone());
  };
  const status = (pos, since) => {
    if (pos.isCheckmate()) return ['checkmate', pos.turn === 'white' ? '0-1' : '1-0'];
    if (pos.isStalemate()) return ['stalemate', '1/2-1/2'];
    if (pos.isInsufficientMaterial()) return ['insufficient_material', '1/2-1/2'];
    if (since.filter((p) => equalsIgnoreMoves(p, pos)).length >= 5) return ['fivefold_repetition', '1/2-1/2'];
    if (pos.halfmoves >= 150) return ['seventyfive_moves', '1/2-1/2'];
    return ['ongoing', '*'];
  };
  engine = {
    move(body) {
      const { pos, since } = load(body.fen, body.moves);
      const mv = UCI.test(body.move) ? parseUci(body.move) : parseSan(pos, body.move);
      if (!mv || !pos.isLegal(mv)) return { move: body.move, legal: false, reasons: [] };
      const san = makeSan(pos, mv);
      const uci = makeUci(mv);
      play(pos, since, mv, body.move);
      const [st, result] = status(pos, since);
      return { move: body.move, legal: true, uci, san, fen_after: makeFen(pos.toSetup()), status_after: st,
               result_after: result, check_after: pos.isCheck() };
    },
    analyze(body) {
      const { pos, since } = load(body.fen, body.moves);
      const legal = [];
      for (const [from, dests] of pos.allDests()) {
        for (const to of dests) {
          const promo = pos.board.get(from)?.role === 'pawn' && (to >> 3 === 0 || to >> 3 === 7);
          for (const promotion of promo ? ['queen', 'rook', 'bishop', 'knight'] : [undefined]) {
            const mv = { from, to, promotion };
            legal.push({ uci: makeUci(mv), san: makeSan(pos, mv) });
          }
        }
      }
      const checkers = [];
      for (const sq of pos.ctx().checkers) checkers.push(makeSquare(sq));
      const [st, result] = status(pos, since);
      return { fen: makeFen(pos.toSetup()), turn: pos.turn, check: pos.isCheck(), checkers, legal_moves: legal,
               status: st, result };
    },
  };
} else if (lib === 'none') {
  // No chess: the body parsed and an answer of the same shape written back.
  engine = {
    move: (body) => ({ move: body.move, legal: true, uci: 'f1b5', san: 'Bb5', fen_after: body.fen,
                       status_after: 'ongoing', result_after: '*', check_after: false }),
    analyze: (body) => ({ fen: body.fen, turn: 'white', check: false, checkers: [], legal_moves: [],
                          status: 'ongoing', result: '*' }),
  };
} else {
  const { Chess } = await import('chess.js');
  const play = (chess, m) => UCI.test(m) ? chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] })
                                         : chess.move(m);
  const load = (fen, moves) => {
    const chess = new Chess(fen || START);
    chess.startFen = fen || START;
    for (const m of moves || []) play(chess, m);
    return chess;
  };
  // chess.js counts repetitions itself (threefold); five or more is then counted from the history.
  const key = (fen) => fen.split(' ').slice(0, 4).join(' ');
  const repeats = (c) => {
    const replay = new Chess(c.startFen);
    const want = key(c.fen());
    let n = key(replay.fen()) === want ? 1 : 0;
    for (const m of c.history()) { replay.move(m); if (key(replay.fen()) === want) n++; }
    return n;
  };
  const status = (c, fen) => {
    if (c.isCheckmate()) return ['checkmate', c.turn() === 'w' ? '0-1' : '1-0'];
    if (c.isStalemate()) return ['stalemate', '1/2-1/2'];
    if (c.isInsufficientMaterial()) return ['insufficient_material', '1/2-1/2'];
    if (c.isThreefoldRepetition() && repeats(c) >= 5) return ['fivefold_repetition', '1/2-1/2'];
    if (Number(fen.split(' ')[4]) >= 150) return ['seventyfive_moves', '1/2-1/2'];
    return ['ongoing', '*'];
  };
  engine = {
    move(body) {
      const chess = load(body.fen, body.moves);
      let mv;
      try { mv = play(chess, body.move); } catch { mv = null; }
      if (!mv) return { move: body.move, legal: false, reasons: [] };
      const fen = chess.fen();
      const [st, result] = status(chess, fen);
      return { move: body.move, legal: true, uci: mv.from + mv.to + (mv.promotion || ''), san: mv.san,
               fen_after: fen, status_after: st, result_after: result, check_after: chess.inCheck() };
    },
    analyze(body) {
      const chess = load(body.fen, body.moves);
      const legal = chess.moves({ verbose: true }).map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }));
      const fen = chess.fen();
      const [st, result] = status(chess, fen);
      return { fen, turn: chess.turn() === 'w' ? 'white' : 'black', check: chess.inCheck(),
               legal_moves: legal, status: st, result };
    },
  };
}

http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let code = 200, out;
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
      if (req.method === 'POST' && req.url.startsWith('/v1/move')) out = engine.move(body);
      else if (req.method === 'POST' && req.url.startsWith('/v1/analyze')) out = engine.analyze(body);
      else { code = 404; out = { error: { code: 'not_found', message: 'No such resource.' } }; }
    } catch (e) {
      code = 400; out = { error: { code: 'invalid', message: String(e.message || e) } };
    }
    const text = JSON.stringify(out);
    res.writeHead(code, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
}).listen(port, '127.0.0.1', () => console.log(`listening ${port}`));
