/** Build-time settings, read once. The API lives on the same origin under /api unless VITE_API_URL says otherwise. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

export const API_URL = trimSlash(import.meta.env.VITE_API_URL?.trim() || '/api');
