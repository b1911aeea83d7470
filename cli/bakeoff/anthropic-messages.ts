import { z } from 'zod';
import { type BakeoffMessage, DEFAULT_RETRY, EndpointError, jsonEndpoint, type ModelEndpoint, type RetryPolicy } from './endpoint';

const ANTHROPIC_VERSION = '2023-06-01';
const MAX_TOKENS = 4_096;

type Block =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string };

const count = z.number().int().nonnegative();

/** A message as the API documents it: blocks of text and tool use, and the tokens counted. */
const messagesAnswerSchema = z.object({
  content: z
    .array(
      z.object({ type: z.string().nullish(), text: z.string().nullish(), id: z.string().nullish(), name: z.string().nullish(), input: z.unknown().optional() }),
    )
    .nullish(),
  usage: z
    .object({
      input_tokens: count.nullish(),
      output_tokens: count.nullish(),
      cache_read_input_tokens: count.nullish(),
      cache_creation_input_tokens: count.nullish(),
    })
    .nullish(),
});
type MessagesAnswer = z.infer<typeof messagesAnswerSchema>;

/** `POST …/v1/messages`. `url` is the API's base (`https://api.anthropic.com`) or the full messages URL. */
export function anthropicMessages(url: string, apiKey: string | undefined, retry: RetryPolicy = DEFAULT_RETRY): ModelEndpoint {
  return jsonEndpoint<MessagesAnswer>({
    target: /\/messages(\?|$)/.test(url) ? url : `${url.replace(/\/+$/, '')}/v1/messages`,
    headers: { 'anthropic-version': ANTHROPIC_VERSION, ...(apiKey ? { 'x-api-key': apiKey } : {}) },
    retry,
    answer: messagesAnswerSchema,
    body: (request) => ({
      model: request.model,
      max_tokens: MAX_TOKENS,
      messages: toMessages(request.messages),
      ...(request.tools.length > 0 ? { tools: request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema })) } : {}),
    }),
    completion(answer) {
      if (!Array.isArray(answer.content)) throw new EndpointError(200, 'the answer has no content');
      const text = answer.content.filter((b) => b.type === 'text').map((b) => b.text ?? '');
      const toolCalls = answer.content
        .filter((b) => b.type === 'tool_use')
        .map((b, i) => ({ id: b.id ?? `toolu_${i}`, name: b.name ?? '', arguments: JSON.stringify(b.input ?? {}) }));
      const usage = answer.usage ?? {};
      const cached = usage.cache_read_input_tokens;
      return {
        text: text.length > 0 ? text.join('') : null,
        toolCalls,
        // Anthropic counts cache reads and writes apart from input_tokens: all three were sent.
        inputTokens: (usage.input_tokens ?? 0) + (cached ?? 0) + (usage.cache_creation_input_tokens ?? 0),
        ...(typeof cached === 'number' ? { cachedTokens: cached } : {}),
        outputTokens: usage.output_tokens ?? 0,
      };
    },
  });
}

/** Tool results go back as one user message per model turn, as the messages API requires. */
function toMessages(messages: readonly BakeoffMessage[]): { role: 'user' | 'assistant'; content: string | Block[] }[] {
  const out: { role: 'user' | 'assistant'; content: string | Block[] }[] = [];
  for (const message of messages) {
    if (message.role === 'user') out.push({ role: 'user', content: message.content });
    else if (message.role === 'assistant') {
      const blocks: Block[] = message.content ? [{ type: 'text', text: message.content }] : [];
      for (const call of message.toolCalls) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: inputOf(call.arguments) });
      out.push({ role: 'assistant', content: blocks });
    } else {
      const result: Block = { type: 'tool_result', tool_use_id: message.toolCallId, content: message.content };
      const last = out.at(-1);
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((b) => b.type === 'tool_result')) last.content.push(result);
      else out.push({ role: 'user', content: [result] });
    }
  }
  return out;
}

function inputOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
