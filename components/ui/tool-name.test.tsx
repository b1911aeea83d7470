import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nameParts, ToolName } from './tool-name';

describe('ToolName', () => {
  it('offers a line break after each / _ and ., never inside a word', () => {
    expect(nameParts('github/create_or_update_file')).toEqual(['github/', 'create_', 'or_', 'update_', 'file']);
    expect(nameParts('all/gitlab/search')).toEqual(['all/', 'gitlab/', 'search']);
    expect(nameParts('github__create_issue')).toEqual(['github_', '_', 'create_', 'issue']);
    expect(nameParts('ping')).toEqual(['ping']);
  });

  it('keeps the name as its text', () => {
    const { container } = render(<ToolName name="github/create_issue" />);
    expect(container.textContent).toBe('github/create_issue');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
  });
});
