import { DEMO_SERVERS } from '@/lib/demo/catalogs';
import type { CatalogTool } from '@/lib/schemas/catalog';

type Param = [type: 'string' | 'number' | 'boolean' | 'array' | 'object', description: string, required?: 'required'];

/** A tool as servers write them: a description, typed parameters each with its own description, the required ones listed. */
function t(name: string, description: string, params: Record<string, Param> = {}): CatalogTool {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, [type, text, req]] of Object.entries(params)) {
    properties[key] = type === 'array' ? { type, items: { type: 'string' }, description: text } : { type, description: text };
    if (req) required.push(key);
  }
  return { name, description, inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) } };
}

const id = (what: string): Param => [`string`, `The ${what} id`, 'required'];
const limit: Param = ['number', 'Most results to return (default 20, at most 100)'];
const cursor: Param = ['string', 'Cursor from the previous page'];

/** Long on purpose: real database servers describe their dialect and safety rules in the description, past Claude Code's 2,048 characters. */
const QUERY_DESCRIPTION = [
  'Run one read-only SQL statement against the connected PostgreSQL database and return the rows as JSON.',
  'The statement runs inside a READ ONLY transaction with statement_timeout set to 30 seconds and is rolled back afterwards, so INSERT, UPDATE, DELETE, DDL and COPY fail with an error.',
  'Use standard PostgreSQL syntax (version 16): CTEs, window functions, JSON operators (->, ->>, @>), LATERAL joins and FILTER clauses all work.',
  'Quote identifiers that hold capitals or spaces with double quotes. Prefer explicit column lists to SELECT *, since wide tables are cut at 200 columns.',
  'At most 1,000 rows are returned; add LIMIT and ORDER BY to get a stable page, and use OFFSET or a keyset condition for the next one.',
  'Parameters: pass values through the params array ($1, $2, …) rather than splicing them into the text; numbers, strings, booleans and null are accepted.',
  'Large values are cut: text over 10,000 characters and bytea values are replaced by a note giving their length.',
  'Timestamps come back in ISO 8601 with the session time zone (UTC); numeric values keep their precision as strings.',
  'Before querying an unfamiliar schema, call list_tables and describe_table: guessing column names wastes a round trip and the error text names only the first missing column.',
  'Errors come back as the server reported them, with the SQLSTATE code, the position in the statement and the hint when PostgreSQL gives one.',
  'For EXPLAIN use the explain_query tool instead, which also reads the plan for you; for counts over very large tables prefer the estimate from table_stats.',
  'Do not use this tool to poll: each call opens a connection from a pool of five shared with every other client of this server.',
  "Examples: SELECT id, email FROM users WHERE created_at > now() - interval '7 days' ORDER BY created_at DESC LIMIT 50; WITH t AS (SELECT team_id, count(*) n FROM members GROUP BY 1) SELECT * FROM t WHERE n > 10.",
  'Statements that reference pg_catalog or information_schema are allowed; statements that call functions marked VOLATILE are refused by the read-only transaction.',
].join(' ');

