import { describe, expect, it } from 'vitest';
import { TARGET_IDS } from '@/lib/schemas/surface-config';
import { CLIENT_IDS } from './clients';
import { CLIENT_TARGETS, targetForClient } from './client-targets';

describe('client × target pairs', () => {
  it('offers Claude Code and Claude Desktop Anthropic only, and Cursor its own servers', () => {
    expect(CLIENT_TARGETS['claude-code'].targets).toEqual(['anthropic']);
    expect(CLIENT_TARGETS['claude-desktop'].targets).toEqual(['anthropic']);
    expect(CLIENT_TARGETS.cursor.targets).toEqual(['cursor']);
    expect(CLIENT_TARGETS['claude-code'].targets).not.toContain('openai');
  });

  it('keeps every pair as data with a reason and a source, and every client reaches at least one target', () => {
    for (const client of CLIENT_IDS) {
      const pairs = CLIENT_TARGETS[client];
      expect(pairs.targets.length, client).toBeGreaterThan(0);
      for (const t of pairs.targets) expect(TARGET_IDS).toContain(t);
      expect(pairs.why, client).toMatch(/\w+.*\.$/);
      expect(pairs.source, client).not.toBe('');
    }
    // With no client in between, any provider.
    expect(CLIENT_TARGETS.raw.targets).toEqual(TARGET_IDS);
  });

  it('falls back from an impossible pair to the client’s own target, saying why', () => {
    expect(targetForClient('claude-code', 'openai')).toEqual({
      target: 'anthropic',
      fallback: expect.stringMatching(
        /^Claude Code does not talk to OpenAI, so this preview is at Anthropic\. Claude Code sends its requests to Anthropic’s API/,
      ),
    });
    expect(targetForClient('cursor', 'custom').fallback).toMatch(/^Cursor does not talk to a provider with a custom cap, so this preview is at Cursor\./);
    expect(targetForClient('codex', 'azure-openai')).toEqual({ target: 'azure-openai', fallback: null });
    expect(targetForClient('raw', 'windsurf')).toEqual({ target: 'windsurf', fallback: null });
  });
});
