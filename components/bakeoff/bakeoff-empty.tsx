import { Card } from '@/components/ui/card';
import { CommandBlock } from '@/components/ui/command-block';
import { EmptyState } from '@/components/ui/empty-state';

/** No run kept yet: how to make one, in the CLI's own words. */
export function BakeoffEmpty({ id }: { id: string }) {
  const command = `favindex bakeoff --project ${id} --tasks tasks.yaml \\
  --endpoint https://api.openai.com/v1 --model gpt-4.1-mini \\
  --presentation now=eager --presentation fav=favindex --upload`;
  return (
    <Card as="div">
      <EmptyState testId="bakeoff-empty">
        <p>
          <strong>No bake-off kept yet.</strong>
        </p>
        <p className="small">
          A bake-off replays a few tasks against a model in each presentation you name and measures which one the model does best with, before you ship it. Run
          it where your model key is (it is read from OPENAI_API_KEY or ANTHROPIC_API_KEY and never sent here); <code>--upload</code> keeps the run in this
          project, with a token that has the <code>surface:read</code> and <code>bakeoffs:write</code> scopes, or as the admin.
        </p>
        <CommandBlock command={command} label="the bake-off command" testId="bakeoff-command" />
        <p className="small muted">
          The tasks file is shown below; <code>favindex bakeoff --help</code> says the rest.
        </p>
      </EmptyState>
    </Card>
  );
}
