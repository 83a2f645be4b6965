// What each tool of a tools/list answer costs a model: name, description and input schema as a
// model reads them, counted with the Claude tokenizer (@anthropic-ai/tokenizer, the published
// one; newer models tokenize differently) and with o200k (js-tiktoken). Usage, see docs/tools.md:
//   npm install --prefix bench/tool-tokens && node bench/tool-tokens/count.mjs tools-list.json
import fs from 'fs';
import { countTokens } from '@anthropic-ai/tokenizer';
import { getEncoding } from 'js-tiktoken';
const o200k = getEncoding('o200k_base');
const listed = JSON.parse(fs.readFileSync(process.argv[2]));
const tools = listed.result ? listed.result.tools : listed.tools; // a JSON-RPC answer, or the Inspector's
let rows = [], tc = 0, to = 0, chars = 0;
for (const t of tools) {
  const model = JSON.stringify({ name: t.name, description: t.description, input_schema: t.inputSchema });
  const c = countTokens(model), o = o200k.encode(model).length;
  rows.push([t.name, c, o, t.description.length]); tc += c; to += o; chars += model.length;
}
rows.sort((a, b) => b[1] - a[1]);
for (const r of rows) console.log(r.join('\t'));
console.log(`tools ${tools.length}; model-facing chars ${chars}; claude-tokenizer ${tc}; o200k ${to}`);
const full = fs.readFileSync(process.argv[2], 'utf8');
console.log(`whole tools/list JSON: ${full.length} chars, o200k ${o200k.encode(full).length}`);
