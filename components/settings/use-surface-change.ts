'use client';

import { useEffect, useState } from 'react';
import { useSurfacePlanQuery } from '@/components/api/use-surface-plan-query';
import { useUpdateProjectMutation } from '@/components/api/use-update-project-mutation';
import { useConfirmStep } from '@/components/ui/use-confirm-step';
import { ApiClientError } from '@/components/api/fetch';
import { errorDetails } from '@/lib/contracts/error-details';
import type { SurfacePlan } from '@/lib/contracts/surface-plan';
import type { SurfaceConfig } from '@/lib/schemas/surface-config';
import { stableStringify } from '@/lib/stable-json';
import { rebaseSurfaceChange } from '@/lib/surface/surface-plan';
import { setSurfaceChangeOutcome } from './outcome-store';
import { outcomeSummary } from './plan-words';

interface Asked {
  /** The config the change was made against, and the one it would save. */
  basis: SurfaceConfig;
  proposed: SurfaceConfig;
  /** Someone saved another config meanwhile: the plan was made again over theirs. */
  replanned: boolean;
}

/** The config in force that a 409 names (details.current), or null for any other failure. */
function conflictCurrent(error: unknown): SurfaceConfig | null {
  if (!(error instanceof ApiClientError)) return null;
  return errorDetails(error.envelope, 'CONFLICT')?.current ?? null;
}

/**
 * One change of what clients receive, asked before it is made: `ask` shows the server's plan
 * (nothing saved), `apply` saves exactly that plan over the config it was made from. When
 * someone saved another config in between, the change is made again over theirs and shown
 * once more, so neither change is lost.
 */
export function useSurfaceChange(projectId: string, current: SurfaceConfig) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const step = useConfirmStep();
  const plan = useSurfacePlanQuery(projectId, asked?.proposed ?? null);
  const update = useUpdateProjectMutation(projectId);

  // The page's copy of the project may be behind the server's: plan over what is in force.
  const planned = plan.data;
  useEffect(() => {
    if (!asked || !planned || stableStringify(planned.current) === stableStringify(asked.basis)) return;
    setAsked({ basis: planned.current, proposed: rebaseSurfaceChange(asked.basis, asked.proposed, planned.current), replanned: asked.replanned });
  }, [asked, planned]);

  function ask(proposed: SurfaceConfig) {
    update.reset();
    setAsked({ basis: current, proposed, replanned: false });
    step.toggle(true);
  }

  function cancel() {
    setAsked(null);
    update.reset();
    step.toggle(false);
  }

  async function apply(ready: SurfacePlan) {
    if (update.isPending) return;
    // mutateAsync, not mutate's callbacks: a saved change often unmounts the control that asked
    // (the fix goes once applied, the form starts again), and the message must still appear.
    try {
      await update.mutateAsync({ surface: ready.proposed, expectedSurface: ready.current });
    } catch (error) {
      const theirs = conflictCurrent(error);
      if (!theirs || !asked) return;
      update.reset();
      setAsked({ basis: theirs, proposed: rebaseSurfaceChange(asked.basis, asked.proposed, theirs), replanned: true });
      return;
    }
    setSurfaceChangeOutcome(projectId, { summary: outcomeSummary(ready), before: ready.current, after: ready.proposed, undone: false });
    setAsked(null);
    step.toggle(false);
  }

  const ready = planned && asked && stableStringify(planned.current) === stableStringify(asked.basis) ? planned : null;
  return {
    ask,
    cancel,
    asking: asked !== null,
    replanned: asked?.replanned ?? false,
    plan: { ...plan, data: ready ?? undefined, isPending: plan.isPending || (asked !== null && !ready && !plan.isError) },
    apply,
    applying: update.isPending,
    applyError: update.isError ? update.error : null,
    opener: step.opener,
    confirm: step.confirm,
  };
}

export type SurfaceChange = ReturnType<typeof useSurfaceChange>;
