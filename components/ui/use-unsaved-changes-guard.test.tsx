import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leaveQuestion, useUnsavedChangesGuard } from './use-unsaved-changes-guard';

function Form({ unsaved }: { unsaved: boolean }) {
  useUnsavedChangesGuard(unsaved, 'Settings');
  return (
    <>
      <a href="/projects/p/policy">Policy</a>
      <a href="/api/projects/p/yaml?download=1" download="p.yaml">
        Download
      </a>
    </>
  );
}

/** Clicks the link as a person would; whether the browser would still follow it. */
const follows = (name: string) => fireEvent.click(screen.getByRole('link', { name }));

/** The person's answer to the confirm dialog (jsdom has none of its own). */
function stubConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  vi.stubGlobal('confirm', confirm);
  return confirm;
}

afterEach(() => vi.unstubAllGlobals());

describe('an unsaved edit is not dropped without asking', () => {
  it('asks before a link leaves, and stays when the person keeps the edit', () => {
    const confirm = stubConfirm(false);
    render(<Form unsaved />);
    expect(follows('Policy')).toBe(false);
    expect(confirm).toHaveBeenCalledWith(leaveQuestion('Settings'));
    expect(leaveQuestion('Settings')).toBe('Settings has changes you have not saved. Leave and discard them?');
  });

  it('leaves when the person discards', () => {
    stubConfirm(true);
    render(<Form unsaved />);
    expect(follows('Policy')).toBe(true);
  });

  it('asks nothing with nothing unsaved, nor for a download', () => {
    const confirm = stubConfirm(true);
    const { rerender } = render(<Form unsaved={false} />);
    expect(follows('Policy')).toBe(true);
    rerender(<Form unsaved />);
    expect(follows('Download')).toBe(true);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks the browser to hold a reload while unsaved, and lets it go once saved', () => {
    const { rerender } = render(<Form unsaved />);
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(false);
    rerender(<Form unsaved={false} />);
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
  });
});
