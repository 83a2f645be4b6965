// One tool call in a session of its own, as the MCP Inspector's CLI makes it: initialize, one
// tools/call, exit. Deskhand frees the input lease of a session whose client is gone, so the
// next one-shot call is not E_BUSY (docs/approvals.md, "The input lease").
//
//   DESKHAND_URL=http://127.0.0.1:8080/mcp DESKHAND_TOOL=left_click \
//     DESKHAND_ARGUMENTS='{"coordinate":[640,360]}' node one-shot.mjs
//
// Prints the call's text and exits 0 when it ran, 1 when it answered an error. The SDK opens the
// GET /mcp stream after initialize; this waits until it has asked for it, so the call is made by
// a client that holds a stream, as most do. DESKHAND_DELETE=true ends the session (DELETE /mcp) before
// exiting; without it the session is left to end by itself, as the Inspector leaves it.
// DESKHAND_TOKEN is one of deskhand.security.agent-tokens; leave it unset when none are configured.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const url = new URL(process.env.DESKHAND_URL ?? 'http://127.0.0.1:8080/mcp');
const token = process.env.DESKHAND_TOKEN;
const headers = token ? { Authorization: `Bearer ${token}` } : {};

// Deskhand sends the stream's head with its first event, so the request is what can be seen.
let streamRequested;
const streamRequest = new Promise((resolve) => { streamRequested = resolve; });
function watchingFetch(input, init) {
  if ((init?.method ?? 'GET') === 'GET') {
    streamRequested();
  }
  return fetch(input, init);
}

const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: watchingFetch });
const client = new Client({ name: 'deskhand-one-shot', version: '1.0.0' });
await client.connect(transport);
const stream = await Promise.race([streamRequest.then(() => 'requested'),
  new Promise((resolve) => setTimeout(() => resolve('not requested'), 5000))]);
// time for the request to reach the server before the call
await new Promise((resolve) => setTimeout(resolve, 300));
console.log(`session ${transport.sessionId}, GET /mcp stream ${stream}`);
const result = await client.callTool({
  name: process.env.DESKHAND_TOOL ?? 'cursor_position',
  arguments: JSON.parse(process.env.DESKHAND_ARGUMENTS ?? '{}'),
});
const text = result.content.filter((block) => block.type === 'text').map((block) => block.text).join('\n');
console.log(`${result.isError ? 'error' : 'result'}: ${text}`);
if (process.env.DESKHAND_DELETE === 'true') {
  await transport.terminateSession();
  console.log('session ended (DELETE /mcp)');
}
process.exit(result.isError ? 1 : 0);
