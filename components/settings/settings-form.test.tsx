import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultSurfaceConfig, type SurfaceConfig } from '@/lib/schemas/surface-config';
import { SettingsForm } from './settings-form';

const base = defaultSurfaceConfig();

function show() {
  // The plan never answers here: what matters is what is asked, and that nothing is saved.
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
  const client = new QueryClient();
  const form = (surface: SurfaceConfig) => (
    <QueryClientProvider client={client}>
      <SettingsForm projectId="shop" surface={surface} />
    </QueryClientProvider>
  );
  const { rerender } = render(form(base));
  return { form: screen.getByTestId('settings-form'), fetch, savedElsewhere: (surface: SurfaceConfig) => rerender(form(surface)) };
}

describe('SettingsForm', () => {
  it('explains every field in a line, and asks for the plan of the whole change, saving nothing', async () => {
    const user = userEvent.setup();
    const { form, fetch } = show();
    const paths = [
      'mode',
      'naming',
      'argumentChecks',
      'target',
      'alwaysLoadFavourites',
      'toolBudget',
      'limits.maxToolsPerRequest',
      'limits.maxActivatedToolsPerSession',
      'limits.maxPinnedServers',
      'limits.retrieveK',
    ];
    for (const path of paths) expect(form.querySelector(`[id="help-${path}"]`)?.textContent?.length, path).toBeGreaterThan(20);
    expect(form.textContent).toContain('How the tools are offered to the model');
    await user.selectOptions(within(form).getByLabelText('Mode', { exact: true }), 'lazy');
    await user.selectOptions(within(form).getByLabelText('Tool names'), 'slash');
    await user.click(within(form).getByRole('button', { name: 'Review the change…' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(`${init?.method} ${url}`).toBe('POST /api/projects/shop/surface/plan');
    expect(JSON.parse(String(init?.body))).toEqual({ surface: { ...base, mode: 'lazy', naming: 'slash' } });
    expect(within(form).getByRole('group', { name: 'Save these settings' }).textContent).toContain('Nothing is saved until you apply.');
  });

  it('a custom provider asks for its cap, and a limit out of range is named in words and not asked', async () => {
    const user = userEvent.setup();
    const { form, fetch } = show();
    await user.selectOptions(within(form).getByLabelText('Model provider'), 'custom');
    expect(form.textContent).toContain('Custom cap: a whole number is needed here');
    await user.type(within(form).getByLabelText('Custom cap'), '30');
    await user.clear(within(form).getByLabelText('Tools per search'));
    await user.type(within(form).getByLabelText('Tools per search'), '0');
    expect(form.textContent).toContain('Tools per search: at least 1');
    await user.clear(within(form).getByLabelText('Attention budget'));
    await user.type(within(form).getByLabelText('Attention budget'), '10001');
    expect(form.textContent).toContain('Attention budget: at most 10000');
    await user.click(within(form).getByRole('button', { name: 'Review the change…' }));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a config saved elsewhere moves the form to it and keeps the edits not yet saved', async () => {
    const user = userEvent.setup();
    const { form, savedElsewhere } = show();
    await user.selectOptions(within(form).getByLabelText('Mode', { exact: true }), 'lazy');
    // Half-typed (not yet a value that can be saved), it is kept too.
    await user.clear(within(form).getByLabelText('Tool budget per request'));
    savedElsewhere({ ...base, naming: 'slash', limits: { ...base.limits, retrieveK: 4 } });
    expect((within(form).getByLabelText('Mode', { exact: true }) as HTMLSelectElement).value).toBe('lazy');
    expect((within(form).getByLabelText('Tool names') as HTMLSelectElement).value).toBe('slash');
    expect((within(form).getByLabelText('Tools per search') as HTMLInputElement).value).toBe('4');
    expect((within(form).getByLabelText('Tool budget per request') as HTMLInputElement).value).toBe('');
  });

  it('argument checks: each mode says what it does with a call, and the plan shows the change before it is saved', async () => {
    const user = userEvent.setup();
    const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      if (String(input).endsWith('/surface/plan')) {
        const changes = [{ path: 'argumentChecks', before: base.argumentChecks, after: body.surface.argumentChecks }];
        return json({
          current: base,
          proposed: body.surface,
          changes,
          lists: [
            {
              proxy: null,
              identity: { token: null, client: null },
              deniedByPolicy: 0,
              before: 5,
              after: 5,
              gained: { total: 0, names: [] },
              lost: { total: 0, names: [] },
              budget: { toolBudget: 30, counted: 5, overBy: 0, message: null },
            },
          ],
        });
      }
      return json({
        id: 'shop',
        description: '',
        metaTools: [],
        retentionDays: null,
        surface: body.surface,
        createdAt: '2026-12-01T09:00:00.000Z',
        updatedAt: '2026-12-01T09:00:00.000Z',
      });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettingsForm projectId="shop" surface={base} />
      </QueryClientProvider>,
    );
    const form = screen.getByTestId('settings-form');
    const checks = within(form).getByLabelText('Argument checks') as HTMLSelectElement;
    expect(checks.value).toBe('observe');
    const words = within(form).getByTestId('argument-check-words');
    expect(words.textContent).toContain('Every call goes through to the server');
    await user.selectOptions(checks, 'off');
    expect(words.textContent).toContain('No check');
    await user.selectOptions(checks, 'enforce');
    expect(words.textContent).toContain('is not sent: the model gets an error naming each problem');
    expect(words.textContent).toContain('A key the schema does not declare is recorded but still sent');

    await user.click(within(form).getByRole('button', { name: 'Review the change…' }));
    expect((await within(form).findByTestId('plan-fields')).textContent).toBe('Argument checks: observe → enforce');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PATCH')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ surface: { ...base, argumentChecks: 'enforce' }, expectedSurface: base });
  });
});
