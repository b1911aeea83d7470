import { PageLink } from '@/components/ui/page-link';
import type { ApiReferenceView } from '@/lib/docs/api-reference';
import { ApiOperationView } from './api-operation';
import { InlineText } from './inline-text';
import { schemaAnchor } from './schema-block';

const tagAnchor = (tag: string) => `tag-${tag}`;

/** The API reference page: the OpenAPI document's operations by tag, then its named schemas. */
export function ApiReference({ view }: { view: ApiReferenceView }) {
  return (
    <div className="docs-page">
      <h1>API reference</h1>
      <p className="subtitle">
        {view.title} {view.version}, from <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1). What each <code>cited_rule</code> of an error means:{' '}
        <PageLink href="/docs/rules">rules</PageLink>.
      </p>
      <InlineText text={view.description} />
      <nav aria-label="API contents" className="card docs-toc">
        {view.tags.map((tag) => (
          <div key={tag.name}>
            <a href={`#${tagAnchor(tag.name)}`}>
              <strong>{tag.name}</strong>
            </a>
            <ul>
              {tag.operations.map((op) => (
                <li key={op.id}>
                  <a href={`#${op.id}`}>
                    <span className="docs-method-text">{op.method}</span> <code>{op.path}</code>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <a href="#schemas">
            <strong>schemas</strong>
          </a>
        </div>
      </nav>
      {view.tags.map((tag) => (
        <section key={tag.name} id={tagAnchor(tag.name)} aria-labelledby={`${tagAnchor(tag.name)}-title`}>
          <h2 id={`${tagAnchor(tag.name)}-title`}>{tag.name}</h2>
          {tag.operations.map((op) => (
            <ApiOperationView key={op.id} operation={op} />
          ))}
        </section>
      ))}
      <section id="schemas" aria-labelledby="schemas-title">
        <h2 id="schemas-title">Schemas</h2>
        {view.schemas.map(({ name, schema }) => (
          <details key={name} id={schemaAnchor(name)} className="card docs-schema">
            <summary>
              <code>{name}</code>
            </summary>
            <pre>{JSON.stringify(schema, null, 2)}</pre>
          </details>
        ))}
      </section>
    </div>
  );
}
