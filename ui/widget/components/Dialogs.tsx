/** The forms and dialogs the chat state asks for (SPEC §2 "elements implied by state"). */
export function Dialogs() {
  return null;
}
