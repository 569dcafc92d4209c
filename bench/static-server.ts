import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The baseline: a bare node:http process serving the bytes of the file `argv[2]` as HTML to every request, as the
 * app answers a client that asks for no compression. Prints its port.
 */
const html = readFileSync(process.argv[2] as string);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': html.length });
  res.end(html);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
