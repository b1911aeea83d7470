/**
 * The layers of docs/architecture.md, checked on every `npm run lint`: each layer may use only
 * the layers below it. Tests, test helpers and benchmarks may reach anything.
 */
const TESTS = '(^|/)(test|e2e|bench)/|\\.test\\.tsx?$|\\.spec\\.ts$';
const IO_PACKAGES =
  '^(node:)?(fs|net|http|https|dgram|child_process|worker_threads)$|^node_modules/(postgres|@electric-sql|drizzle-orm|@modelcontextprotocol|next)/';

/** One layer rule: modules under `from` (tests aside) may not import anything matching `to`. */
function layer(name, from, to, comment) {
  return { name, comment, severity: 'error', from: { path: from, pathNot: TESTS }, to: { path: to } };
}

module.exports = {
  forbidden: [
    layer(
      'lib-is-pure',
      '^lib/',
      ['^(db|server|app|components|cli|proxy|client|mcp)/', IO_PACKAGES],
      'lib/ is the pure domain: no database, no HTTP, nothing of the layers above it.',
    ),
    layer(
      'db-answers-only',
      '^db/',
      ['^(server|app|components|cli|proxy|client)/', '^lib/(errors|error-codes)\\.ts$', '^node_modules/@modelcontextprotocol/'],
      'db/ takes a database and returns data: it decides no HTTP status and opens no network connection.',
    ),
    layer(
      'client-over-lib',
      '^client/',
      '^(db|server|app|components|cli|proxy|mcp)/',
      'The HTTP client of the favindex API serves the dashboard, the CLI and the proxy: it uses the pure domain only.',
    ),
    layer(
      'server-below-app',
      '^server/',
      '^(app|components|cli|proxy|client)/',
      'The server layer serves the routes and pages; it never reaches up into them.',
    ),
    layer(
      'routes-through-server',
      '^app/',
      '^(db|mcp|client|cli|proxy)/',
      'Routes and pages parse, call the server layer and respond: they do not query the database or reach MCP servers themselves.',
    ),
    layer(
      'components-over-the-api',
      '^components/',
      '^(db|server|app|cli|proxy|mcp)/',
      'The dashboard reaches the server only through the HTTP API (apiFetch).',
    ),
    layer('cli-over-the-api', '^cli/', '^(db|server|app|components)/', 'The command line talks to favindex over HTTP, like any other client.'),
    layer(
      'proxy-over-the-api',
      '^proxy/',
      '^(db|server|app|components|cli)/',
      'The proxy is an MCP server in front of MCP servers that talks to favindex over HTTP: it uses the outbound MCP client and the pure domain only.',
    ),
    layer(
      'mcp-below-its-users',
      '^mcp/',
      '^(db|server|app|components|cli|proxy|client)/',
      'The outbound MCP client serves the server layer, the CLI and the proxy; it never reaches up into them.',
    ),
    {
      name: 'no-circular',
      comment:
        'A cycle makes two modules one; split what they share instead. Type-only imports count too: they vanish at run time, but the modules still need each other to be read or compiled.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|\\.next|dist|drizzle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
