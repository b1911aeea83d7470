/**
 * The layers of docs/architecture.md, checked on every `npm run lint`: each layer may use only
 * the layers below it. Tests, test helpers and benchmarks may reach anything.
 */
const TESTS = '(^|/)(test|e2e|bench)/|\\.test\\.tsx?$|\\.spec\\.ts$';
const IO_PACKAGES =
  '^(node:)?(fs|net|http|https|dgram|child_process|worker_threads)$|^node_modules/(postgres|@electric-sql|drizzle-orm|@modelcontextprotocol|next)/';

module.exports = {
  forbidden: [
    {
      name: 'lib-is-pure',
      comment: 'lib/ is the pure domain: no database, no HTTP, nothing of the layers above it.',
      severity: 'error',
      from: { path: '^lib/', pathNot: TESTS },
      to: { path: ['^(db|server|app|components|cli|proxy)/', IO_PACKAGES] },
    },
    {
      name: 'db-answers-only',
      comment: 'db/ takes a database and returns data: it decides no HTTP status and opens no network connection.',
      severity: 'error',
      from: { path: '^db/', pathNot: TESTS },
      to: { path: ['^(server|app|components|cli|proxy)/', '^lib/errors\\.ts$', '^node_modules/@modelcontextprotocol/'] },
    },
    {
      name: 'server-below-app',
      comment: 'The server layer serves the routes and pages; it never reaches up into them.',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^(app|components|cli|proxy)/' },
    },
    {
      name: 'routes-through-server',
      comment: 'Routes and pages parse, call the server layer and respond: they do not query the database themselves.',
      severity: 'error',
      from: { path: '^app/', pathNot: TESTS },
      to: { path: '^db/' },
    },
    {
      name: 'components-over-the-api',
      comment: 'The dashboard reaches the server only through the HTTP API (apiFetch).',
      severity: 'error',
      from: { path: '^components/', pathNot: TESTS },
      to: { path: '^(db|server|app|cli|proxy)/' },
    },
    {
      name: 'cli-over-the-api',
      comment: 'The command line talks to favindex over HTTP, like any other client.',
      severity: 'error',
      from: { path: '^cli/', pathNot: TESTS },
      to: { path: '^(db|server|app|components)/' },
    },
    {
      name: 'proxy-over-the-api',
      comment: 'The proxy is an MCP server in front of MCP servers that talks to favindex over HTTP: it uses the outbound MCP client and the pure domain only.',
      severity: 'error',
      from: { path: '^proxy/', pathNot: TESTS },
      to: { path: '^(db|server|app|components|cli)/' },
    },
    {
      name: 'mcp-below-its-users',
      comment: 'The outbound MCP client serves the server layer, the CLI and the proxy; it never reaches up into them.',
      severity: 'error',
      from: { path: '^mcp/', pathNot: TESTS },
      to: { path: '^(db|server|app|components|cli|proxy)/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one; split what they share instead. Type-only imports (the AppContext type) vanish at run time and do not count.',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
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
