import type { ReactNode } from 'react';
import type { ApiMedia, ApiOperation, ApiParameter, ApiResponse } from '@/lib/docs/api-reference';
import { InlineText, inlineNodes } from './inline-text';
import { SchemaBlock } from './schema-block';

function Bodies({ content }: { content: ApiMedia[] }) {
  if (content.length === 0) return <span className="docs-muted">no body</span>;
  return (
    <ul className="docs-bodies">
      {content.map((media) => (
        <li key={media.mediaType}>
          <code>{media.mediaType}</code> <SchemaBlock schema={media.schema} />
        </li>
      ))}
    </ul>
  );
}

function Parameters({ parameters }: { parameters: ApiParameter[] }) {
  return (
    <DocsTable caption="Parameters" columns={['name', 'in', 'required', 'schema', 'description']}>
      {parameters.map((p) => (
        <tr key={`${p.in}:${p.name}`}>
          <td>
            <code>{p.name}</code>
          </td>
          <td>{p.in}</td>
          <td>{p.required ? 'yes' : 'no'}</td>
          <td className="docs-schema-summary">{p.summary}</td>
          <td>{p.description ? inlineNodes(p.description) : null}</td>
        </tr>
      ))}
    </DocsTable>
  );
}

function Responses({ responses }: { responses: ApiResponse[] }) {
  return (
    <DocsTable caption="Responses" columns={['status', 'description', 'body']}>
      {responses.map((r) => (
        <tr key={r.status}>
          <td>
            <code>{r.status}</code>
          </td>
          <td>
            {inlineNodes(r.description)}
            {r.headers.map((h) => (
              <div key={h.name} className="docs-muted">
                header <code>{h.name}</code>: {inlineNodes(h.description)}
              </div>
            ))}
          </td>
          <td>
            <Bodies content={r.content} />
          </td>
        </tr>
      ))}
    </DocsTable>
  );
}

/** One API operation: what it does, who may call it, what it takes and what it answers. */
export function ApiOperationView({ operation }: { operation: ApiOperation }) {
  const { id, method, path, requestBody } = operation;
  return (
    <article className="card docs-operation" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <span className={`docs-method docs-method-${method.toLowerCase()}`}>{method}</span> <code>{path}</code>
      </h3>
      <p className="docs-summary">
        {operation.summary} <span className="badge accent">access: {operation.access}</span>
      </p>
      <InlineText text={operation.description} className="docs-muted" />
      {operation.parameters.length > 0 ? <Parameters parameters={operation.parameters} /> : null}
      {requestBody ? (
        <div className="docs-request">
          <h4>Request body{requestBody.required ? '' : ' (optional)'}</h4>
          {requestBody.description ? <p>{inlineNodes(requestBody.description)}</p> : null}
          <Bodies content={requestBody.content} />
        </div>
      ) : null}
      <Responses responses={operation.responses} />
    </article>
  );
}

/** A reference table: its caption, a header row of column names, and the rows given. */
function DocsTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <table className="table docs-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
