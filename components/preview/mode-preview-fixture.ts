import type { ModePreview } from '@/lib/surface/preview';
import type { ModeList } from './use-mode-list';

/** A mode preview with nothing wrong and nothing in it, for component tests to fill in. */
export function modePreviewFixture(overrides: Partial<ModePreview> & Pick<ModePreview, 'mode'>): ModePreview {
  return {
    count: 0,
    cap: 128,
    clientCap: null,
    fits: true,
    overBy: 0,
    warn: false,
    problems: [],
    longDescriptions: 0,
    tokens: { tokens: 0, method: 'openai-functions', placeholdersExcluded: 0, methodDescription: 'o200k_base' },
    // Nothing deferred unless a test says so: every tool the model receives is sent in full.
    visibility: {
      defers: 'nothing',
      full: overrides.count ?? 0,
      name: 0,
      hidden: 0,
      cut: 0,
      tokensUpFront: 0,
      tokensPerSearch: null,
      method: 'o200k_base',
      search: null,
      notes: [],
    },
    refused: { client: 0, provider: 0 },
    renamed: 0,
    tooLong: 0,
    collisions: 0,
    unknown: 0,
    requestRefused: null,
    fix: null,
    leftOut: [],
    lost: { count: 0, tools: [] },
    notes: [],
    instruction: null,
    revision: { differs: false, plain: 'The same on both revisions: this list never depended on a session.' },
    budget: { toolBudget: 30, counted: overrides.count ?? 0, overBy: 0, message: null },
    page: { offset: 0, limit: null, sort: 'position.asc', filter: '', matching: overrides.tools?.length ?? 0 },
    tools: [],
    ...overrides,
  };
}

/** The opened list as useModeList gives it, showing `preview` (a page of it) as the first page; for component tests. */
export function modeListFixture(preview: ModePreview | undefined, overrides: Partial<ModeList> = {}): ModeList {
  const shown = preview?.tools.length ?? 0;
  const matching = preview?.page.matching ?? 0;
  return {
    query: { data: preview, error: null, isError: false, isPending: preview === undefined, refetch: () => {} },
    busy: false,
    search: '',
    setSearch: () => {},
    searched: preview?.page.filter ?? '',
    page: 1,
    pager: { first: shown > 0 ? 1 : 0, last: shown, total: matching, hasPrevious: false, hasNext: shown < matching, onPrevious: () => {}, onNext: () => {} },
    sort: null,
    onSortChange: () => {},
    ...overrides,
  };
}
