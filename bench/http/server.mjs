// Reference servers for bench/http: Node's http module answering the same POST /v1/move and
// POST /v1/analyze requests as arbiterd, with chessops or chess.js. Usage: node server.mjs LIB PORT
import http from 'node:http';

const [lib, portArg] = process.argv.slice(2);
const port = Number(portArg);
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const UCI = /^[a-h][1-8][a-h][1-8][nbrq]?$/;

let engine;
if (lib === 'chessops') {
  const { Chess } = await import('chessops/chess');
  const { parseFen, makeFen } = await import('chessops/fen');
  const { parseSan, makeSan } = await import('chessops/san');
  const { parseUci, makeUci, makeSquare } = await import('chessops/util');
  const load = (fen, moves) => {
    const pos = Chess.fromSetup(parseFen(fen || START).unwrap()).unwrap();
    for (const m of moves || []) {
      const mv = UCI.test(m) ? parseUci(m) : parseSan(pos, m);
      if (!mv || !pos.isLegal(mv)) throw new Error('illegal move in moves: ' + m);
      pos.play(mv);
    }
    return pos;
  };
  const status = (pos) => (pos.isCheckmate() ? 'checkmate' : pos.isStalemate() ? 'stalemate' : 'ongoing');
  engine = {
    move(body) {
      const pos = load(body.fen, body.moves);
      const mv = UCI.test(body.move) ? parseUci(body.move) : parseSan(pos, body.move);
      if (!mv || !pos.isLegal(mv)) return { move: body.move, legal: false, reasons: [] };
      const san = makeSan(pos, mv);
      const uci = makeUci(mv);
      pos.play(mv);
      return { move: body.move, legal: true, uci, san, fen_after: makeFen(pos.toSetup()), status_after: status(pos),
               check_after: pos.isCheck() };
    },
    analyze(body) {
      const pos = load(body.fen, body.moves);
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
      return { fen: makeFen(pos.toSetup()), turn: pos.turn, check: pos.isCheck(), checkers, legal_moves: legal,
               status: status(pos) };
    },
  };
} else {
  const { Chess } = await import('chess.js');
  const play = (chess, m) => UCI.test(m) ? chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] })
                                         : chess.move(m);
  const load = (fen, moves) => {
    const chess = new Chess(fen || START);
    for (const m of moves || []) play(chess, m);
    return chess;
  };
  const status = (c) => (c.isCheckmate() ? 'checkmate' : c.isStalemate() ? 'stalemate' : 'ongoing');
  engine = {
    move(body) {
      const chess = load(body.fen, body.moves);
      let mv;
      try { mv = play(chess, body.move); } catch { mv = null; }
      if (!mv) return { move: body.move, legal: false, reasons: [] };
      return { move: body.move, legal: true, uci: mv.from + mv.to + (mv.promotion || ''), san: mv.san,
               fen_after: chess.fen(), status_after: status(chess), check_after: chess.inCheck() };
    },
    analyze(body) {
      const chess = load(body.fen, body.moves);
      const legal = chess.moves({ verbose: true }).map((m) => ({ uci: m.from + m.to + (m.promotion || ''), san: m.san }));
      return { fen: chess.fen(), turn: chess.turn() === 'w' ? 'white' : 'black', check: chess.inCheck(),
               legal_moves: legal, status: status(chess) };
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
