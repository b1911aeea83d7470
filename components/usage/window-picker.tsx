'use client';

import { useState, type FormEvent } from 'react';
import { PRESET_WINDOWS, type WindowChoice } from './window-choice';
import segmented from '@/components/ui/segmented.module.css';

/** 7d / 30d / 90d / custom, and all calls or only ok ones. */
export function WindowPicker({ choice, onChange }: { choice: WindowChoice; onChange: (next: WindowChoice) => void }) {
  const [customOpen, setCustomOpen] = useState(choice.kind === 'custom');
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(choice.kind === 'custom' ? choice.from : '');
  const [to, setTo] = useState(choice.kind === 'custom' ? choice.to : today);

  function applyCustom(e: FormEvent) {
    e.preventDefault();
    if (from && to && from <= to) onChange({ kind: 'custom', from, to, status: choice.status });
  }

  return (
    <div className="row">
      <div className={segmented.group} role="group" aria-label="Window">
        {PRESET_WINDOWS.map((w) => {
          const active = choice.kind === 'preset' && choice.window === w && !customOpen;
          return (
            <button
              key={w}
              type="button"
              aria-pressed={active}
              onClick={() => {
                setCustomOpen(false);
                onChange({ kind: 'preset', window: w, status: choice.status });
              }}
            >
              {w}
            </button>
          );
        })}
        <button type="button" aria-pressed={customOpen || choice.kind === 'custom'} onClick={() => setCustomOpen(true)}>
          Custom
        </button>
      </div>
      {customOpen ? (
        <form className="row" onSubmit={applyCustom} aria-label="Custom window">
          <label className="row small muted">
            From
            <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className="row small muted">
            To
            <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required />
          </label>
          <button type="submit" disabled={!from || !to || from > to}>
            Apply
          </button>
        </form>
      ) : null}
      <span className="spacer" />
      <label className="row small muted">
        Count
        <select
          value={choice.status}
          onChange={(e) => onChange({ ...choice, status: e.target.value === 'ok' ? 'ok' : 'all' })}
          aria-label="Which calls to count"
        >
          <option value="all">all calls</option>
          <option value="ok">ok calls only</option>
        </select>
      </label>
    </div>
  );
}
