'use client';

import { useState } from 'react';
import { useProjectYamlQuery } from '@/components/api/use-project-yaml-query';
import { Card, CardHeader } from '@/components/ui/card';
import { Columns } from '@/components/ui/columns';
import { QueryView } from '@/components/ui/query-view';
import { YamlApplyPanel } from './yaml-apply-panel';
import code from '@/components/ui/code-block.module.css';
import styles from './yaml-page.module.css';

/** Export the project as YAML, and apply YAML: paste or upload, preview the diff, confirm. */
export function YamlPage({ id }: { id: string }) {
  const exported = useProjectYamlQuery(id);
  const [text, setText] = useState('');
  const [copied, setCopied] = useState('');
  return (
    <Columns>
      <Card aria-labelledby="export-heading">
        <CardHeader id="export-heading" title="Export">
          <div className="row">
            <a className="button" href={`/api/projects/${encodeURIComponent(id)}/yaml?download=1`} download={`${id}.yaml`}>
              Download {id}.yaml
            </a>
            <a className="button" href="/api/yaml?download=1" download="favindex-projects.yaml">
              Download all projects
            </a>
          </div>
        </CardHeader>
        <QueryView query={exported} loadingLabel="Loading YAML" loadingRows={8}>
          {(yaml) => (
            <>
              {/* It scrolls (long lines, long documents): a focusable region, so the keyboard can scroll it. */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus (WCAG 2.1.1) */}
              <pre className={`${code.block} ${styles.yaml}`} data-testid="project-yaml" tabIndex={0} role="region" aria-label={`${id}.yaml`}>
                {yaml}
              </pre>
              <button
                type="button"
                onClick={() => {
                  setText(yaml);
                  setCopied(yaml);
                }}
              >
                Edit a copy below
              </button>
            </>
          )}
        </QueryView>
      </Card>
      <YamlApplyPanel text={text} onText={setText} copied={copied} />
    </Columns>
  );
}
