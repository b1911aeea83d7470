import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from '@/lib/schemas/policy';
import { draftOf, policyOf } from './policy-draft';
import { RuleEditor } from './rule-editor';
import { TokenNames } from './token-names';

// Rules name tokens by id (§policy); the page hands the editor their names.
const IDENTITIES = ['token:tok_ci', 'token:tok_laptop', 'client:claude-code'];
const TOKEN_NAMES = new Map([
  ['tok_ci', 'ci'],
  ['tok_laptop', 'laptop'],
]);

/** The editor as the page holds it, with the policy it would send written out for the test to read. */
function Harness({ start }: { start: ToolPolicy }) {
  const [draft, setDraft] = useState(() => draftOf(start));
  return (
    <TokenNames.Provider value={TOKEN_NAMES}>
      <RuleEditor draft={draft} onDraft={setDraft} identities={IDENTITIES} />
      <output data-testid="policy">{JSON.stringify(policyOf(draft))}</output>
    </TokenNames.Provider>
  );
}

function show(start: ToolPolicy = { default: 'allow', rules: [] }) {
  render(<Harness start={start} />);
  return { user: userEvent.setup(), policy: () => JSON.parse(screen.getByTestId('policy').textContent ?? '') as ToolPolicy };
}

const sentences = () => screen.getAllByTestId('rule-sentence').map((s) => s.textContent);

describe('RuleEditor', () => {
  it('says the first matching rule decides and the default covers tools added later', () => {
    show();
    const text = screen.getByTestId('rule-editor').textContent ?? '';
    expect(text).toContain('the first rule that matches a tool and whoever is asking decides');
    expect(text).toContain('so does a tool a server adds later');
    expect(text).toContain('A rule that names no tools and asks nothing of them takes in its servers whole: their prompts and resources too.');
    expect(screen.getByTestId('no-rules').textContent).toBe('No rules yet: every tool is allowed for everyone.');
  });

  it('adds a rule denying delete tools for the CI token, read back as a sentence', async () => {
    const { user, policy } = show();
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.type(screen.getByLabelText('Rule 1: tools'), 'github/delete_*, gitlab/delete_*');
    await user.click(screen.getByLabelText('Rule 1: the token ci'));
    await user.type(screen.getByLabelText('Rule 1: why'), 'CI never deletes');

    expect(policy()).toEqual({
      default: 'allow',
      rules: [{ effect: 'deny', identities: ['token:tok_ci'], tools: ['github/delete_*', 'gitlab/delete_*'], note: 'CI never deletes' }],
    });
    expect(sentences()).toEqual(['Deny github/delete_*, gitlab/delete_* for the token ci']);
  });

  it('moves a rule up and down, and removes one, keeping each rule’s fields with it', async () => {
    const { user, policy } = show({
      default: 'deny',
      rules: [
        { effect: 'allow', tools: ['github/*'] },
        { effect: 'deny', tools: ['github/merge_*'], identities: ['token:tok_ci'] },
        { effect: 'allow', servers: ['filesystem'] },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    expect(policy().rules.map((r) => r.tools ?? r.servers)).toEqual([['github/merge_*'], ['github/*'], ['filesystem']]);
    expect(screen.getByLabelText<HTMLInputElement>('Rule 1: tools').value).toBe('github/merge_*');
    expect(screen.getByLabelText<HTMLInputElement>('Rule 1: the token ci').checked).toBe(true);

    // Past either end nothing moves.
    await user.click(screen.getByRole('button', { name: 'Move rule 1 up' }));
    await user.click(screen.getByRole('button', { name: 'Move rule 3 down' }));
    await user.click(screen.getByRole('button', { name: 'Move rule 1 down' }));
    expect(policy().rules.map((r) => r.tools ?? r.servers)).toEqual([['github/*'], ['github/merge_*'], ['filesystem']]);

    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }));
    expect(policy()).toEqual({
      default: 'deny',
      rules: [
        { effect: 'deny', tools: ['github/merge_*'], identities: ['token:tok_ci'] },
        { effect: 'allow', servers: ['filesystem'] },
      ],
    });
    expect(sentences()).toEqual(['Deny github/merge_* for the token ci', 'Allow every tool on server filesystem for everyone']);
  });

  it('asks each annotation as any, yes or no, and leaves out what is any', async () => {
    const { user, policy } = show({ default: 'allow', rules: [{ effect: 'deny' }] });
    await user.selectOptions(screen.getByLabelText('Rule 1: only reads'), 'no');
    await user.selectOptions(screen.getByLabelText('Rule 1: may delete or overwrite'), 'yes');
    expect(policy().rules[0]).toEqual({ effect: 'deny', annotations: { readOnlyHint: false, destructiveHint: true } });
    expect(sentences()).toEqual(['Deny the tools that change something and may delete or overwrite for everyone']);

    await user.selectOptions(screen.getByLabelText('Rule 1: only reads'), 'any');
    await user.selectOptions(screen.getByLabelText('Rule 1: may delete or overwrite'), 'any');
    expect(policy().rules[0]).toEqual({ effect: 'deny' });
  });

  it('says, where a client rule is written, that a client is only the name it claims, and what holds instead', async () => {
    const { user } = show();
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    const input = screen.getByLabelText('Rule 1: another client by name');
    const note = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(
      'A client is the name the program gives itself when it connects: any program can claim any name, so renaming a client escapes a rule for it. To hold an agent to a rule, give it a token of its own and write the rule for that token.',
    );
    // In the rule's "for whom" fields, beside the clients it may tick.
    expect(note?.closest('fieldset')?.querySelector('legend')?.textContent).toBe('For whom (none ticked: everyone)');
  });

  it('takes a client by name that no session has shown yet, and the default and effect as chosen', async () => {
    const { user, policy } = show();
    await user.selectOptions(screen.getByLabelText('Default for tools no rule matches'), 'deny');
    await user.click(screen.getByRole('button', { name: 'Add a rule' }));
    await user.selectOptions(screen.getByLabelText('Rule 1: what it does'), 'allow');
    await user.type(screen.getByLabelText('Rule 1: another client by name'), 'codex{Enter}');
    await user.click(screen.getByLabelText('Rule 1: the client claude-code'));

    expect(policy()).toEqual({ default: 'deny', rules: [{ effect: 'allow', identities: ['client:codex', 'client:claude-code'] }] });
    const rule = screen.getByTestId('policy-rule');
    expect(within(rule).getByLabelText<HTMLInputElement>('Rule 1: the client codex').checked).toBe(true);
    expect(sentences()).toEqual(['Allow every tool for the client codex and the client claude-code']);
  });
});
