import { referencedSchemas, schemaRefName, schemaSummary } from '@/lib/docs/api-reference';
import type { JsonSchema } from '@/lib/openapi/operation';

/** The anchor of a named schema (components.schemas) on the API page. */
export function schemaAnchor(name: string): string {
  return `schema-${name}`;
}

function SchemaLinks({ names }: { names: string[] }) {
  return (
    <>
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 ? ', ' : ''}
          <a href={`#${schemaAnchor(name)}`}>{name}</a>
        </span>
      ))}
    </>
  );
}

/**
 * A body's JSON Schema, collapsed: a reference to a named schema is a link to it; any other
 * schema opens to its JSON. A body the document gives no schema for says so.
 */
export function SchemaBlock({ schema }: { schema: JsonSchema | null }) {
  if (!schema) return <span className="docs-muted">no schema documented</span>;
  const named = schemaRefName(schema);
  if (named) return <SchemaLinks names={[named]} />;
  const summary = schemaSummary(schema);
  const refs = referencedSchemas(schema);
  return (
    <details className="docs-schema">
      <summary>schema{summary ? `: ${summary}` : ''}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
      {refs.length > 0 ? (
        <p className="docs-muted">
          Refers to <SchemaLinks names={refs} />.
        </p>
      ) : null}
    </details>
  );
}
