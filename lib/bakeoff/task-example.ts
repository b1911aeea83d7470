import { BAKEOFF_LIMITS } from '@/lib/limits';

/**
 * The tasks file a bake-off reads, by example: `favindex bakeoff --help` and the Bake-off page
 * show this same text, and a test parses it, so what they show is a file that works.
 */
export const TASK_FILE_EXAMPLE = `tasks:
  - id: weekly-report               # letters, digits, _ . -; once per file
    prompt: Run the sales report for the week starting 2026-01-05
    target: reports/run_report      # the server/tool the model should call
    arguments:                      # checks on its arguments, all optional:
      required: [startDate]         #   keys it must send
      equals:                       #   values it must send exactly
        startDate: "2026-01-05"
    fixtures:                       # what a tool answers (any other: {"ok": true})
      reports/run_report: { total: 1200 }
  - id: new-contact
    thread:                         # a conversation instead of a prompt, the user last
      - { role: user, content: "Ada Lovelace, ada@example.com, wants in" }
      - { role: assistant, content: "Shall I add her to the CRM?" }
      - { role: user, content: "Yes" }
    target: crm/create_contact
    arguments:
      schema:                       #   a JSON Schema fragment they must fit
        required: [email]
        properties: { email: { const: ada@example.com } }
    maxTurns: 6                     # model turns before the run stops (default ${BAKEOFF_LIMITS.defaultTaskTurns})
`;
