import type { ComponentProps } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { revisionPlain } from '@/lib/surface/mode-traits';
import { DEFAULT_DEFERRAL_CONTROLS } from './deferral-controls';
import { PreviewControls, type PreviewSettings } from './preview-controls';

const settings: PreviewSettings = {
  target: 'anthropic',
  cap: '',
  agentTools: '0',
  limits: { maxToolsPerRequest: '120', maxActivatedToolsPerSession: '40', maxPinnedServers: '3', retrieveK: '10' },
  query: '',
  deferral: DEFAULT_DEFERRAL_CONTROLS,
};

/** The controls as the preview draws them for Claude Code, with this revision picker. */
const forClaudeCode = (protocol: ComponentProps<typeof PreviewControls>['protocol']) => (
  <PreviewControls settings={settings} onChange={() => {}} client="claude-code" onClient={() => {}} protocol={protocol} />
);

describe('the MCP revision picker', () => {
  it('offers both revisions beside the client, marks the likely one, and says what the chosen mode does differently', async () => {
    const onChange = vi.fn();
    const { rerender } = render(forClaudeCode({ revision: '2025-11-25', likely: '2025-11-25', mode: 'lazy', onChange }));
    const picker = screen.getByRole('combobox', { name: 'MCP revision the lists are built for' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toEqual(['2025-11-25', '2026-07-28']);
    expect((picker as HTMLSelectElement).selectedOptions[0]!.textContent).toContain('most likely uses');
    expect(screen.getByTestId('revision-help').textContent).toContain(revisionPlain('lazy'));
    await userEvent.selectOptions(picker, '2026-07-28');
    expect(onChange).toHaveBeenCalledWith('2026-07-28');

    rerender(forClaudeCode({ revision: '2026-07-28', likely: '2025-11-25', mode: 'eager', onChange }));
    expect(screen.getByTestId('revision-help').textContent).toContain('stateless');
    expect(screen.getByTestId('revision-help').textContent).toContain('The same on both revisions');
  });
});
