import { ARGUMENT_CLASSES, type ArgumentCheckMode, type ArgumentClass, type FailureClass } from './classes';

/** Each failure class in plain words (§arguments): a short label for a column, and what it means. */
export const FAILURE_CLASS_WORDS: Record<FailureClass, { label: string; description: string }> = {
  ok: { label: 'Ok', description: 'named a real tool, with arguments that broke nothing, and the server answered' },
  invented_tool: { label: 'Invented tool', description: 'named a tool that resolves to nothing in the catalog' },
  invented_server: { label: 'Invented server', description: 'mcp_invoke_tool named a server the project does not have' },
  unknown_op: { label: 'Unknown op', description: 'called a router with an op it does not have; no server saw it' },
  missing_required: { label: 'Missing required', description: 'left out a key the schema requires' },
  unexpected_param: { label: 'Unexpected key', description: 'sent a key the schema does not declare' },
  type_error: { label: 'Wrong type', description: 'sent a value of the wrong type' },
  value_error: { label: 'Wrong value', description: 'sent a value the schema refuses: enum, format, range, length or pattern' },
  server_error: { label: 'Server error', description: 'was well-formed and failed at the server or on the way to it' },
};

/** Each argument-check mode as a choice reads: its name and what it does in a few words. */
export const ARGUMENT_CHECK_LABELS: Record<ArgumentCheckMode, string> = {
  off: 'off: no check',
  observe: 'observe: record mistakes',
  enforce: 'enforce: refuse blocking mistakes',
};

/** What each argument-check mode does with a call, in plain words. */
export const ARGUMENT_CHECK_WORDS: Record<ArgumentCheckMode, string> = {
  off: 'No check: every call goes to the server as the model sent it, and nothing is recorded about its arguments.',
  observe: 'Every call goes through to the server; a wrong, missing or mistyped argument is recorded, and Usage shows why calls fail.',
  enforce:
    'A call whose arguments break the tool’s schema is not sent: the model gets an error naming each problem (“did you mean startDate?”) and can try again. A key the schema does not declare is recorded but still sent, unless the schema forbids other keys.',
};

/** A wrong key as a person reads it: "$.start → startDate", or the key alone when nothing declared is close. */
export function wrongKeyText(key: { key: string; suggestion: string | null }): string {
  return key.suggestion === null ? key.key : `${key.key} → ${key.suggestion}`;
}

/** The argument mistakes among these calls, most calls first (ties in ARGUMENT_CLASSES order): what to fix first. */
export function commonMistakes(classes: Readonly<Record<FailureClass, number>>): { class: ArgumentClass; calls: number }[] {
  return ARGUMENT_CLASSES.filter((c) => classes[c] > 0)
    .map((c) => ({ class: c, calls: classes[c] }))
    .sort((a, b) => b.calls - a.calls);
}
