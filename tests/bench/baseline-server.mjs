// The bench's baseline: a bare node:http server that answers every request with one fixed body
// (the shop's own page or JSON, fetched just before), nothing else. Prints its port.
// node tests/bench/baseline-server.mjs <file> <content-type>
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [file, type] = process.argv.slice(2);
const body = readFileSync(file);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  });
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => console.log(`port ${server.address().port}`));
process.on('SIGTERM', () => process.exit(0));
