import type { ArgumentProblem } from './classes';

/** The envelope an enforced refusal carries, as the API's errors do (§errors). */
export interface InvalidArgumentsEnvelope {
  error_code: 'INVALID_ARGUMENTS';
  message: string;
  retryable: true;
  suggested_action: string;
  cited_rule: '§arguments';
  details: { tool: string; problems: ArgumentProblem[] };
}

/**
 * The answer to a call refused for its arguments (enforce mode): a tool execution error, so
 * the model reads it and corrects itself (MCP since 2025-11-25), naming each problem by its
 * path, with the key it likely meant, and the same facts as an error envelope for programs.
 */
export function invalidArgumentsAnswer(
  tool: string,
  problems: readonly ArgumentProblem[],
  suggested = 'Call the tool again with the arguments corrected as listed; keys are case-sensitive.',
): { text: string; envelope: InvalidArgumentsEnvelope } {
  // The refusal is for the blocking problems, but a key the schema merely did not declare is
  // usually the reason (`start` sent for the missing `startDate`): every problem is named.
  const shown = problems;
  const lines = shown.map((p) => `- ${p.path}: ${problemText(p)}`);
  const count = shown.length === 1 ? '1 problem' : `${shown.length} problems`;
  const message = `The arguments of ${tool} do not match its inputSchema (${count}), so it was not called.`;
  return {
    text: [message, ...lines, suggested].join('\n'),
    envelope: {
      error_code: 'INVALID_ARGUMENTS',
      message,
      retryable: true,
      suggested_action: suggested,
      cited_rule: '§arguments',
      details: { tool, problems: [...problems] },
    },
  };
}

function problemText(problem: ArgumentProblem): string {
  switch (problem.class) {
    case 'missing_required':
      return 'required, and missing';
    case 'unexpected_param':
      return problem.suggestion ? `not a parameter of this tool; did you mean \`${problem.suggestion}\`?` : 'not a parameter of this tool';
    case 'type_error':
      return `wrong type: ${problem.expected ?? 'see the inputSchema'}`;
    case 'value_error':
      return `wrong value: ${problem.expected ?? 'see the inputSchema'}`;
  }
}
