'use client';

import { useEffect, useRef, useState } from 'react';
import { isStalePolicy, usePolicyMutation } from '@/components/api/use-policy-mutation';
import { Alert } from '@/components/ui/alert';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmBox } from '@/components/ui/confirm-box';
import { SubmitError } from '@/components/ui/error-notice';
import { useConfirmStep } from '@/components/ui/use-confirm-step';
import { useUnsavedChangesGuard } from '@/components/ui/use-unsaved-changes-guard';
import type { PolicyView, PolicyWriteResult } from '@/lib/contracts/policy';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { stableStringify } from '@/lib/stable-json';
import { draftOf, type PolicyDraft, policyOf } from './policy-draft';
import { PolicyReview } from './policy-review';
import { RuleEditor } from './rule-editor';

const same = (a: ToolPolicy, b: ToolPolicy) => stableStringify(a) === stableStringify(b);

/**
 * The rules, edited as a draft and saved only after review: "Review changes" asks the API for a
 * dry run (the YAML diff, who gains and loses what), "Save" writes exactly that over the version
 * reviewed. If someone saved in between, nothing is written and the review is made again over theirs.
 */
export function PolicyRulesCard({ id, view, identities }: { id: string; view: PolicyView; identities: string[] }) {
  const write = usePolicyMutation(id);
  const step = useConfirmStep();
  const [from, setFrom] = useState({ policy: view.policy, version: view.version });
  const [draft, setDraft] = useState<PolicyDraft>(() => draftOf(view.policy));
  const [review, setReview] = useState<PolicyWriteResult | null>(null);
  const [stale, setStale] = useState(false);
  const [saved, setSaved] = useState<PolicyWriteResult | null>(null);
  const savedRef = useRef<HTMLDivElement>(null);
  const edited = !same(policyOf(draft), from.policy);
  useUnsavedChangesGuard(edited, 'The policy');

  // Saved elsewhere while this draft is untouched: follow it, there is nothing of ours to keep.
  useEffect(() => {
    if (view.version === from.version || edited) return;
    setFrom({ policy: view.policy, version: view.version });
    setDraft(draftOf(view.policy));
  }, [view, from.version, edited]);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  function edit(next: PolicyDraft) {
    setDraft(next);
    setReview(null);
    setSaved(null);
    setStale(false);
    write.reset();
    if (step.confirming) step.toggle(false);
  }

  async function ask(afterConflict: boolean) {
    setSaved(null);
    const plan = await write.mutateAsync({ policy: policyOf(draft), dryRun: true }).catch(() => null);
    setReview(plan);
    setStale(afterConflict);
    if (plan) step.toggle(true);
  }

  async function save() {
    if (!review?.changed || write.isPending) return;
    try {
      const done = await write.mutateAsync({ policy: policyOf(draft), dryRun: false, basis: review.version });
      setFrom({ policy: done.policy, version: done.version });
      setDraft(draftOf(done.policy));
      setReview(null);
      setStale(false);
      step.toggle(false);
      setSaved(done);
    } catch (error) {
      if (!isStalePolicy(error)) return;
      write.reset();
      await ask(true);
    }
  }

  function cancel() {
    setReview(null);
    setStale(false);
    write.reset();
    step.toggle(false);
  }

  return (
    <Card aria-labelledby="policy-rules-heading" data-testid="policy-rules">
      <CardHeader id="policy-rules-heading" title="Rules" note={`version ${view.version} · ${view.catalogTools} catalog tools`} />
      {edited && view.version !== from.version ? (
        <Alert tone="warn" className="small" role="status">
          Someone saved another policy since you started editing. Review your changes to see them against the one in force now.
        </Alert>
      ) : null}
      <RuleEditor draft={draft} onDraft={edit} identities={identities} />
      <div className="row" style={{ marginTop: 12 }}>
        <button ref={step.opener} type="button" onClick={() => void ask(false)} aria-disabled={write.isPending || undefined}>
          Review changes
        </button>
        {edited ? (
          <button type="button" onClick={() => edit(draftOf(view.policy))}>
            Discard my changes
          </button>
        ) : null}
        <span className="small muted">Nothing is saved until you review the changes and save them.</span>
      </div>
      <SubmitError write={write} />
      {review ? (
        <ConfirmBox label="Review the policy change">
          {stale ? (
            <Alert tone="warn" className="small" role="alert" data-testid="policy-stale">
              Someone else changed the policy meanwhile, so nothing was saved. This is the change from the policy in force now.
            </Alert>
          ) : null}
          <PolicyReview result={review} />
          <div className="row">
            <button
              ref={step.confirm}
              type="button"
              className="primary"
              onClick={() => void save()}
              aria-disabled={write.isPending || !review.changed || undefined}
            >
              {write.isPending ? 'Saving…' : 'Save'}
            </button>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </div>
        </ConfirmBox>
      ) : null}
      {saved ? (
        <Alert role="status" ref={savedRef} tabIndex={-1} data-testid="policy-saved" style={{ marginTop: 10 }}>
          Saved as version {saved.version}.
        </Alert>
      ) : null}
    </Card>
  );
}
