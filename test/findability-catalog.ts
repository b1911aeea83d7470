import type { CatalogTool } from '@/lib/schemas/catalog';

/**
 * A server with a planted pair of near-duplicate tools (`update` and `update_v2`, described
 * almost alike) beside tools that are each described in words of their own.
 */
export const PLANTED_SERVER = 'records';

const id = { id: { type: 'string', description: 'The record id.' } };

export const PLANTED_TOOLS: CatalogTool[] = [
  {
    name: 'update',
    description: "Update a record's fields in the records store. Takes the record id and the fields to change.",
    inputSchema: { type: 'object', properties: { ...id, fields: { type: 'object' } } },
  },
  {
    name: 'update_v2',
    description: "Update a record's fields in the records store. Takes the record id and the new field values.",
    inputSchema: { type: 'object', properties: { ...id, fields: { type: 'object' } } },
  },
  {
    name: 'send_email',
    description: 'Send an email message to a recipient, with a subject and a body.',
    inputSchema: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } } },
  },
  {
    name: 'list_records',
    description: 'List stored entries, newest first, one page at a time.',
    inputSchema: { type: 'object', properties: { page: { type: 'number' } } },
  },
  {
    name: 'delete_record',
    description: 'Delete one entry by its id; this cannot be undone.',
    inputSchema: { type: 'object', properties: id },
  },
  {
    name: 'export_csv',
    description: 'Export every entry as a CSV file for spreadsheets.',
    inputSchema: { type: 'object', properties: {} },
  },
];

/** A test query that finds its tool, and one whose words the tool's description lacks. */
export const PLANTED_TEST_QUERIES = [
  { query: 'send a message to a customer', tool: `${PLANTED_SERVER}/send_email` },
  { query: 'archive old entries', tool: `${PLANTED_SERVER}/delete_record` },
];
