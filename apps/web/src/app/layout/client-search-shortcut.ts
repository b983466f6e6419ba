import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { CLIENT_SEARCH_ID, isClientSearchShortcut } from '../../lib/shortcuts';

/**
 * "/" or Ctrl/⌘+K from any screen: focus the client search where the screen has one (the
 * dashboard, /clients), else open /clients, whose search box takes focus as it opens. Not while a
 * dialog or menu is open: that keeps the keyboard to itself (docs/decisions/0620).
 */
export const useClientSearchShortcut = () => {
  const navigate = useNavigate();
  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isClientSearchShortcut(event)) return;
      if (document.querySelector('[role="dialog"], [role="menu"], [role="presentation"].MuiModal-root')) return;
      event.preventDefault();
      const search = document.getElementById(CLIENT_SEARCH_ID);
      if (search instanceof HTMLInputElement) {
        search.focus();
        search.select();
      } else void navigate(paths.clients);
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [navigate]);
};
