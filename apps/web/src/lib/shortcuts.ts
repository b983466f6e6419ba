/** The id of the client search box: the keyboard shortcut finds it on the screen (docs/decisions/0620). */
export const CLIENT_SEARCH_ID = 'client-search';

/** What the search box's placeholder says about the shortcut. */
export const CLIENT_SEARCH_HINT = 'press / or Ctrl+K';

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'time']);

/** Typing goes somewhere here: "/" is a character, not a shortcut. */
export const isTextEntry = (target: EventTarget | null): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type);
  return ['textbox', 'combobox', 'searchbox'].includes(target.getAttribute('role') ?? '');
};

/** "/" outside a text field, or Ctrl+K (⌘K on a Mac) anywhere. */
export const isClientSearchShortcut = (event: KeyboardEvent): boolean => {
  if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k')
    return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTextEntry(event.target);
};
