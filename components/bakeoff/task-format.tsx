import { Card, CardHeader } from '@/components/ui/card';
import code from '@/components/ui/code-block.module.css';
import { PageLink } from '@/components/ui/page-link';
import { TASK_FILE_EXAMPLE } from '@/lib/bakeoff/task-example';

/**
 * What a bake-off replays: the tasks file `favindex bakeoff --tasks` reads, by the example its
 * --help shows (one text, tested to parse), so a first run needs neither the guide nor a guess.
 */
export function TaskFormat({ id }: { id: string }) {
  return (
    <Card aria-labelledby="bakeoff-tasks-heading">
      <CardHeader id="bakeoff-tasks-heading" title="The tasks file" note="YAML" />
      <p className="small">
        Each task is a prompt (or a short thread), the tool the model should call (<code>target</code>), and, if you like, checks on the arguments it sends and
        what the tools answer during the run (<code>fixtures</code>). Give the file with <code>--tasks tasks.yaml</code>, or keep the same list, without{' '}
        <code>tasks:</code>, under <code>spec.bakeoffTasks</code> of{' '}
        <PageLink href={`/projects/${encodeURIComponent(id)}/yaml`}>this project&apos;s YAML</PageLink>: the bake-off runs those when <code>--tasks</code> is
        left out.
      </p>
      {/* On a phone its lines scroll sideways: a focusable region, so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus (WCAG 2.1.1) */}
      <pre className={code.block} tabIndex={0} role="region" aria-label="An example tasks.yaml">
        {TASK_FILE_EXAMPLE}
      </pre>
    </Card>
  );
}
