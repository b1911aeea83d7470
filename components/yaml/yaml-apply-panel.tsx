'use client';

import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useYamlApplyMutation } from '@/components/api/use-yaml-apply-mutation';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmBox } from '@/components/ui/confirm-box';
import { SubmitError } from '@/components/ui/error-notice';
import { useUnsavedChangesGuard } from '@/components/ui/use-unsaved-changes-guard';
import { ApiClientError } from '@/components/api/fetch';
import { errorDetails, listedIssues } from '@/lib/contracts/error-details';
import { issueSpan } from '@/lib/yaml/issue-span';
import type { YamlIssue } from '@/lib/yaml/parse-project-documents';
import styles from './yaml-apply-panel.module.css';
import { YamlPlan, type ApplyResult } from './yaml-plan';

/**
 * Paste or upload Project documents, preview what they would change, then apply exactly that
 * preview. `copied` is the export the text was copied from: while it is unchanged there is
 * nothing to lose by leaving.
 */
export function YamlApplyPanel({ text, onText, copied }: { text: string; onText: (text: string) => void; copied: string }) {
  const apply = useYamlApplyMutation();
  const [plan, setPlan] = useState<ApplyResult | null>(null);
  const [changedMeanwhile, setChangedMeanwhile] = useState(false);
  const [done, setDone] = useState<ApplyResult | null>(null);
  useUnsavedChangesGuard(text.trim() !== '' && text !== copied && done === null, 'The YAML to apply');
  const editor = useRef<HTMLTextAreaElement>(null);
  const previewButton = useRef<HTMLButtonElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  // The plan box goes once applied: the focus moves to what was done, not to the page.
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  /** Put the cursor on a problem: focus the editor, select the key or value it is about and scroll to it. */
  function jumpTo(issue: YamlIssue) {
    const area = editor.current;
    if (!area) return;
    const { start, end } = issueSpan(area.value, issue.line, issue.column);
    area.focus();
    area.setSelectionRange(start, end);
    const lineHeight = Number.parseFloat(getComputedStyle(area).lineHeight) || 18;
    area.scrollTop = Math.max(0, (issue.line - 3) * lineHeight);
  }

  /** A refused preview or apply that names lines: go to the first. */
  function jumpToFirstIssue(err: unknown) {
    const [first] = issuesOf(err);
    if (first) jumpTo(first);
  }

  function edit(next: string) {
    onText(next);
    setPlan(null);
    setDone(null);
    apply.reset();
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (file) edit(await file.text());
    e.target.value = '';
  }

  async function preview() {
    setDone(null);
    setChangedMeanwhile(false);
    const result = await apply.mutateAsync({ text, dryRun: true }).catch((err: unknown) => {
      jumpToFirstIssue(err);
      return null;
    });
    setPlan(result);
  }

  async function confirm() {
    if (!plan) return;
    try {
      const result = await apply.mutateAsync({ text, dryRun: false, basis: plan.basis });
      setPlan(null);
      setDone(result);
    } catch (err) {
      // The projects changed since the preview: show the new diff to confirm instead.
      const replanned = err instanceof ApiClientError ? errorDetails(err.envelope, 'VERSION_MISMATCH') : undefined;
      if (replanned && 'basis' in replanned) {
        setPlan({ ...plan, basis: replanned.basis, projects: replanned.projects, summary: summarise(replanned.projects) });
        setChangedMeanwhile(true);
        apply.reset();
      } else {
        jumpToFirstIssue(err);
      }
    }
  }

  return (
    <Card aria-labelledby="apply-heading">
      <CardHeader id="apply-heading" title="Apply">
        <label className="button small">
          Upload a file
          <input type="file" accept=".yaml,.yml,application/yaml,text/yaml,text/plain" onChange={upload} className="visually-hidden" />
        </label>
      </CardHeader>
      <p className="small muted">
        Paste one or more Project documents (separated by <code>---</code>). Each creates or updates the project named by <code>metadata.name</code>; nothing is
        written unless every document is valid. A document may say only what it changes: a field it leaves out keeps the project&apos;s value (a new
        project&apos;s default), and a field it names replaces it, a list whole.
      </p>
      <textarea
        ref={editor}
        aria-label="YAML to apply"
        rows={16}
        value={text}
        onChange={(e) => edit(e.target.value)}
        spellCheck={false}
        placeholder="apiVersion: favindex/v1"
      />
      <div className="row" style={{ marginTop: 8 }}>
        <button ref={previewButton} type="button" onClick={preview} disabled={!text.trim() || apply.isPending}>
          Preview changes
        </button>
      </div>
      <SubmitError write={apply}>
        <YamlIssues error={apply.error} onJump={jumpTo} />
      </SubmitError>
      {plan ? (
        <ConfirmBox label="Review the changes">
          {changedMeanwhile ? (
            <Alert tone="warn" className="small" role="alert">
              The projects changed since your preview. This is the diff against their current state.
            </Alert>
          ) : null}
          <YamlPlan plan={plan} />
          <div className="row">
            <button type="button" className="primary" onClick={confirm} disabled={apply.isPending || plan.summary.create + plan.summary.update === 0}>
              Apply
            </button>
            <button
              type="button"
              onClick={() => {
                setPlan(null);
                previewButton.current?.focus();
              }}
            >
              Cancel
            </button>
          </div>
        </ConfirmBox>
      ) : null}
      {done ? (
        <Alert role="status" style={{ marginTop: 10 }} data-testid="apply-done" ref={doneRef} tabIndex={-1}>
          Applied: {done.summary.create} created, {done.summary.update} updated, {done.summary.unchanged} unchanged.
        </Alert>
      ) : null}
    </Card>
  );
}

function issuesOf(error: unknown): YamlIssue[] {
  if (!(error instanceof ApiClientError)) return [];
  return listedIssues(error.envelope).filter((issue) => 'line' in issue);
}

/** Where each document is invalid, by line and column, when the API says so; each jumps to its line in the editor. */
function YamlIssues({ error, onJump }: { error: unknown; onJump: (issue: YamlIssue) => void }) {
  const issues = issuesOf(error);
  if (issues.length === 0) return null;
  return (
    <ul className={`small ${styles.issues}`} aria-label="Problems">
      {issues.map((issue, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two problems may read the same; their order is their identity
        <li key={i}>
          <button type="button" className="link mono" onClick={() => onJump(issue)}>
            {issue.document > 0 ? `doc ${issue.document}, ` : ''}line {issue.line}:{issue.column}
          </button>{' '}
          {issue.path ? <code>{issue.path}</code> : null} {issue.message}
        </li>
      ))}
    </ul>
  );
}

function summarise(projects: ApplyResult['projects']): ApplyResult['summary'] {
  const count = (action: string) => projects.filter((p) => p.action === action).length;
  return { create: count('create'), update: count('update'), unchanged: count('unchanged') };
}
