'use client';

import { useDeleteBakeoffMutation } from '@/components/api/use-delete-bakeoff-mutation';
import { AskAgainButton } from '@/components/ui/ask-again-button';
import type { BakeoffRunView } from '@/lib/contracts/bakeoffs';

/** Delete a run and its transcripts, asking once more in place. */
export function DeleteRun({ projectId, run }: { projectId: string; run: BakeoffRunView }) {
  const remove = useDeleteBakeoffMutation(projectId);
  return <AskAgainButton label="Delete this run…" confirmLabel={`Delete ${run.name}`} action={remove} variables={run.id} />;
}
