import { z } from 'zod';
import { type BakeoffMessage, DEFAULT_RETRY, EndpointError, jsonEndpoint, type ModelEndpoint, type RetryPolicy } from './endpoint';

const count = z.number().int().nonnegative();

/** A chat completion as the API documents it; servers that leave fields out send null as often as nothing. */
const chatAnswerSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z
          .object({
            content: z.string().nullish(),
            tool_calls: z
              .array(z.object({ id: z.string().nullish(), function: z.object({ name: z.string().nullish(), arguments: z.string().nullish() }).nullish() }))
              .nullish(),
          })
          .nullish(),
      }),
    )
    .nullish(),
  usage: z
    .object({
      prompt_tokens: count.nullish(),
      completion_tokens: count.nullish(),
      prompt_tokens_details: z.object({ cached_tokens: count.nullish() }).nullish(),
    })
    .nullish(),
});
type ChatAnswer = z.infer<typeof chatAnswerSchema>;

/**
 * `POST …/chat/completions` with function tools. `url` is the API's base (`https://api.openai.com/v1`,
 * `http://localhost:11434/v1`) or the full completions URL (Azure's, with its `api-version`).
 */
export function openAiChat(url: string, apiKey: string | undefined, retry: RetryPolicy = DEFAULT_RETRY): ModelEndpoint {
  const target = /\/chat\/completions(\?|$)/.test(url) ? url : `${url.replace(/\/+$/, '')}/chat/completions`;
  return jsonEndpoint<ChatAnswer>({
    target,
    headers: authHeaders(target, apiKey),
    retry,
    answer: chatAnswerSchema,
    body: (request) => ({
      model: request.model,
      messages: request.messages.map(toChatMessage),
      ...(request.tools.length > 0
        ? { tools: request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })) }
        : {}),
    }),
    completion(answer) {
      const message = answer.choices?.[0]?.message;
      if (!message) throw new EndpointError(200, 'the answer has no choices[0].message');
      const toolCalls = (message.tool_calls ?? []).map((call, i) => ({
        id: call.id ?? `call_${i}`,
        name: call.function?.name ?? '',
        arguments: call.function?.arguments ?? '',
      }));
      const usage = answer.usage ?? {};
      return {
        text: message.content ?? null,
        toolCalls,
        inputTokens: usage.prompt_tokens ?? 0,
        ...(typeof usage.prompt_tokens_details?.cached_tokens === 'number' ? { cachedTokens: usage.prompt_tokens_details.cached_tokens } : {}),
        outputTokens: usage.completion_tokens ?? 0,
      };
    },
  });
}

/** Azure takes its key in `api-key`; every other endpoint as a bearer token; a local one may need none. */
export function authHeaders(url: string, apiKey: string | undefined): Record<string, string> {
  if (!apiKey) return {};
  return new URL(url).hostname.endsWith('.openai.azure.com') ? { 'api-key': apiKey } : { authorization: `Bearer ${apiKey}` };
}

function toChatMessage(message: BakeoffMessage): Record<string, unknown> {
  if (message.role === 'tool') return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
  if (message.role === 'user') return { role: 'user', content: message.content };
  return {
    role: 'assistant',
    content: message.content,
    ...(message.toolCalls.length > 0
      ? { tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } })) }
      : {}),
  };
}
