/** What a person types into or picks from, skipping MUI's hidden helpers (aria-hidden, tabindex -1). */
const FIELD = [
  'input:not([type="hidden"]):not([disabled])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[role="combobox"]:not([aria-disabled="true"])',
]
  .map((selector) => `${selector}:not([aria-hidden="true"]):not([tabindex="-1"])`)
  .join(', ');

/**
 * A ref callback for a dialog's content: focus starts in its first field (docs/decisions/0620),
 * not on the dialog's frame. It runs as the content mounts, before MUI's focus trap, which then
 * leaves focus where it is since it is already inside the dialog.
 */
export const focusFirstField = (node: HTMLElement | null) => {
  node?.querySelector<HTMLElement>(FIELD)?.focus();
};
