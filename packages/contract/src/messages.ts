/** User-facing error texts fixed by docs/product.md §8. */
export const MESSAGES = {
  unexpected: 'An unexpected error occurred',
  network: 'Network error or request was cancelled',
  loginFailed: 'Login failed. Please try again.',
  routeError: 'Unexpected Application Error!',
  notificationsError: 'Error loading notifications',
} as const;
