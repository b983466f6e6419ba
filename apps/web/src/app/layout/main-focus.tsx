import { useEffect, type MouseEvent } from 'react';
import Box from '@mui/material/Box';

export const MAIN_ID = 'main-content';

/** Moves focus to the screen's h1 (made focusable by script only), else to <main>. */
const focusMain = (): boolean => {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  const target = main.querySelector<HTMLElement>('h1') ?? main;
  if (!target.hasAttribute('tabindex')) {
    target.setAttribute('tabindex', '-1');
    // A heading is no control: no focus ring on it (the screen reader still starts reading there).
    target.style.outline = 'none';
  }
  target.focus();
  return document.activeElement === target;
};

/**
 * On signing in (the layout mounts) focus goes to the first screen's h1 once it has rendered, so a
 * screen-reader user hears where they are; not if they have already moved focus themselves.
 */
export const useFocusMainOnMount = () => {
  useEffect(() => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const untouched = () => document.activeElement === document.body || document.activeElement === null;
    if (main.querySelector('h1')) {
      if (untouched()) focusMain();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!main.querySelector('h1')) return;
      observer.disconnect();
      if (untouched()) focusMain();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
};

/** The first thing Tab reaches: hidden until focused, it jumps past the navigation to the screen's heading. */
export const SkipLink = () => {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMain();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={handleClick}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        transform: 'translateY(-150%)',
        '&:focus': { transform: 'none', outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      Skip to content
    </Box>
  );
};
