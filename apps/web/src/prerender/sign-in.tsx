import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { App } from '../app/app';
import { AppProvider } from '../app/provider';
import { theme } from '../config/theme';

/**
 * Before the code runs Material UI cannot move a label out of the way of what is typed, nor mark
 * the focused field: the browser's own states do it here (focused, filled: the fields are
 * required, so a filled one is `:valid`, or autofilled), as Material UI's classes do afterwards;
 * each rule stands down once those classes are there.
 */
const beforeTheCode = (primary: string) => {
  const field = '[data-prerendered] .MuiFormControl-root';
  const active = `${field}:has(input:is(:focus, :valid, :autofill))`;
  return [
    `${active} > .MuiInputLabel-outlined:not(.MuiInputLabel-shrink){transform:translate(14px,-9px) scale(0.75);max-width:calc(133% - 32px)}`,
    `${active} .MuiOutlinedInput-notchedOutline > legend{max-width:100%}`,
    `${field}:has(input:focus) > .MuiInputLabel-outlined:not(.Mui-focused){color:${primary}}`,
    `${field} .MuiOutlinedInput-root:not(.Mui-focused):has(input:focus) > .MuiOutlinedInput-notchedOutline{border-color:${primary};border-width:2px}`,
    `${field} .MuiOutlinedInput-root:not(.Mui-focused):has(input:focus-visible){outline:2px solid ${primary};outline-offset:2px}`,
  ].join('');
};

/**
 * The signed-out screen as HTML, run once at build time (decision 1061): the same tree main.tsx
 * renders, so the browser's `hydrateRoot` takes the markup over as it is (same element ids), and
 * the Material UI styles it uses, read from an Emotion cache instead of inserted inline.
 * Without a session hint (there is no document here) the guard renders the sign-in form at once.
 */
export const renderSignIn = () => {
  const cache = createCache({ key: 'css' });
  // Styles go to `cache.inserted` as text instead of <style> elements beside each component.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <StrictMode>
        <AppProvider>
          <App />
        </AppProvider>
      </StrictMode>
    </CacheProvider>,
  );
  const names: string[] = [];
  let css = '';
  for (const [name, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    names.push(name);
    css += rules;
  }
  return { html, css: css + beforeTheCode(theme.palette.primary.main), names };
};