/** Seven more servers, written as real ones are: chat, a database, errors, issues, documents, a cluster and payments. */
export const SEVEN_SERVERS: { server: string; tools: CatalogTool[] }[] = [
  {
    server: 'slack',
    tools: [
      t('list_channels', 'List public channels in the workspace, most active first.', { limit, cursor }),
      t('post_message', 'Post a message to a channel or a thread.', {
        channel_id: id('channel'),
        text: ['string', 'Message text (mrkdwn)', 'required'],
        thread_ts: ['string', 'Reply in this thread'],
      }),
      t('reply_to_thread', 'Reply to a message thread.', {
        channel_id: id('channel'),
        thread_ts: ['string', 'Timestamp of the parent message', 'required'],
        text: ['string', 'Reply text', 'required'],
      }),
      t('add_reaction', 'Add an emoji reaction to a message.', {
        channel_id: id('channel'),
        timestamp: ['string', 'Message timestamp', 'required'],
        reaction: ['string', 'Emoji name without colons', 'required'],
      }),
      t('get_channel_history', 'Recent messages of a channel, newest first.', { channel_id: id('channel'), limit }),
      t('get_thread_replies', 'Every reply in a thread.', { channel_id: id('channel'), thread_ts: ['string', 'Timestamp of the parent message', 'required'] }),
      t('get_users', 'List the workspace members with their profiles.', { limit, cursor }),
      t('get_user_profile', 'One member’s profile: name, title, time zone, status.', { user_id: id('user') }),
      t('search_messages', 'Search messages the token can read.', { query: ['string', 'Slack search syntax, e.g. in:#dev from:@ana', 'required'], limit }),
      t('create_channel', 'Create a channel.', { name: ['string', 'Lower case, no spaces', 'required'], is_private: ['boolean', 'Private channel'] }),
      t('set_channel_topic', 'Set the topic of a channel.', { channel_id: id('channel'), topic: ['string', 'New topic', 'required'] }),
      t('upload_file', 'Share a file in a channel.', {
        channel_id: id('channel'),
        filename: ['string', 'File name', 'required'],
        content: ['string', 'File content', 'required'],
      }),
    ],
  },
  {
    server: 'postgres',
    tools: [
      t('query', QUERY_DESCRIPTION, { sql: ['string', 'One SQL statement', 'required'], params: ['array', 'Values for $1, $2, …'] }),
      t('list_schemas', 'List the schemas of the database.'),
      t('list_tables', 'List the tables of a schema with their row estimates.', { schema: ['string', 'Schema name (default public)'] }),
      t('describe_table', 'Columns, types, defaults, constraints and indexes of a table.', { table: ['string', 'schema.table or table', 'required'] }),
      t('explain_query', 'EXPLAIN (ANALYZE off) a statement and summarise the plan.', { sql: ['string', 'The statement', 'required'] }),
      t('table_stats', 'Size on disk, estimated rows, dead tuples and last vacuum of a table.', { table: ['string', 'schema.table or table', 'required'] }),
      t('list_indexes', 'Indexes of a table with their size and scans.', { table: ['string', 'schema.table or table', 'required'] }),
      t('active_queries', 'Statements running now (pg_stat_activity), longest first.', { limit }),
    ],
  },
  {
    server: 'sentry',
    tools: [
      t('list_projects', 'Projects of the organisation.', { limit }),
      t('list_issues', 'Unresolved issues of a project, most frequent first.', {
        project: ['string', 'Project slug', 'required'],
        query: ['string', 'Sentry search, e.g. is:unresolved level:error'],
        limit,
      }),
      t('get_issue', 'One issue with its latest event and tags.', { issue_id: id('issue') }),
      t('get_event', 'One event with its stack trace and breadcrumbs.', { event_id: id('event'), project: ['string', 'Project slug', 'required'] }),
      t('resolve_issue', 'Mark an issue resolved, optionally in the next release.', {
        issue_id: id('issue'),
        in_next_release: ['boolean', 'Resolve in the next release'],
      }),
      t('assign_issue', 'Assign an issue to a member or a team.', { issue_id: id('issue'), assignee: ['string', 'user:ID or team:slug', 'required'] }),
      t('list_releases', 'Releases of a project, newest first.', { project: ['string', 'Project slug', 'required'], limit }),
      t('get_release_health', 'Crash-free sessions and users of a release.', {
        project: ['string', 'Project slug', 'required'],
        version: ['string', 'Release version', 'required'],
      }),
      t('search_events', 'Search events with Discover query syntax.', {
        query: ['string', 'Discover query', 'required'],
        fields: ['array', 'Fields to return'],
        limit,
      }),
      t('list_alerts', 'Alert rules of a project.', { project: ['string', 'Project slug', 'required'] }),
      t('get_performance_summary', 'p50, p95 and throughput of a transaction.', {
        project: ['string', 'Project slug', 'required'],
        transaction: ['string', 'Transaction name', 'required'],
      }),
      t('add_issue_comment', 'Comment on an issue.', { issue_id: id('issue'), text: ['string', 'Comment (markdown)', 'required'] }),
    ],
  },
  {
    server: 'linear',
    tools: [
      t('list_teams', 'Teams of the workspace.'),
      t('list_issues', 'Issues matching a filter, most recently updated first.', {
        team: ['string', 'Team key'],
        state: ['string', 'Workflow state name'],
        assignee: ['string', 'User id or "me"'],
        limit,
        cursor,
      }),
      t('get_issue', 'One issue with its description, comments and relations.', { issue_id: ['string', 'Issue id or key such as ENG-123', 'required'] }),
      t('create_issue', 'Create an issue in a team.', {
        team: ['string', 'Team key', 'required'],
        title: ['string', 'Title', 'required'],
        description: ['string', 'Markdown'],
        priority: ['number', '0 none … 4 low'],
        labels: ['array', 'Label names'],
      }),
      t('update_issue', 'Change an issue’s title, description, state, priority, assignee or labels.', {
        issue_id: ['string', 'Issue id or key', 'required'],
        title: ['string', 'Title'],
        state: ['string', 'Workflow state name'],
        assignee: ['string', 'User id'],
        priority: ['number', 'Priority'],
      }),
      t('add_comment', 'Comment on an issue.', { issue_id: ['string', 'Issue id or key', 'required'], body: ['string', 'Markdown', 'required'] }),
      t('list_projects', 'Projects with their progress and target dates.', { team: ['string', 'Team key'], limit }),
      t('get_project', 'One project with its milestones and issues.', { project_id: id('project') }),
      t('list_cycles', 'Cycles of a team, current first.', { team: ['string', 'Team key', 'required'] }),
      t('list_labels', 'Labels of a team.', { team: ['string', 'Team key'] }),
      t('list_users', 'Members of the workspace.', { limit }),
      t('search_issues', 'Full-text search over issues.', { query: ['string', 'Search text', 'required'], limit }),
      t('link_issues', 'Relate two issues: blocks, duplicates or related.', {
        issue_id: ['string', 'Issue id or key', 'required'],
        related_id: ['string', 'Other issue', 'required'],
        type: ['string', 'blocks, duplicate or related', 'required'],
      }),
      t('archive_issue', 'Archive an issue.', { issue_id: ['string', 'Issue id or key', 'required'] }),
    ],
  },
  {
    server: 'notion',
    tools: [
      t('search', 'Search pages and databases shared with the integration.', {
        query: ['string', 'Search text', 'required'],
        filter: ['string', 'page or database'],
      }),
      t('get_page', 'A page’s properties.', { page_id: id('page') }),
      t('get_page_content', 'A page’s blocks as markdown.', { page_id: id('page') }),
      t('create_page', 'Create a page under a page or in a database.', {
        parent_id: id('parent page or database'),
        title: ['string', 'Title', 'required'],
        content: ['string', 'Markdown body'],
      }),
      t('update_page', 'Change a page’s properties.', { page_id: id('page'), properties: ['object', 'Property values by name', 'required'] }),
      t('append_blocks', 'Append markdown to a page.', { page_id: id('page'), content: ['string', 'Markdown', 'required'] }),
      t('query_database', 'Rows of a database matching a filter.', {
        database_id: id('database'),
        filter: ['object', 'Notion filter object'],
        sorts: ['array', 'Property names, - for descending'],
        limit,
      }),
      t('get_database', 'A database’s schema.', { database_id: id('database') }),
      t('create_database', 'Create a database under a page.', {
        parent_id: id('parent page'),
        title: ['string', 'Title', 'required'],
        properties: ['object', 'Property schema', 'required'],
      }),
      t('list_comments', 'Comments on a page or block.', { block_id: id('page or block') }),
      t('add_comment', 'Comment on a page.', { page_id: id('page'), text: ['string', 'Comment', 'required'] }),
      t('list_users', 'Members of the workspace.'),
    ],
  },
  {
    server: 'kubernetes',
    tools: [
      t('list_namespaces', 'Namespaces of the current context.'),
      t('list_pods', 'Pods of a namespace with their phase and restarts.', {
        namespace: ['string', 'Namespace (default: default)'],
        selector: ['string', 'Label selector'],
      }),
      t('get_pod', 'One pod’s spec and status.', { namespace: ['string', 'Namespace', 'required'], name: ['string', 'Pod name', 'required'] }),
      t('get_pod_logs', 'Logs of a pod’s container.', {
        namespace: ['string', 'Namespace', 'required'],
        name: ['string', 'Pod name', 'required'],
        container: ['string', 'Container'],
        tail: ['number', 'Last N lines'],
      }),
      t('describe_resource', 'kubectl describe of any resource.', {
        kind: ['string', 'Resource kind', 'required'],
        name: ['string', 'Name', 'required'],
        namespace: ['string', 'Namespace'],
      }),
      t('list_deployments', 'Deployments with ready and desired replicas.', { namespace: ['string', 'Namespace'] }),
      t('scale_deployment', 'Set a deployment’s replicas.', {
        namespace: ['string', 'Namespace', 'required'],
        name: ['string', 'Deployment', 'required'],
        replicas: ['number', 'Replicas', 'required'],
      }),
      t('rollout_restart', 'Restart a deployment’s pods one by one.', {
        namespace: ['string', 'Namespace', 'required'],
        name: ['string', 'Deployment', 'required'],
      }),
      t('rollout_status', 'Progress of a deployment’s rollout.', {
        namespace: ['string', 'Namespace', 'required'],
        name: ['string', 'Deployment', 'required'],
      }),
      t('list_services', 'Services with their ports and endpoints.', { namespace: ['string', 'Namespace'] }),
      t('list_events', 'Recent events of a namespace, warnings first.', { namespace: ['string', 'Namespace'], limit }),
      t('apply_manifest', 'Apply a YAML manifest (server-side apply).', { manifest: ['string', 'YAML', 'required'], dry_run: ['boolean', 'Validate only'] }),
      t('delete_resource', 'Delete a resource.', {
        kind: ['string', 'Resource kind', 'required'],
        name: ['string', 'Name', 'required'],
        namespace: ['string', 'Namespace'],
      }),
      t('exec_in_pod', 'Run a command in a pod’s container and return its output.', {
        namespace: ['string', 'Namespace', 'required'],
        name: ['string', 'Pod name', 'required'],
        command: ['array', 'Command and arguments', 'required'],
      }),
    ],
  },
  {
    server: 'stripe',
    tools: [
      t('list_customers', 'Customers, newest first.', { email: ['string', 'Filter by email'], limit }),
      t('create_customer', 'Create a customer.', { email: ['string', 'Email', 'required'], name: ['string', 'Name'] }),
      t('get_customer', 'One customer with their default payment method.', { customer_id: id('customer') }),
      t('list_payment_intents', 'Payment intents of a customer or of the account.', { customer_id: ['string', 'Customer id'], limit }),
      t('create_payment_link', 'A payment link for a price.', { price_id: id('price'), quantity: ['number', 'Quantity'] }),
      t('list_products', 'Products of the account.', { active: ['boolean', 'Only active ones'], limit }),
      t('create_product', 'Create a product.', { name: ['string', 'Name', 'required'], description: ['string', 'Description'] }),
      t('create_price', 'Create a price for a product.', {
        product_id: id('product'),
        unit_amount: ['number', 'Amount in the smallest unit', 'required'],
        currency: ['string', 'ISO currency code', 'required'],
        recurring: ['string', 'month or year'],
      }),
      t('list_subscriptions', 'Subscriptions of a customer or of the account.', {
        customer_id: ['string', 'Customer id'],
        status: ['string', 'active, past_due, canceled …'],
        limit,
      }),
      t('cancel_subscription', 'Cancel a subscription now or at period end.', {
        subscription_id: id('subscription'),
        at_period_end: ['boolean', 'Cancel at the end of the period'],
      }),
      t('create_refund', 'Refund a payment intent, in full or in part.', { payment_intent_id: id('payment intent'), amount: ['number', 'Amount to refund'] }),
      t('list_invoices', 'Invoices of a customer.', { customer_id: ['string', 'Customer id'], limit }),
      t('create_invoice', 'Draft an invoice for a customer’s pending items.', { customer_id: id('customer') }),
      t('retrieve_balance', 'The account’s available and pending balance.'),
    ],
  },
];

/** The five real catalogs and the seven above: 157 tools, one description past 2,048 characters (postgres/query). */
export const TWELVE_SERVERS = [...DEMO_SERVERS.map((s) => ({ server: s.server, tools: s.tools })), ...SEVEN_SERVERS];
