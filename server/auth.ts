import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** With a token configured, MCP requests need `Authorization: Bearer <token>`. Returns true when it answered 401. */
export function rejectUnauthorized(req: IncomingMessage, res: ServerResponse, token: string | undefined): boolean {
  if (!token) return false;
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const given = Buffer.from(match?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  if (given.length === expected.length && timingSafeEqual(given, expected)) return false;
  res.writeHead(401, {
    'Content-Type': 'application/json',
    'WWW-Authenticate': 'Bearer realm="taskdeck-demo"',
  });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32001, message: match ? 'Invalid bearer token' : 'Missing bearer token: send Authorization: Bearer <token>' },
      id: null,
    }),
  );
  return true;
}
