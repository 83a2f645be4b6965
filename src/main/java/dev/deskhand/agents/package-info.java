/**
 * Agent loops that do not speak MCP: the OpenAI, Gemini and Anthropic computer-use
 * vocabularies translated onto Deskhand's own validated actions.
 */
package dev.deskhand.agents;
