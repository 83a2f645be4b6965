// Deskhand from the MCP TypeScript SDK: connects over Streamable HTTP (or legacy SSE), lists the
// tools, takes a screenshot and checks its image block and structured result, waits a second
// with progress reported, and asks for the pointer position. Over Streamable HTTP it also prints
// how each request was answered: one JSON body, or an event stream (Deskhand streams when a
// request asks for progress).
//
//   npm install
//   DESKHAND_URL=http://127.0.0.1:8080/mcp DESKHAND_TOKEN=... node deskhand-client.mjs
//
// DESKHAND_TOKEN is one of deskhand.security.agent-tokens; leave it unset when none are configured.
// DESKHAND_TRANSPORT=sse with DESKHAND_URL=http://127.0.0.1:8080/sse uses the legacy transport.
// Exits non-zero when anything is not as expected.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';

const url = new URL(process.env.DESKHAND_URL ?? 'http://127.0.0.1:8080/mcp');
const token = process.env.DESKHAND_TOKEN;
const headers = token ? { Authorization: `Bearer ${token}` } : {};

// The Content-Type of each answer to a POST, in order (Streamable HTTP only).
const answers = [];
async function recordingFetch(input, init) {
  const response = await fetch(input, init);
  if (init?.method === 'POST' && response.status === 200) {
    answers.push(response.headers.get('content-type') ?? '');
  }
  return response;
}

function transport() {
  if (process.env.DESKHAND_TRANSPORT === 'sse') {
    // The SSE stream is a GET made through fetch: the header must be added there as well.
    return new SSEClientTransport(url, {
      requestInit: { headers },
      eventSourceInit: { fetch: (input, init) => fetch(input, { ...init, headers: { ...init?.headers, ...headers } }) },
    });
  }
  return new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: recordingFetch });
}

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

function text(result) {
  return result.content.filter((block) => block.type === 'text').map((block) => block.text).join('\n');
}

/** Width and height from a PNG's IHDR chunk: proof the block is a real image, not just base64. */
function pngSize(base64) {
  const bytes = Buffer.from(base64, 'base64');
  check(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'not a PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), bytes: bytes.length };
}

const client = new Client({ name: 'deskhand-typescript-example', version: '1.0.0' });
try {
  await client.connect(transport());
  const server = client.getServerVersion();
  console.log(`connected to ${server.name} ${server.version} at ${url}`);

  const { tools } = await client.listTools();
  const names = tools.map((tool) => tool.name);
  console.log(`${names.length} tools: ${names.join(', ')}`);
  for (const expected of ['screenshot', 'cursor_position', 'left_click', 'type', 'key']) {
    check(names.includes(expected), `tool ${expected} missing`);
  }

  let answered = answers.length;
  const shot = await client.callTool({ name: 'screenshot', arguments: {} });
  const shotAnswer = answers[answered];
  check(!shot.isError, `screenshot failed: ${text(shot)}`);
  const image = shot.content.find((block) => block.type === 'image');
  check(image && image.mimeType === 'image/png', 'screenshot has no image/png block');
  const size = pngSize(image.data);
  console.log(`screenshot: ${size.width}x${size.height} PNG, ${size.bytes} bytes; ${text(shot)}`);
  // The SDK has already checked structuredContent against the tool's outputSchema (it throws if
  // it does not fit); it is the object of the text block, and it describes this very image.
  check(shot.structuredContent, 'screenshot has no structuredContent');
  check(shot.structuredContent.width === size.width && shot.structuredContent.height === size.height,
    `structuredContent ${JSON.stringify(shot.structuredContent)} is not the image's size`);
  check(tools.every((tool) => tool.icons?.[0]?.src?.startsWith('data:image/svg+xml')), 'a tool without an icon');

  // a progress callback makes the SDK send a progress token: the answer streams the progress
  const progress = [];
  answered = answers.length;
  const waited = await client.callTool({ name: 'wait', arguments: { duration: 1 } }, undefined, {
    onprogress: (notification) => progress.push(notification),
  });
  const waitAnswer = answers[answered];
  check(!waited.isError, `wait failed: ${text(waited)}`);
  check(progress.length > 0, 'wait reported no progress');
  console.log(`wait: ${progress.length} progress notifications; ${text(waited)}`);
  if (shotAnswer !== undefined) {
    console.log(`answers: screenshot as ${shotAnswer}, wait with progress as ${waitAnswer}`);
  }

  const position = await client.callTool({ name: 'cursor_position', arguments: {} });
  check(!position.isError, `cursor_position failed: ${text(position)}`);
  check(JSON.stringify(position.structuredContent) === JSON.stringify(JSON.parse(text(position))),
    'cursor_position: structuredContent is not its text');
  console.log(`cursor_position: ${text(position)}`);
}
finally {
  await client.close();
}
