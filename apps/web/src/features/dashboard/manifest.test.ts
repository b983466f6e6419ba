import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const web = resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(resolve(web, 'public/manifest.webmanifest'), 'utf8')) as {
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; purpose: string }[];
};

describe('installable on phones (issue 13)', () => {
  it('opens full-screen on the dashboard with the theme colour of the page', () => {
    expect(manifest.start_url).toBe('/dashboard');
    expect(manifest.display).toBe('fullscreen');
    const html = readFileSync(resolve(web, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
  });

  it('has 192 and 512 px icons and a maskable one, and every file it names exists', () => {
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons)
      expect(existsSync(resolve(web, 'public', icon.src.slice(1))), icon.src).toBe(true);
  });
});
