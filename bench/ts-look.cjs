#!/usr/bin/env node
// Where a screenshot's time goes through the MCP TypeScript SDK, against a running Deskhand:
//   NODE_PATH=~/.cache/deskhand-bench/node/node_modules node bench/ts-look.cjs [URL] [CALLS] [WARM]
// (bench/run installs the SDK there). Warms up with WARM cursor_position calls (default 1500), then
// takes CALLS looks (default 300) through the SDK's callTool, and as many through a plain fetch of
// the same request split into its parts (response headers, body, JSON.parse, the SDK's
// CallToolResult schema), 60 ms apart, and prints each part's median in ms. The scene is yours:
// docs/performance.md ("A terminal that scrolls") says which one its numbers came from.
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StreamableHTTPClientTransport } = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
const { CallToolResultSchema } = require('@modelcontextprotocol/sdk/types.js');

const url = new URL(process.argv[2] || 'http://127.0.0.1:8080/mcp');
const calls = Number(process.argv[3] || 300);
const warm = Number(process.argv[4] || 1500);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)].toFixed(2);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
	const transport = new StreamableHTTPClientTransport(url);
	const client = new Client({ name: 'deskhand-ts-look', version: '1.0.0' });
	await client.connect(transport);
	const floor = [];
	for (let i = 0; i < warm; i++) {
		const start = performance.now();
		await client.callTool({ name: 'cursor_position', arguments: {} });
		floor.push(performance.now() - start);
	}
	const sdk = [];
	for (let i = 0; i < calls; i++) {
		await pause(60);
		const start = performance.now();
		const result = await client.callTool({ name: 'screenshot', arguments: {} });
		sdk.push(performance.now() - start);
		if (result.isError) throw new Error(JSON.stringify(result.content));
	}
	const headers = {
		'content-type': 'application/json',
		accept: 'application/json, text/event-stream',
		'mcp-session-id': transport.sessionId,
		'mcp-protocol-version': transport.protocolVersion || '2025-11-25',
	};
	const parts = { headers: [], body: [], parse: [], schema: [], total: [] };
	let bytes = 0;
	for (let i = 0; i < calls; i++) {
		await pause(60);
		const body = JSON.stringify({ jsonrpc: '2.0', id: 'look-' + i, method: 'tools/call',
			params: { name: 'screenshot', arguments: {} } });
		const start = performance.now();
		const response = await fetch(url, { method: 'POST', headers, body });
		const answered = performance.now();
		const text = await response.text();
		const read = performance.now();
		const message = JSON.parse(text);
		const parsed = performance.now();
		CallToolResultSchema.parse(message.result);
		const checked = performance.now();
		parts.headers.push(answered - start);
		parts.body.push(read - answered);
		parts.parse.push(parsed - read);
		parts.schema.push(checked - parsed);
		parts.total.push(checked - start);
		bytes = text.length;
	}
	console.log(`cursor_position through the SDK (last ${Math.min(warm, 300)} of ${warm}): ${median(floor.slice(-300))}`);
	console.log(`screenshot through the SDK's callTool: ${median(sdk)}`);
	console.log(`screenshot by fetch: headers ${median(parts.headers)}, body ${median(parts.body)}, `
		+ `JSON.parse ${median(parts.parse)}, schema ${median(parts.schema)}, total ${median(parts.total)}; `
		+ `${bytes} bytes`);
	await client.close();
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
