import { Client } from '@modelcontextprotocol/client';
import type { Transport, LoggingMessageNotification } from '@modelcontextprotocol/client';

/** The passthrough tests' client: what it heard, and what it was asked to answer. */
export interface Session {
  client: Client;
  logs: LoggingMessageNotification['params'][];
  updated: string[];
  sampled: string[];
  elicited: string[];
}

export const ROOT_URI = 'file:///work/passthrough-root';

/** A client that can answer sampling (with "yes"), a form (accepted) and roots, and keeps the log messages and resource updates it hears. */
export async function connect(transport: Transport, closers: (() => Promise<void>)[]): Promise<Session> {
  const client = new Client({ name: 'passthrough-test', version: '1.0.0' }, { capabilities: { sampling: {}, elicitation: {}, roots: {} } });
  const session: Session = { client, logs: [], updated: [], sampled: [], elicited: [] };
  client.setRequestHandler('sampling/createMessage', async (request) => {
    const first = request.params.messages[0]?.content;
    session.sampled.push(first && 'text' in first ? String(first.text) : '');
    return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'yes' } };
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    session.elicited.push(request.params.message);
    return { action: 'accept', content: { ok: true } };
  });
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: ROOT_URI, name: 'the test' }] }));
  client.setNotificationHandler('notifications/message', async (n) => {
    session.logs.push(n.params);
  });
  client.setNotificationHandler('notifications/resources/updated', async (n) => {
    session.updated.push(n.params.uri);
  });
  await client.connect(transport);
  closers.push(() => client.close());
  return session;
}
