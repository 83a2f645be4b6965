#!/usr/bin/env python3
"""Latency of a running Deskhand through a plain blocking HTTP/1.1 MCP client (Python's http.client).

    bench/probe.py [--port 8080] [--calls 3000] [--token TOKEN]

Runs, one after the other on one kept-alive connection, `--calls` calls each of ping,
cursor_position, mouse_move, left_click (at image point 300,300: point it somewhere harmless)
and screenshot, and prints each one's median and minimum in ms. Input needs the pointer policy
`allow` (or an approval). The first calls warm the server's JIT, so use a few thousand: the
medians are then what a client of a long-running server sees, with no benchmark harness sharing
the machine. docs/performance.md compares them with the benchmark's numbers.
"""
import argparse
import http.client
import json
import statistics
import time

parser = argparse.ArgumentParser()
parser.add_argument("--port", type=int, default=8080)
parser.add_argument("--calls", type=int, default=3000)
parser.add_argument("--token")
args = parser.parse_args()

connection = http.client.HTTPConnection("127.0.0.1", args.port)
headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
if args.token:
    headers["Authorization"] = "Bearer " + args.token
ids = iter(range(1, 1 << 62))


def post(body, session=None):
    sent = dict(headers)
    if session:
        sent["Mcp-Session-Id"] = session
        sent["MCP-Protocol-Version"] = "2025-06-18"
    if "method" in body and not body["method"].startswith("notifications/"):
        body["id"] = next(ids)
    connection.request("POST", "/mcp", json.dumps(body), sent)
    response = connection.getresponse()
    data = response.read()
    if response.status >= 300:
        raise SystemExit(f"{body.get('method')}: HTTP {response.status} {data[:200]!r}")
    return response, data


response, _ = post({"jsonrpc": "2.0", "method": "initialize", "params": {
    "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "deskhand-probe", "version": "1"}}})
session = response.getheader("Mcp-Session-Id")
post({"jsonrpc": "2.0", "method": "notifications/initialized"}, session)


def measure(name, method, params=None):
    times = []
    for _ in range(args.calls):
        start = time.perf_counter()
        _, data = post({"jsonrpc": "2.0", "method": method, "params": params or {}}, session)
        times.append((time.perf_counter() - start) * 1000)
        if b'"isError":true' in data:
            raise SystemExit(f"{name} failed: {data[:300]!r}")
    print(f"{name:16s} p50 {statistics.median(times):7.2f} ms   min {min(times):7.2f} ms   ({len(data):,} bytes)")


def tool(name, arguments):
    return {"name": name, "arguments": arguments}


measure("ping", "ping")
measure("cursor_position", "tools/call", tool("cursor_position", {}))
measure("mouse_move", "tools/call", tool("mouse_move", {"coordinate": [300, 300]}))
measure("left_click", "tools/call", tool("left_click", {"coordinate": [300, 300]}))
measure("screenshot", "tools/call", tool("screenshot", {}))
